import { Link, Section, Text } from '@react-email/components';
import { EmailLayout, emailStyles, type FooterLink } from './email-layout';
import { renderEmail } from './render-email';

/*
 * A digest as mailed (story, topic or notification digest), built with React Email like the newsletter issues:
 * sections of story links, and for the notification digest the counts per kind and the latest few. The texts
 * arrive resolved (packages/domain digests.ts); the links are made absolute and signed when it is sent.
 */

export interface DigestStoryView {
  title: string;
  /** "Writer" or "Writer in Publication". */
  byline: string;
  readingTime: string;
  url: string;
}

export interface DigestView {
  heading: string;
  sections: { title: string | null; stories: DigestStoryView[] }[];
  notifications: { counts: string[]; latestTitle: string; latest: string[]; link: FooterLink } | null;
  footerWhy: string;
  footerLinks: FooterLink[];
}

const styles = {
  heading: { ...emailStyles.title, fontSize: '24px', lineHeight: '30px', margin: '0 0 16px' },
  section: {
    fontSize: '13px',
    fontWeight: 700,
    letterSpacing: '0.04em',
    color: '#6b6b6b',
    margin: '24px 0 8px',
  },
  story: { fontSize: '18px', lineHeight: '24px', fontWeight: 700, margin: '0 0 4px' },
  meta: { fontSize: '14px', lineHeight: '20px', color: '#6b6b6b', margin: '0 0 16px' },
  line: { fontSize: '16px', lineHeight: '24px', margin: '0 0 4px' },
};

function Digest({ view }: { view: DigestView }) {
  const first = view.sections[0]?.stories[0]?.title ?? view.notifications?.counts[0] ?? null;
  return (
    <EmailLayout preview={first} footerWhy={view.footerWhy} footerLinks={view.footerLinks}>
      <Text style={styles.heading}>{view.heading}</Text>
      {view.sections.map((section) => (
        <Section key={section.title ?? ''}>
          {section.title ? <Text style={styles.section}>{section.title}</Text> : null}
          {section.stories.map((story) => (
            <Section key={story.url}>
              <Text style={styles.story}>
                <Link href={story.url} style={emailStyles.plainLink}>
                  {story.title}
                </Link>
              </Text>
              <Text style={styles.meta}>
                {story.byline} · {story.readingTime}
              </Text>
            </Section>
          ))}
        </Section>
      ))}
      {view.notifications ? (
        <Section>
          {view.notifications.counts.map((line) => (
            <Text key={line} style={styles.line}>
              {line}
            </Text>
          ))}
          <Text style={styles.section}>{view.notifications.latestTitle}</Text>
          {view.notifications.latest.map((line, i) => (
            <Text key={`${i}:${line}`} style={styles.line}>
              {line}
            </Text>
          ))}
          <Section style={{ margin: '16px 0 8px' }}>
            <Link href={view.notifications.link.href} style={emailStyles.button}>
              {view.notifications.link.label}
            </Link>
          </Section>
        </Section>
      ) : null}
    </EmailLayout>
  );
}

/** The HTML and plain-text parts of one digest. */
export async function renderDigestEmail(view: DigestView): Promise<{ html: string; text: string }> {
  const element = <Digest view={view} />;
  return renderEmail(element);
}

/** The outbox template name of a digest. */
export const DIGEST_TEMPLATE = 'digest';

/** A digest as the outbox keeps it: resolved texts, site paths (made absolute when sent), no credential. */
export interface DigestPayload {
  heading: string;
  sections: { title: string | null; stories: (Omit<DigestStoryView, 'url'> & { path: string })[] }[];
  notifications: {
    counts: string[];
    latestTitle: string;
    latest: string[];
    label: string;
    path: string;
  } | null;
  footerWhy: string;
  unsubscribeLabel: string;
  manageLabel: string;
}

/** Spec §2 /me/settings: where the signed-in reader manages every email setting. */
const SETTINGS_PATH = '/me/settings';

/**
 * The view of a queued digest: its paths under the public origin (kept relative without one), and the signed
 * email-settings link of the setting it was sent under, when there is one.
 */
export function digestViewOf(
  payload: DigestPayload,
  publicUrl: string,
  unsubscribeUrl: string | null,
): DigestView {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    heading: payload.heading,
    sections: payload.sections.map((s) => ({
      title: s.title,
      stories: s.stories.map(({ path, ...story }) => ({ ...story, url: `${base}${path}` })),
    })),
    notifications: payload.notifications && {
      counts: payload.notifications.counts,
      latestTitle: payload.notifications.latestTitle,
      latest: payload.notifications.latest,
      link: { href: `${base}${payload.notifications.path}`, label: payload.notifications.label },
    },
    footerWhy: payload.footerWhy,
    footerLinks: [
      ...(unsubscribeUrl ? [{ href: unsubscribeUrl, label: payload.unsubscribeLabel }] : []),
      { href: `${base}${SETTINGS_PATH}`, label: payload.manageLabel },
    ],
  };
}
