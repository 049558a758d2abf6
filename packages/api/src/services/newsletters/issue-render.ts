import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsletterDelivery, NewsletterEmail, User } from '@quire/db';
import { type EmailSetting, LIST_UNSUBSCRIBE_POST, newsletterEmailTexts } from '@quire/domain';
import {
  type EmailLinkSigner,
  emailSettingsUrl,
  newsletterClickUrl,
  newsletterOpenUrl,
  newsletterUnsubscribeUrl,
  type OutgoingNewsletterMail,
  paragraphsHtml,
  renderNewsletterEmail,
} from '@quire/mail';
import { can, loadPolicyViewer, policyViewer } from '../../policies';
import { lockedPreview, postPath } from '../posts';

/*
 * One recipient's copy of an issue: the story in full or, for a members-only story the recipient may not read
 * (the policy's readListedText decides, as for any reader), its locked preview and a link to the rest; the
 * newsletter's name, the story's link, and this delivery's signed unsubscribe link in the footer and headers.
 */

/** The setting a subscriber turns off to stop a kind of newsletter (spec §3 notification booleans). */
export const newsletterSetting = (issue: NewsletterEmail): EmailSetting =>
  issue.newsletter.type === 'AUTHOR' ? 'emailAuthorNewsletterV3' : 'emailNewsletterV3';

/** The host Message-IDs are made under: the public URL's. */
const messageHost = (publicUrl: string) => {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
};

/** Spec-free but fixed: the Message-ID of a delivery, the same on every attempt so a resend is one message. */
export const deliveryMessageId = (deliveryId: string, publicUrl: string) =>
  `<newsletter.${deliveryId}@${messageHost(publicUrl)}>`;

/** Whether the recipient gets the whole story: an open story, or one the policy lets them read. */
async function readsWholeStory(em: EntityManager, issue: NewsletterEmail, user: User | null) {
  const post = issue.post;
  if (!post || (!post.isLocked && post.visibility !== 'LOCKED')) return true;
  const viewer = user ? await loadPolicyViewer(em, user) : policyViewer(null);
  return can(viewer, 'readListedText', post);
}

/**
 * The email a delivery sends. The issue is loaded with its newsletter, post (creator, collection); the delivery
 * with its subscription's user.
 */
export async function renderDelivery(
  em: EntityManager,
  issue: NewsletterEmail,
  delivery: NewsletterDelivery,
  opts: { from: string; links: EmailLinkSigner },
): Promise<OutgoingNewsletterMail> {
  const { links } = opts;
  const base = links.publicUrl.replace(/\/+$/, '');
  const newsletter = issue.newsletter;
  const tracked = newsletter.trackEngagement;
  const link = (href: string) => (tracked ? newsletterClickUrl(links, delivery.id, href) : href);
  const user = delivery.subscription?.user ?? null;
  const post = issue.post ?? null;
  const whole = await readsWholeStory(em, issue, user);
  const paragraphs = post
    ? whole
      ? post.content.paragraphs
      : lockedPreview(post.content)
    : (issue.body?.paragraphs ?? []);
  const unsubscribeUrl = newsletterUnsubscribeUrl(links, delivery.id);
  const manageUrl = user
    ? emailSettingsUrl(links, user.id, newsletterSetting(issue))
    : `${base}/me/newsletters`;
  const { html, text } = await renderNewsletterEmail({
    newsletterName: newsletter.name,
    title: post ? post.title || newsletterEmailTexts.untitled : issue.subject,
    subtitle: post?.subtitle ?? null,
    byline: post ? newsletterEmailTexts.by(post.creator.name) : null,
    storyUrl: post ? link(`${base}${postPath(post)}`) : null,
    bodyHtml: paragraphsHtml(paragraphs, base, link),
    locked: !whole,
    unsubscribeUrl,
    manageUrl,
    pixelUrl: tracked ? newsletterOpenUrl(links, delivery.id) : null,
  });
  return {
    from: `${newsletter.name.replace(/["\\\r\n]/g, '')} <${addressOf(opts.from)}>`,
    to: delivery.address,
    subject: issue.subject || post?.title || newsletter.name,
    html,
    text,
    messageId: deliveryMessageId(delivery.id, links.publicUrl),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST,
      'List-Id': `<${newsletter.id}.newsletters.${messageHost(links.publicUrl)}>`,
    },
  };
}

/** The bare address of a From header such as 'Quire <noreply@quire.example>'. */
function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1]! : from).trim();
}
