import { PRODUCT_NAME } from './messages';

/*
 * Texts of newsletter issues as mailed (spec §1 "subscribe to newsletters"), the signed unsubscribe page reached
 * from them (RFC 8058 one-click too), the per-story switch of the publish dialog and the stats page (spec §2
 * /newsletters/{newsletterV3Id}/stats). The spec names the features; the wording is ours.
 */

/** How many deliveries a fan-out writes in one statement, and a send job claims at once. */
export const NEWSLETTER_BATCH_SIZE = 500;

/** Retry delays of a delivery after a transient SMTP failure: 1 min, 5 min, 30 min, 2 h, then FAILED. */
export const NEWSLETTER_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000] as const;

/** How long a worker holds a claimed batch before another may take it back (it died, or hangs). */
export const NEWSLETTER_CLAIM_LEASE_MS = 10 * 60_000;

export const newsletterEmailTexts = {
  /** Under a members-only story's preview, for a subscriber who is not a member. */
  readTheRest: `Read the rest on ${PRODUCT_NAME}`,
  readOnline: `Read on ${PRODUCT_NAME}`,
  by: (name: string) => `By ${name}`,
  membersOnly: 'Members-only story',
  footerWhy: (newsletter: string) => `You get this email because you subscribed to ${newsletter}.`,
  unsubscribe: 'Unsubscribe',
  manage: 'Manage your email settings',
  untitled: 'Untitled story',
} as const;

/** The page the unsubscribe link of an issue opens (no sign-in needed). */
export const newsletterUnsubscribeTexts = {
  title: 'Unsubscribe',
  confirm: (newsletter: string) => `Stop getting ${newsletter} at this address?`,
  button: 'Unsubscribe',
  done: (newsletter: string) =>
    `You are unsubscribed from ${newsletter}. You will get no more of its emails.`,
  invalid:
    'This unsubscribe link is not valid. Open the link from a recent email, or sign in to manage your newsletters.',
} as const;

/** The publish dialog's per-story switch. */
export const publishEmailTexts = {
  emailSubscribers: (count: number) =>
    `Email this story to my ${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`,
} as const;

/** Spec §2 /newsletters/{newsletterV3Id}/stats. */
export const newsletterStatsTexts = {
  title: (newsletter: string) => `${newsletter}: issue stats`,
  intro: 'Every issue sent to the newsletter’s subscribers, newest first.',
  empty: 'No issue has been sent yet.',
  emptyHint: 'A story you publish with “Email this story” on is sent here as an issue.',
  columns: {
    issue: 'Issue',
    sent: 'Sent',
    recipients: 'Recipients',
    delivered: 'Delivered',
    bounced: 'Bounced',
    opens: 'Opens',
    clicks: 'Clicks',
    unsubscribes: 'Unsubscribes',
  },
  notTracked: 'not tracked',
  notTrackedNote: 'Opens and clicks are not tracked for this newsletter.',
  sending: 'Sending…',
  queued: 'Queued',
  composed: 'Email to subscribers',
  more: 'Show more',
} as const;
