/*
 * The writer's promotion settings and the phone page of /me/settings (spec §2 Settings: promote-memberships,
 * promote-subscriptions, mobile-beta). The spec names the paths only; what they do and every word here are ours.
 */

/** The promotions a writer turns on for their stories, by their field names on the user. */
export const WRITER_PROMOTIONS = ['promoteMemberships', 'promoteSubscriptions'] as const;
export type WriterPromotion = (typeof WRITER_PROMOTIONS)[number];

/** Where each promotion's settings page is, and the settings page links to them. */
export const WRITER_PROMOTION_PATHS: Record<WriterPromotion, string> = {
  promoteMemberships: '/me/settings/promote-memberships',
  promoteSubscriptions: '/me/settings/promote-subscriptions',
};

export const MOBILE_BETA_PATH = '/me/settings/mobile-beta';

/** The promotion pages' texts, and the prompts they put under the writer's stories. */
export const writerPromotionTexts = {
  promoteMemberships: {
    title: 'Promote memberships',
    lead: 'End your public stories with an invitation to become a member. Readers who join from it are counted as joining through you.',
    label: 'Invite readers to become members under my public stories',
    on: 'Your public stories end with an invitation to become a member.',
    off: 'Your stories show no membership invitation of yours.',
    who: 'Only readers who are not members see it, and never on members-only stories, which have their own.',
  },
  promoteSubscriptions: {
    title: 'Promote subscriptions',
    lead: 'End your stories with an invitation to follow you, so readers get your new stories.',
    label: 'Invite readers to follow me under my stories',
    on: 'Your stories end with an invitation to follow you.',
    off: 'Your stories show no follow invitation.',
    who: 'Readers who follow you find your new stories in their Following feed; which emails they get is up to their own email settings.',
  },
  save: 'Save',
  saved: 'Saved.',
  /** The settings page's list of these pages. */
  moreHeading: 'More settings',
  /** Under a public story whose writer promotes memberships. */
  membershipPrompt: (name: string) =>
    `Enjoyed this story? Become a member to read every story on Quire and support ${name}.`,
  membershipAction: 'Become a member',
  /** Under a story whose writer promotes subscriptions. */
  subscriptionPrompt: (name: string) => `Get ${name}’s new stories`,
  subscriptionLead: (name: string) => `Follow ${name} and their new stories come to your Following feed.`,
  subscriptionEmails: 'Choose the emails you get',
} as const;

/** The phone page's texts: there is no app; the site is the app. */
export const mobileBetaTexts = {
  title: 'Quire on your phone',
  lead: 'There is no Quire app to install: the site is made for phones as much as for computers. Everything you do here (reading, writing, following, your lists and settings) works in your phone’s browser.',
  homeScreenHeading: 'Put Quire on your home screen',
  iphone: 'iPhone and iPad: open Quire in Safari, tap Share, then ‘Add to Home Screen’.',
  android: 'Android: open Quire in Chrome, tap the ⋮ menu, then ‘Add to Home screen’ or ‘Install app’.',
  betaHeading: 'Beta features',
  noBeta:
    'There are no beta features to try right now. When there are, you will be able to turn them on here.',
} as const;
