/*
 * Adding a password to an account that signs in only through a connected account (spec §2 Account and auth
 * /m/account/convert/{token}). The spec names the path only; the flow, the limits and every word here are ours.
 */

/** Not from the spec: how long a convert link works, and how many an account may ask for in an hour. */
export const ACCOUNT_CONVERT_POLICY = {
  ttlMs: 24 * 60 * 60 * 1000,
  linksPerHour: 5,
} as const;

/** The convert page's path for a raw token. */
export const accountConvertPath = (token: string) => `/m/account/convert/${encodeURIComponent(token)}`;

export const accountConvertTexts = {
  title: 'Add a password',
  lead: (email: string) =>
    `Choose a password for ${email}. You will then be able to sign in with your email and this password, beside the account you connected.`,
  passwordLabel: 'New password',
  save: 'Add password',
  saving: 'Adding…',
  done: 'Your password is added.',
  doneLead: (email: string) => `Sign in with ${email} and your new password from now on.`,
  signIn: 'Sign in',
  invalid: 'This link is not valid. It may have been used already, or copied only in part.',
  expired: 'This link has expired. Ask for a new one in your security settings.',
  hasPassword: 'This account already has a password. Change it in your security settings.',
  noEmail: 'Add an email address to your account first: the link is sent to it.',
  tooMany: 'You asked for several links in the last hour. Use the newest one, or try again later.',
  securitySettings: 'Security settings',
  /** The security section's offer to accounts with no password. */
  offer: 'Email me a link to add a password',
  offerSent: (email: string) => `We sent a link to ${email}. It works once, for 24 hours.`,
  mailSubject: (product: string) => `Add a password to your ${product} account`,
  mailText: (product: string, link: string, hours: number) =>
    `Open this link to choose a password for your ${product} account, so you can also sign in with your email (it works once, for ${hours} hours):\n${link}\nIf you did not ask for it, you can ignore this email.`,
} as const;
