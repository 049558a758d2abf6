import type { OAuthProvider } from './enums';

/*
 * The Security section of /me/settings (spec §2 #security): password, two-factor, signed-in devices and
 * connected sign-in providers. The spec names the anchor and the 8-character rule (§5); every word here is ours.
 */

/** Not from the spec: a password the strength estimator scores below this (0–4) is refused as guessable. */
export const PASSWORD_MIN_STRENGTH = 3;

/** Not from the spec: a session's last use is written at most once in this long, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Names of the sign-in providers, as the Security section lists them. */
export const providerNames: Record<OAuthProvider, string> = {
  APPLE: 'Apple',
  FACEBOOK: 'Facebook',
  GOOGLE: 'Google',
  TWITTER: 'Twitter',
};

export const securityTexts = {
  passwordHeading: 'Password',
  passwordSet: 'You sign in with your email and a password.',
  passwordNone: 'You have no password yet: you sign in with an emailed link or a connected account.',
  changePassword: 'Change password',
  setPassword: 'Set a password',
  twoFactorHeading: 'Two-factor authentication',
  twoFactorOn: 'Two-factor authentication is on.',
  twoFactorOff: 'Add a second step to signing in: a code from an authenticator app or a text message.',
  twoFactorTurnOn: 'Turn on two-factor authentication',
  twoFactorManage: 'Manage two-factor authentication',
  sessionsHeading: 'Where you are signed in',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  unknownPlace: 'Unknown place',
  lastUsed: (when: string) => `Last used ${when}`,
  signOutSession: 'Sign out',
  signOutOthers: 'Sign out of all other sessions',
  noOtherSessions: 'You are signed in on this device only.',
  sessionNotFound: 'That session has already ended.',
  providersHeading: 'Connected sign-in accounts',
  noProviders: 'No other account is connected for signing in.',
  disconnect: 'Disconnect',
  providerNotConnected: 'That account is not connected.',
  lastSignInWay:
    'This is your only way to sign in. Set a password or add an email address before you disconnect it.',
  /** The device line: browser on operating system. */
  device: (browser: string | null, os: string | null) =>
    browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device'),
} as const;

/** Why the strength estimator refuses a password (its feedback warnings, in our words). */
export const passwordStrengthTexts = {
  refused: 'This password is too easy to guess.',
  fallbackAdvice: 'Add another word or two; uncommon words are better.',
  warnings: {
    straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
    sequences: 'Common character sequences like "abc" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is a heavily used password.',
    topHundred: 'This is a frequently used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is similar to a commonly used password.',
    wordByItself: 'Single words are easy to guess.',
    namesByThemselves: 'Single names or surnames are easy to guess.',
    commonNames: 'Common names and surnames are easy to guess.',
    userInputs: 'Your name, username or email address in a password is easy to guess.',
    pwned: 'This password appeared in a data breach.',
  },
  suggestions: {
    l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
    reverseWords: 'Avoid reversed spellings of common words.',
    allUppercase: 'Capitalize some, but not all letters.',
    capitalization: 'Capitalize more than the first letter.',
    dates: 'Avoid dates and years that are associated with you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are associated with you.',
    sequences: 'Avoid common character sequences.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use multiple words, but avoid common phrases.',
    noNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
    pwned: 'If you use this password elsewhere, you should change it.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
} as const;

/** The refusal a guessable password gets: that it is guessable, why, and what would help. */
export function passwordStrengthMessage(warning: string | null, suggestion: string | null): string {
  return [passwordStrengthTexts.refused, warning, suggestion ?? passwordStrengthTexts.fallbackAdvice]
    .filter(Boolean)
    .join(' ');
}
