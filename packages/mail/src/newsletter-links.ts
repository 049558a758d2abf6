import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailLinkSigner } from './unsubscribe';

/*
 * The signed links of a newsletter issue, one set per delivery (one recipient of one issue): unsubscribe from
 * the subscription it went to, the open pixel, and click redirects. Each is an HMAC with the app's secret over
 * its purpose and the delivery id (and, for a click, the target URL), so none can be made or altered without
 * the secret, and a click link redirects only to a URL the email itself contained.
 */

export type NewsletterLinkKind = 'unsubscribe' | 'open' | 'click';

/** Where the server serves them. */
export const NEWSLETTER_LINK_PATHS = {
  unsubscribe: '/_/newsletter/unsubscribe',
  open: '/_/newsletter/open',
  click: '/_/newsletter/click',
} as const satisfies Record<NewsletterLinkKind, string>;

/** The signature of one link of one delivery (the target URL is part of a click's). */
export function newsletterLinkSignature(
  secret: string,
  kind: NewsletterLinkKind,
  deliveryId: string,
  target = '',
): string {
  return createHmac('sha256', secret)
    .update(`newsletter-${kind}\n${deliveryId}\n${target}`)
    .digest('base64url');
}

/** True when `signature` signs this link (compared in constant time). */
export function verifyNewsletterLink(
  secret: string,
  kind: NewsletterLinkKind,
  deliveryId: string,
  signature: string,
  target = '',
): boolean {
  const expected = Buffer.from(newsletterLinkSignature(secret, kind, deliveryId, target));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const origin = (signer: EmailLinkSigner) => signer.publicUrl.replace(/\/+$/, '');

/** The one-click unsubscribe link of a delivery (GET shows a confirmation, POST unsubscribes: RFC 8058). */
export function newsletterUnsubscribeUrl(signer: EmailLinkSigner, deliveryId: string): string {
  const sig = newsletterLinkSignature(signer.secret, 'unsubscribe', deliveryId);
  return `${origin(signer)}${NEWSLETTER_LINK_PATHS.unsubscribe}/${encodeURIComponent(deliveryId)}/${sig}`;
}

/** The 1×1 open pixel of a delivery. */
export function newsletterOpenUrl(signer: EmailLinkSigner, deliveryId: string): string {
  const sig = newsletterLinkSignature(signer.secret, 'open', deliveryId);
  return `${origin(signer)}${NEWSLETTER_LINK_PATHS.open}/${encodeURIComponent(deliveryId)}/${sig}.gif`;
}

/** A click redirect to `target` (an absolute URL the email contains) for a delivery. */
export function newsletterClickUrl(signer: EmailLinkSigner, deliveryId: string, target: string): string {
  const sig = newsletterLinkSignature(signer.secret, 'click', deliveryId, target);
  return `${origin(signer)}${NEWSLETTER_LINK_PATHS.click}/${encodeURIComponent(deliveryId)}/${sig}?url=${encodeURIComponent(target)}`;
}
