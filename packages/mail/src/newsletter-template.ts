import { randomBytes } from 'node:crypto';
import { type NewsletterIssueView, renderNewsletterEmail } from './newsletter-email';
import { escapeHtml } from './paragraphs-html';

/*
 * An issue rendered once for many recipients: React Email renders it with a placeholder where each signed link
 * of a copy goes, and each copy is that HTML and text with this delivery's links put in. A placeholder is
 * uppercase letters and digits only (HTML escaping and the plain-text conversion, which uppercases headings,
 * leave it as it is) and carries a random nonce, so no text of the story can pass for one.
 */

/** A link made per delivery: unsubscribe, the open pixel, the email-settings link, or a click redirect. */
export type NewsletterLinkSlot =
  | { kind: 'unsubscribe' | 'open' | 'manage' }
  | { kind: 'click'; target: string };

/** An issue rendered with placeholders, and the link each one stands for. */
export interface NewsletterTemplate {
  html: string;
  text: string;
  slots: readonly NewsletterLinkSlot[];
  /** Matches every placeholder; its group is the slot's index. */
  placeholder: RegExp;
}

/** Renders the view `build` makes with placeholder links (`link(slot)` returns one), once. */
export async function renderNewsletterTemplate(
  build: (link: (slot: NewsletterLinkSlot) => string) => NewsletterIssueView,
): Promise<NewsletterTemplate> {
  const nonce = randomBytes(8).toString('hex').toUpperCase();
  const slots: NewsletterLinkSlot[] = [];
  const view = build((slot) => `QLINK${nonce}X${slots.push(slot) - 1}Q`);
  const { html, text } = await renderNewsletterEmail(view);
  return { html, text, slots, placeholder: new RegExp(`QLINK${nonce}X(\\d+)Q`, 'g') };
}

/** One recipient's HTML and text: each placeholder replaced by `urlOf` its slot (escaped in the HTML). */
export function fillNewsletterTemplate(
  template: NewsletterTemplate,
  urlOf: (slot: NewsletterLinkSlot) => string,
): { html: string; text: string } {
  const urls = template.slots.map(urlOf);
  const escaped = urls.map(escapeHtml);
  return {
    html: template.html.replace(template.placeholder, (_, i: string) => escaped[Number(i)]!),
    text: template.text.replace(template.placeholder, (_, i: string) => urls[Number(i)]!),
  };
}
