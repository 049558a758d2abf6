import type { NotificationType } from './constants';
import type { EmailDigestFrequency } from './enums';

/*
 * Spec §3 notification settings (booleans on the user) and the email digest frequency, the emails each one
 * governs, and the texts of the settings section and the signed email-settings pages (spec §2
 * /me/email-settings/{userId}/{hash}, /me/unsubscribe-all-author-newsletters, /me/unsubscribe-all-newsletters).
 * The spec names the settings; the labels and the grouping are ours.
 */

/** Spec §3 notification settings: the user's email booleans, by their field names on the user. */
export const EMAIL_SETTINGS = [
  'allowAllEmails',
  'emailsEnabled',
  'emailFollower',
  'emailMention',
  'emailSocial',
  'emailCatalog',
  'emailCollection',
  'emailMembership',
  'emailNewsletterV3',
  'emailAuthorNewsletterV3',
  'emailTopicDigest',
  'emailProduct',
  'emailOutreach',
  'emailEditorialOutreach',
] as const;
export type EmailSetting = (typeof EMAIL_SETTINGS)[number];

/** One user's email settings: each boolean of spec §3 and the digest frequency. */
export type EmailSettings = Record<EmailSetting, boolean> & { emailDigestFrequency: EmailDigestFrequency };

/** The story digest is sent under the digest frequency: its unsubscribe link sets it to OFF. */
export const DIGEST_FREQUENCY_SETTING = 'emailDigestFrequency';
/** Every setting an email can be sent under, and so every setting a signed email link can name. */
export const EMAIL_LINK_SETTINGS = [...EMAIL_SETTINGS, DIGEST_FREQUENCY_SETTING] as const;
export type EmailLinkSetting = (typeof EMAIL_LINK_SETTINGS)[number];

/** The change that turns a setting off: a boolean to false, the digest frequency to OFF. */
export const settingOffPatch = (setting: EmailLinkSetting): Partial<EmailSettings> =>
  setting === DIGEST_FREQUENCY_SETTING ? { emailDigestFrequency: 'OFF' } : { [setting]: false };

/** Settings that only notification emails (activity on the user's work) also need `emailsEnabled` for. */
export const ACTIVITY_EMAIL_SETTINGS: readonly EmailSetting[] = [
  'emailFollower',
  'emailMention',
  'emailSocial',
  'emailCatalog',
  'emailCollection',
];

/**
 * What kind an email is: `security` mail (sign-in links and codes, password reset, address verification) and
 * `transactional` mail (receipts, a gift someone paid for) are always sent and carry no unsubscribe link;
 * every other email names the setting that must be on for it to be queued.
 */
export type EmailCategory = 'security' | 'transactional' | EmailLinkSetting;

/**
 * Whether an email of this setting may go to this user: `allowAllEmails` is off for none at all, activity
 * emails also need `emailsEnabled`, and then the setting itself must be on.
 */
export function emailAllowed(
  user: Record<EmailSetting, boolean> & { emailDigestFrequency?: EmailDigestFrequency },
  setting: EmailLinkSetting,
): boolean {
  if (!user.allowAllEmails) return false;
  if (setting === DIGEST_FREQUENCY_SETTING) return (user.emailDigestFrequency ?? 'OFF') !== 'OFF';
  if (setting === 'allowAllEmails') return true;
  if (ACTIVITY_EMAIL_SETTINGS.includes(setting) && !user.emailsEnabled) return false;
  return user[setting];
}

/** The notifications that are also emailed, and the setting each one needs (spec §3 notification settings). */
export const NOTIFICATION_EMAIL_SETTING: Partial<Record<NotificationType, EmailSetting>> = {
  users_following_you: 'emailFollower',
  users_following_you_rollup: 'emailFollower',
  mention_in_post: 'emailMention',
  mention_in_post_rollup: 'emailMention',
  response_created: 'emailSocial',
  response_created_rollup: 'emailSocial',
  note_replied: 'emailSocial',
  catalog_followed: 'emailCatalog',
  catalog_followed_rollup: 'emailCatalog',
  catalog_response_created: 'emailCatalog',
  collection_post_submitted: 'emailCollection',
  collection_post_submitted_rollup: 'emailCollection',
  collection_post_approved: 'emailCollection',
  collection_post_approved_rollup: 'emailCollection',
  collection_post_declined: 'emailCollection',
  collection_post_changes_requested: 'emailCollection',
};

/** Not from the spec: the one-click unsubscribe of a newsletter is honoured at once (within the spec's 24 hours). */
export const UNSUBSCRIBE_ALL_KINDS = ['newsletters', 'authorNewsletters'] as const;
export type UnsubscribeAllKind = (typeof UNSUBSCRIBE_ALL_KINDS)[number];

/** The setting each unsubscribe-all page turns off. */
export const UNSUBSCRIBE_ALL_SETTING: Record<UnsubscribeAllKind, EmailSetting> = {
  newsletters: 'emailNewsletterV3',
  authorNewsletters: 'emailAuthorNewsletterV3',
};

/** RFC 8058 one-click unsubscribe: the header a mail client posts back, and its form body. */
export const LIST_UNSUBSCRIBE_POST = 'List-Unsubscribe=One-Click';

export const emailSettingsTexts = {
  labels: {
    allowAllEmails: 'Allow emails from Quire',
    emailsEnabled: 'Notification emails about activity on your work',
    emailFollower: 'New followers',
    emailMention: 'Mentions of you in stories',
    emailSocial: 'Responses, replies and claps on your stories',
    emailCatalog: 'Activity on your lists',
    emailCollection: 'Submissions and approvals in your publications',
    emailMembership: 'Membership news and offers',
    emailNewsletterV3: 'Newsletters from publications you subscribe to',
    emailAuthorNewsletterV3: 'New stories from writers you subscribe to by email',
    emailTopicDigest: 'Digests of topics you follow',
    emailProduct: 'Product updates and tips',
    emailOutreach: 'Invitations to research, surveys and events',
    emailEditorialOutreach: 'Messages from our editors about your stories',
  } satisfies Record<EmailSetting, string>,
  hints: {
    allowAllEmails: 'Off: no email at all, except sign-in links, codes and other account security mail.',
    emailsEnabled: 'Off: none of the activity emails below.',
  } as Partial<Record<EmailSetting, string>>,
  digestLabel: 'Story digest',
  digestOptions: { DAILY: 'Daily', WEEKLY: 'Weekly', OFF: 'Off' } satisfies Record<
    EmailDigestFrequency,
    string
  >,
  securityNote: 'Sign-in links, codes, password resets and address confirmations are always sent.',
  save: 'Save email settings',
  saved: 'Your email settings are saved.',
  /** The signed page reached from an email's link, shown without signing in. */
  pageTitle: 'Email settings',
  pageIntro: (name: string) => `Choose which emails ${name} gets from Quire.`,
  unsubscribedFrom: (label: string) => `You are unsubscribed from: ${label}.`,
  forged:
    'This email settings link is not valid. Open the link from a recent email, or sign in to change your settings.',
  unsubscribeAll: {
    newsletters: {
      title: 'Unsubscribe from all newsletters',
      intro: 'Stop every newsletter from the publications you subscribe to.',
      button: 'Unsubscribe from all newsletters',
      done: 'You are unsubscribed from all newsletters.',
    },
    authorNewsletters: {
      title: 'Unsubscribe from all writers’ emails',
      intro: 'Stop the emails you get when writers you subscribe to publish a story.',
      button: 'Unsubscribe from all writers’ emails',
      done: 'You are unsubscribed from all writers’ emails.',
    },
  } satisfies Record<UnsubscribeAllKind, { title: string; intro: string; button: string; done: string }>,
  signInOrLink: 'Sign in, or open this page from the link in one of our emails.',
  signIn: 'Sign in',
  manageLink: 'Manage your email settings',
  unsubscribeFooter: (url: string) => `Unsubscribe or choose which emails you get: ${url}`,
} as const;

/** The name of any setting an email link names (the digest frequency is the story digest). */
export const emailLinkSettingLabel = (setting: EmailLinkSetting): string =>
  setting === DIGEST_FREQUENCY_SETTING ? emailSettingsTexts.digestLabel : emailSettingsTexts.labels[setting];

/** The subject and body of a notification email, from what the notification says. */
export const notificationEmailTexts = {
  subject: (actor: string, type: NotificationType): string => {
    if (type.startsWith('users_following_you')) return `${actor} followed you`;
    if (type.startsWith('mention_in_post')) return `${actor} mentioned you in a story`;
    if (type.startsWith('response_created') || type === 'catalog_response_created')
      return `${actor} responded to your work`;
    if (type === 'note_replied') return `${actor} replied to your note`;
    if (type.startsWith('catalog_followed')) return `${actor} followed your list`;
    if (type.startsWith('collection_post_submitted')) return `${actor} submitted a story to your publication`;
    if (type.startsWith('collection_post_approved')) return `${actor} approved your story`;
    if (type === 'collection_post_declined') return `${actor} declined your story`;
    if (type === 'collection_post_changes_requested') return `${actor} asked for changes to your story`;
    return `New activity from ${actor}`;
  },
  body: (subject: string, link: string) => `${subject}.\n\nSee it on Quire: ${link}`,
  someone: 'Someone',
};
