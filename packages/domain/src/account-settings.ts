/*
 * The account settings (spec §3 editable account fields: name, username, bio, avatar image id, email; §3 custom
 * style sheet; §5 colour strings). The spec gives no length limits or username rules for editing and no
 * wording for these forms: the limits, rules and every word here are ours.
 */

import { parseColorString, type Rgba } from './color-string';

/** Not from the spec: the longest name and bio a profile keeps, and a username's length and characters. */
export const ACCOUNT_LIMITS = {
  /** The same limit as a name given at sign-up. */
  nameMax: 100,
  bioMax: 160,
  usernameMin: 3,
  usernameMax: 30,
  /** The side of the square photo the browser crops and uploads; larger crops are scaled down to it. */
  photoSide: 1024,
  /** Confirmation emails for a new address an account may ask for in an hour (no one is mailed in bulk). */
  emailChangesPerHour: 5,
} as const;

/**
 * A username as a profile URL carries it (/@{username}): a letter first, then letters, digits or underscores.
 * Usernames derived at sign-up (spec §5: the email prefix's letters, title-cased) all match it.
 */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const accountTexts = {
  sectionIntro: 'Your name, photo, bio, username and email.',
  nameLabel: 'Name',
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name can be at most ${ACCOUNT_LIMITS.nameMax} characters.`,
  bioLabel: 'Short bio',
  bioTooLong: `Your bio can be at most ${ACCOUNT_LIMITS.bioMax} characters.`,
  bioHint: (used: number) => `${used}/${ACCOUNT_LIMITS.bioMax}`,
  usernameLabel: 'Username',
  usernameHint: (username: string) => `Your profile address: /@${username}`,
  usernameTooShort: `A username has at least ${ACCOUNT_LIMITS.usernameMin} characters.`,
  usernameTooLong: `A username has at most ${ACCOUNT_LIMITS.usernameMax} characters.`,
  usernameMalformed: 'A username starts with a letter and has only letters, digits and underscores.',
  usernameTaken: 'That username is taken. Try another.',
  usernameAvailable: 'That username is available.',
  usernameChecking: 'Checking…',
  usernameYours: 'That is your username now.',
  saveProfile: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  photoLabel: 'Photo',
  photoChoose: 'Choose a photo',
  photoRemove: 'Remove photo',
  photoSave: 'Use this photo',
  photoCancel: 'Cancel',
  photoCropLabel: 'Choose the square part of the photo to show',
  photoZoom: 'Size',
  photoLeft: 'Left to right',
  photoTop: 'Top to bottom',
  photoNotAnImage: 'That file is not an image we can read. Choose a JPEG, PNG, WebP, GIF or AVIF photo.',
  photoTooLarge: (mb: number) => `The image is larger than the ${mb} MB limit.`,
  photoNotYours: 'That photo was not uploaded from your account. Upload it again.',
  photoNotSquare: 'A profile photo must be square. Crop it and upload it again.',
  photoSaved: 'Your photo is saved.',
  emailLabel: 'Email address',
  emailCurrent: (email: string) => `Your email is ${email}.`,
  emailNone: 'Your account has no email address yet.',
  emailPending: (email: string) =>
    `We sent a link to ${email}. Your email changes to it when you open the link.`,
  emailChange: 'Change email',
  emailNewLabel: 'New email address',
  emailSame: 'That is already your email address.',
  emailTaken: 'Another account uses that email address.',
  emailTooMany: 'You asked for too many confirmation emails. Try again in an hour.',
  emailResend: 'Resend email',
  emailSent: (email: string) => `A verification email has been sent to ${email}.`,
  emailCancel: 'Cancel',
  emailConfirmed: 'Your email address is confirmed.',
  emailLinkFailed: 'That confirmation link has expired or was already used. Ask for a new one.',
  sendVerifyTitle: 'Verify your email',
  sendVerifyNothing: 'Your email address is already verified.',
  aboutTitle: 'About you',
  aboutEdit: 'Edit',
  aboutSave: 'Save',
  aboutCancel: 'Cancel',
  aboutEmpty: 'Tell readers about yourself.',
  editProfileTitle: 'Edit profile',
  designTitle: 'Design your profile',
  designIntro:
    'Choose the colours of your profile page. Write each as 8-digit hex with the alpha first (#FFRRGGBB) or as rgba(r, g, b, a).',
  designColors: {
    background: 'Background',
    text: 'Text',
    accent: 'Links and accents',
  },
  designSave: 'Save colours',
  designReset: 'Use the default colours',
  designPreview: 'Preview',
  somethingWrong: 'That did not work. Please try again.',
  pleaseSignIn: 'You need to sign in first.',
} as const;

/** The subject and text of the emails an email change sends. */
export const accountEmailTexts = {
  confirmSubject: (product: string) => `Confirm your new email for ${product}`,
  confirmText: (product: string, link: string, days: number) =>
    `Open this link to make this address the email of your ${product} account (it works once, for ${days} days):\n${link}`,
  noticeSubject: (product: string) => `Your ${product} email is changing`,
  noticeText: (product: string, newEmail: string) =>
    `Someone signed in to your ${product} account asked to change its email to ${newEmail}. The change happens when the new address opens the link we sent it. If this was not you, sign in and change your password, or contact our support team.`,
} as const;

/** True when the (trimmed) username follows the rules (length and characters). */
export const usernameError = (value: string): string | null => {
  const s = value.trim();
  if (s.length < ACCOUNT_LIMITS.usernameMin) return accountTexts.usernameTooShort;
  if (s.length > ACCOUNT_LIMITS.usernameMax) return accountTexts.usernameTooLong;
  return USERNAME_PATTERN.test(s) ? null : accountTexts.usernameMalformed;
};

/** The colours a profile's custom style sheet sets (spec §3 custom style sheet), each a spec §5 colour string. */
export const PROFILE_COLOR_KEYS = ['background', 'text', 'accent'] as const;
export type ProfileColorKey = (typeof PROFILE_COLOR_KEYS)[number];
export type ProfileColors = Record<ProfileColorKey, string>;

/** A parsed colour as CSS: 'rgba(r, g, b, a)' built from numbers only, so no user text reaches a style. */
export function cssColor(rgba: Rgba): string {
  const alpha = Math.round(rgba.alpha * 1000) / 1000;
  return `rgba(${rgba.red}, ${rgba.green}, ${rgba.blue}, ${alpha})`;
}

/** Spec §5 colour string to CSS, or null for a string that is not one. */
export function colorStringToCss(value: string): string | null {
  try {
    return cssColor(parseColorString(value));
  } catch {
    return null;
  }
}

/** The custom properties a profile page sets from its colours (only those that parse). */
export function profileStyleProperties(colors: Partial<ProfileColors> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of PROFILE_COLOR_KEYS) {
    const css = colors?.[key] ? colorStringToCss(colors[key]) : null;
    if (css) out[`--q-profile-${key}`] = css;
  }
  return out;
}
