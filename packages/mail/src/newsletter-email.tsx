import { newsletterEmailTexts as texts } from '@quire/domain';
import { Link, Section, Text } from '@react-email/components';
import { EmailLayout, emailStyles } from './email-layout';
import { renderEmail } from './render-email';

/*
 * A newsletter issue as mailed, built with React Email: every style inline (mail clients drop <style>), and a
 * plain-text part rendered from the same tree. The story's HTML comes from paragraphsHtml; the links in it are
 * already what this recipient should get (click redirects when the newsletter tracks them).
 */

/** Everything one recipient's copy shows; the URLs are final (signed for this delivery). */
export interface NewsletterIssueView {
  newsletterName: string;
  /** The story's title, or null for an email composed for the subscribers. */
  title: string | null;
  subtitle: string | null;
  byline: string | null;
  /** The story's page, or null for a composed email. */
  storyUrl: string | null;
  /** The story's paragraphs as HTML (the preview only, for a members-only story the recipient may not read). */
  bodyHtml: string;
  /** Only the preview: a "Read the rest" link follows it. */
  locked: boolean;
  unsubscribeUrl: string;
  manageUrl: string;
  /** The open pixel, or null when the newsletter does not track opens. */
  pixelUrl: string | null;
}

/** Inline styles for the tags paragraphsHtml writes (it writes them bare, so a plain replace is exact). */
const BODY_TAG_STYLES: Record<string, string> = {
  p: 'font-size:18px;line-height:28px;margin:0 0 20px',
  h1: 'font-size:26px;line-height:32px;margin:28px 0 12px',
  h2: 'font-size:24px;line-height:30px;margin:28px 0 12px',
  h3: 'font-size:22px;line-height:28px;margin:24px 0 10px',
  h4: 'font-size:18px;line-height:26px;margin:20px 0 8px',
  ul: 'font-size:18px;line-height:28px;margin:0 0 20px;padding-left:24px',
  ol: 'font-size:18px;line-height:28px;margin:0 0 20px;padding-left:24px',
  li: 'margin:0 0 8px',
  blockquote: 'border-left:3px solid #242424;margin:0 0 20px;padding-left:20px;font-style:italic',
  pre: 'background:#f2f2f2;padding:16px;overflow-x:auto;font-size:14px;line-height:20px;margin:0 0 20px',
  figure: 'margin:0 0 20px',
  figcaption: 'font-size:14px;color:#6b6b6b;text-align:center;margin-top:8px',
  a: 'color:#242424;text-decoration:underline',
};

/** The story HTML with each of its tags styled inline. */
export function inlineBodyStyles(html: string): string {
  return html
    .replace(/<(p|h[1-4]|ul|ol|li|blockquote|pre|figure|figcaption)>/g, (_, tag: string) => {
      return `<${tag} style="${BODY_TAG_STYLES[tag]}">`;
    })
    .replace(/<a href=/g, `<a style="${BODY_TAG_STYLES.a}" href=`)
    .replace(/<img src=/g, '<img style="max-width:100%;height:auto" src=')
    .replace(/<hr>/g, '<hr style="border:none;border-top:1px solid #e6e6e6;margin:28px 0">');
}

function NewsletterIssue({ view }: { view: NewsletterIssueView }) {
  return (
    <EmailLayout
      preview={view.subtitle}
      footerWhy={texts.footerWhy(view.newsletterName)}
      footerLinks={[
        { href: view.unsubscribeUrl, label: texts.unsubscribe },
        { href: view.manageUrl, label: texts.manage },
      ]}
      pixelUrl={view.pixelUrl}
    >
      <Text style={emailStyles.eyebrow}>{view.newsletterName}</Text>
      {view.title ? (
        <Text style={emailStyles.title}>
          {view.storyUrl ? (
            <Link href={view.storyUrl} style={emailStyles.plainLink}>
              {view.title}
            </Link>
          ) : (
            view.title
          )}
        </Text>
      ) : null}
      {view.subtitle ? <Text style={emailStyles.subtitle}>{view.subtitle}</Text> : null}
      {view.byline ? <Text style={emailStyles.byline}>{view.byline}</Text> : null}
      <Section>
        {/* paragraphsHtml escapes every text and attribute it writes. */}
        <div dangerouslySetInnerHTML={{ __html: inlineBodyStyles(view.bodyHtml) }} />
      </Section>
      {view.storyUrl ? (
        <Section style={{ margin: '8px 0 24px' }}>
          <Link href={view.storyUrl} style={emailStyles.button}>
            {view.locked ? texts.readTheRest : texts.readOnline}
          </Link>
        </Section>
      ) : null}
    </EmailLayout>
  );
}

/** The HTML and plain-text parts of one recipient's copy of an issue. */
export async function renderNewsletterEmail(
  view: NewsletterIssueView,
): Promise<{ html: string; text: string }> {
  const element = <NewsletterIssue view={view} />;
  return renderEmail(element);
}
