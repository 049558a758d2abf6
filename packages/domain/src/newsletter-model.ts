/**
 * Not from the spec: the states of a newsletter issue. A composed email is a DRAFT until sent; QUEUED once its
 * recipients are written, SENDING while a worker works through them, SENT when none is left to try.
 */
export const NEWSLETTER_EMAIL_STATUSES = ['DRAFT', 'QUEUED', 'SENDING', 'SENT'] as const;
export type NewsletterEmailStatus = (typeof NEWSLETTER_EMAIL_STATUSES)[number];

/**
 * Not from the spec: one recipient's state. SKIPPED: the address was suppressed or unsubscribed before its turn;
 * BOUNCED: the mail server refused it for good (the address is then suppressed); FAILED: retries ran out.
 */
export const NEWSLETTER_DELIVERY_STATUSES = [
  'PENDING',
  'SENDING',
  'SENT',
  'SKIPPED',
  'BOUNCED',
  'FAILED',
] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

/** Why an address gets no more newsletters or digests. */
export const EMAIL_SUPPRESSION_REASONS = ['BOUNCE', 'COMPLAINT'] as const;
export type EmailSuppressionReason = (typeof EMAIL_SUPPRESSION_REASONS)[number];

/** How a subscription came about: the reader subscribed, or the newsletter's owner imported the address. */
export const NEWSLETTER_SUBSCRIPTION_SOURCES = ['READER', 'IMPORT'] as const;
export type NewsletterSubscriptionSource = (typeof NEWSLETTER_SUBSCRIPTION_SOURCES)[number];
