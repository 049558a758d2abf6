import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsletterEmail, User } from '@quire/db';
import { type EmailSetting, LIST_UNSUBSCRIBE_POST, newsletterEmailTexts } from '@quire/domain';
import {
  type EmailLinkSigner,
  emailSettingsUrl,
  fillNewsletterTemplate,
  type NewsletterIssueView,
  type NewsletterLinkSlot,
  type NewsletterTemplate,
  newsletterClickUrl,
  newsletterOpenUrl,
  newsletterUnsubscribeUrl,
  type OutgoingNewsletterMail,
  paragraphsHtml,
  renderNewsletterTemplate,
} from '@quire/mail';
import { can, loadPolicyViewers, policyViewer } from '../../policies';
import { lockedPreview, postPath } from '../posts';

/*
 * Recipients' copies of an issue: the story in full or, for a members-only story the recipient may not read
 * (the policy's readListedText decides, as for any reader), its locked preview and a link to the rest; the
 * newsletter's name, the story's link, and the delivery's signed links (unsubscribe in the footer and headers,
 * email settings, and when the newsletter tracks engagement the pixel and click redirects). Each variant of an
 * issue is rendered once (IssueRenderer); a copy is that rendering with its delivery's links put in.
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

/**
 * Which of `users` (the recipients with an account) get the whole story: all of them for an open story or a
 * composed email; for a members-only story, each one the policy lets read it (their facts loaded in one
 * statement). A recipient without an account is asked about as a visitor.
 */
export async function wholeStoryReaders(
  em: EntityManager,
  issue: NewsletterEmail,
  users: readonly User[],
): Promise<(user: User | null) => boolean> {
  const post = issue.post;
  if (!post || (!post.isLocked && post.visibility !== 'LOCKED')) return () => true;
  const viewers = await loadPolicyViewers(em, users);
  const visitor = can(policyViewer(null), 'readListedText', post);
  const readers = new Set(
    users.filter((u) => can(viewers.get(u.id)!, 'readListedText', post)).map((u) => u.id),
  );
  return (user) => (user ? readers.has(user.id) : visitor);
}

/** A copy's recipient: the delivery and the subscription's account, if any. */
export interface CopyRecipient {
  deliveryId: string;
  address: string;
  user: User | null;
}

/**
 * The issue as its recipients see it, with `link` making each link (a placeholder per delivery, or a final URL).
 * The issue is loaded with its newsletter and post (creator, collection).
 */
export function issueView(
  issue: NewsletterEmail,
  whole: boolean,
  base: string,
  link: (slot: NewsletterLinkSlot) => string,
): NewsletterIssueView {
  const tracked = issue.newsletter.trackEngagement;
  const click = (href: string) => (tracked ? link({ kind: 'click', target: href }) : href);
  const post = issue.post ?? null;
  const paragraphs = post
    ? whole
      ? post.content.paragraphs
      : lockedPreview(post.content)
    : (issue.body?.paragraphs ?? []);
  return {
    newsletterName: issue.newsletter.name,
    title: post ? post.title || newsletterEmailTexts.untitled : issue.subject,
    subtitle: post?.subtitle ?? null,
    byline: post ? newsletterEmailTexts.by(post.creator.name) : null,
    storyUrl: post ? click(`${base}${postPath(post)}`) : null,
    bodyHtml: paragraphsHtml(paragraphs, base, click),
    locked: !whole,
    unsubscribeUrl: link({ kind: 'unsubscribe' }),
    manageUrl: link({ kind: 'manage' }),
    pixelUrl: tracked ? link({ kind: 'open' }) : null,
  };
}

/** A delivery's signed URL for a slot of the issue. */
export function deliveryLink(
  links: EmailLinkSigner,
  issue: NewsletterEmail,
  recipient: CopyRecipient,
  slot: NewsletterLinkSlot,
): string {
  switch (slot.kind) {
    case 'click':
      return newsletterClickUrl(links, recipient.deliveryId, slot.target);
    case 'open':
      return newsletterOpenUrl(links, recipient.deliveryId);
    case 'unsubscribe':
      return newsletterUnsubscribeUrl(links, recipient.deliveryId);
    case 'manage':
      return recipient.user
        ? emailSettingsUrl(links, recipient.user.id, newsletterSetting(issue))
        : `${origin(links)}/me/newsletters`;
  }
}

const origin = (links: EmailLinkSigner) => links.publicUrl.replace(/\/+$/, '');

/** Renderings kept by one IssueRenderer (two variants of a few issues at once). */
const MAX_TEMPLATES = 32;

/** Renders issues once per variant (whole story or preview, and whether links are tracked) for a sending pass. */
export class IssueRenderer {
  private readonly templates = new Map<string, Promise<NewsletterTemplate>>();

  constructor(private readonly opts: { from: string; links: EmailLinkSigner }) {}

  /** The email a recipient gets: the variant's rendering with their signed links. */
  async copy(
    issue: NewsletterEmail,
    whole: boolean,
    recipient: CopyRecipient,
  ): Promise<OutgoingNewsletterMail> {
    const { links, from } = this.opts;
    const newsletter = issue.newsletter;
    const { html, text } = fillNewsletterTemplate(await this.template(issue, whole), (slot) =>
      deliveryLink(links, issue, recipient, slot),
    );
    const unsubscribeUrl = newsletterUnsubscribeUrl(links, recipient.deliveryId);
    return {
      from: `${newsletter.name.replace(/["\\\r\n]/g, '')} <${addressOf(from)}>`,
      to: recipient.address,
      subject: issue.subject || issue.post?.title || newsletter.name,
      html,
      text,
      messageId: deliveryMessageId(recipient.deliveryId, links.publicUrl),
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST,
        'List-Id': `<${newsletter.id}.newsletters.${messageHost(links.publicUrl)}>`,
      },
    };
  }

  /** The issue's rendering for a variant, made on first use (a failed one is tried again next time). */
  private template(issue: NewsletterEmail, whole: boolean): Promise<NewsletterTemplate> {
    const key = `${issue.id}:${whole ? 'whole' : 'preview'}:${issue.newsletter.trackEngagement}`;
    let template = this.templates.get(key);
    if (!template) {
      const base = origin(this.opts.links);
      template = renderNewsletterTemplate((link) => issueView(issue, whole, base, link));
      template.catch(() => this.templates.delete(key));
      // Bounded: a pass that meets many issues keeps the latest few.
      if (this.templates.size >= MAX_TEMPLATES) this.templates.delete(this.templates.keys().next().value!);
      this.templates.set(key, template);
    }
    return template;
  }
}

/** The bare address of a From header such as 'Quire <noreply@quire.example>'. */
function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1]! : from).trim();
}
