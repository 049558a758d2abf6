/*
 * Subscribing to and leaving newsletters (spec §1 "subscribe to newsletters", §8 toast styles NEWSLETTER_SUBSCRIBE,
 * SUBSCRIBE_SUCCESS, SUBSCRIBED_ALREADY, SUBSCRIBE_SELF, SUBSCRIBE_FAIL, NEWSLETTER_UNSUBSCRIBE). The spec names the
 * styles only; the wording is ours, apart from SUBSCRIBE_SELF's, which the policy's texts hold.
 */

/** Not from the spec: how long a subscription made by email waits before its confirmation may be mailed again. */
export const NEWSLETTER_CONFIRM_RESEND_MS = 10 * 60_000;

/** Not from the spec: the longest a confirmation link's token is (base64url of 32 random bytes is 43). */
export const NEWSLETTER_CONFIRM_TOKEN_MAX = 100;

/** What subscribing with one's account came to (spec §8: SUBSCRIBE_SUCCESS or SUBSCRIBED_ALREADY). */
export const SUBSCRIBE_OUTCOMES = ['SUBSCRIBED', 'SUBSCRIBED_ALREADY'] as const;
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** Texts of the Subscribe button, its dialog, the landing pages and /me/newsletters. */
export const newsletterSubscribeTexts = {
  subscribe: 'Subscribe',
  subscribed: 'Subscribed',
  /** The envelope button's accessible name. */
  subscribeTo: (name: string) => `Get an email whenever ${name} publishes`,
  unsubscribeFrom: (name: string) => `Unsubscribe from ${name}`,
  /** Spec §8 SUBSCRIBE_SUCCESS. */
  subscribeSuccess: (name: string) => `You’re now subscribed to ${name}.`,
  /** Spec §8 NEWSLETTER_SUBSCRIBE: a visitor subscribed by email, who must confirm. */
  checkInbox: 'Almost there: check your inbox and open the link we sent to confirm your subscription.',
  /** Spec §8 SUBSCRIBED_ALREADY. */
  subscribedAlready: (name: string) => `You’re already subscribed to ${name}.`,
  /** Spec §8 SUBSCRIBE_FAIL. */
  subscribeFail: 'Sorry, that didn’t work. Please try subscribing again.',
  /** Spec §8 NEWSLETTER_UNSUBSCRIBE. */
  unsubscribed: (name: string) => `You’ve unsubscribed from ${name}.`,
  unsubscribe: 'Unsubscribe',
  dialogTitle: (name: string) => `Subscribe to ${name}`,
  dialogBody: 'Get new stories in your inbox. We’ll send a link to confirm your address first.',
  emailLabel: 'Your email',
  cancel: 'Cancel',
  landingTitle: (name: string) => `Subscribe to ${name}`,
  landingLead: (name: string) => `Get an email whenever ${name} publishes.`,
  subscriberCount: (count: number) => `${count.toLocaleString('en-US')} subscriber${count === 1 ? '' : 's'}`,
  pastIssues: 'Past issues',
  noPastIssues: 'No issue has gone out yet.',
  ownNewsletterNote: 'This is your newsletter: your subscribers get your new stories by email.',
  // /me/newsletters
  mineTitle: 'Newsletters',
  mineLead: 'The newsletters you get by email.',
  since: (date: string) => `Subscribed since ${date}`,
  emptyTitle: 'You’re not subscribed to any newsletter yet.',
  emptyBody: 'Subscribe to a writer or a publication with the envelope button next to Follow.',
  emptyAction: 'Find writers to read',
  yourNewsletter: 'Your newsletter',
  yourNewsletterLead: 'Your subscribers get your new stories by email.',
  importSubscribers: 'Import subscribers',
  exportSubscribers: 'Export subscribers',
  viewStats: 'View stats',
  // The confirmation email and the page its link lands on.
  confirmSubject: (name: string) => `Confirm your subscription to ${name}`,
  confirmText: (name: string, link: string) =>
    `Someone (we hope you) asked to get ${name} by email at this address.\n\nConfirm your subscription:\n${link}\n\nIf it wasn’t you, ignore this email: nothing will be sent without your confirmation.`,
  confirmedTitle: 'Subscription confirmed',
  confirmedBody: (name: string) => `You’re subscribed to ${name}. New issues will arrive in your inbox.`,
  confirmFailedTitle: 'This link does not work',
  confirmFailedBody:
    'This confirmation link is not valid or was already used. Subscribe again to get a new one.',
  // Refusals.
  noSuchWriter: 'This writer does not exist.',
  noNewsletter: 'This publication has no newsletter.',
  targetRequired: 'Name one newsletter: userId, collectionId or newsletterId.',
  invalidToken: 'This confirmation link is not valid or was already used.',
  needEmail: 'Add an email address to your account to get newsletters by email.',
} as const;
