/*
 * Signing in on another device with a link (spec §2 Account and auth /m/app/login/{token}). The spec names the path
 * only; the flow, the limits and every word here are ours: a signed-in reader makes a single-use link in the
 * security settings and opens it on the other device, whose page asks before it signs in, so a chat app's link
 * preview fetching the address does not use the link up.
 */

/** Not from the spec: how long a sign-in link works, and how many an account may make in an hour. */
export const APP_LOGIN_POLICY = {
  ttlMs: 5 * 60 * 1000,
  linksPerHour: 10,
} as const;

/** The sign-in link's page for a raw token. */
export const appLoginPath = (token: string) => `/m/app/login/${encodeURIComponent(token)}`;

export const appLoginTexts = {
  title: 'Sign in on this device',
  lead: (name: string, username: string) =>
    `This link signs you in as ${name} (@${username}) on this device.`,
  confirm: 'Sign in',
  signingIn: 'Signing in…',
  invalid: 'This sign-in link is not valid. It may have been used already, or copied only in part.',
  expired:
    'This sign-in link has expired. Make a new one in your security settings on a device where you are signed in.',
  signInOther: 'Sign in another way',
  /** The security settings' section. */
  sectionTitle: 'Sign in on another device',
  sectionLead:
    'Make a link that signs you in on another device, such as a phone or a tablet, without a password.',
  create: 'Make a sign-in link',
  creating: 'Making…',
  created: 'Open this link on the other device. It works once, in the next 5 minutes.',
  warning:
    'Anyone who opens this link before then is signed in as you: open it only on a device of your own.',
  copy: 'Copy link',
  copied: 'Copied',
  tooMany: 'You made several sign-in links in the last hour. Try again later.',
} as const;

/** A sign-in attempt's outcome as the browser acts on it (spec §7 LoginUser result, its signed-in and 2FA members). */
export type SignInOutcome =
  | { __typename: 'AuthInfo'; redirect: string }
  | { __typename: 'AuthToken'; token: string; method: string }
  | { __typename: string };

/** Where the browser goes after a sign-in attempt: on, to the second factor, or to `otherwise`. */
export function pathAfterSignIn(result: SignInOutcome, otherwise: string): string {
  if (result.__typename === 'AuthInfo' && 'redirect' in result) return result.redirect;
  if (result.__typename === 'AuthToken' && 'token' in result) {
    return `/m/signin?${new URLSearchParams({ twoFactorToken: result.token, method: result.method })}`;
  }
  return otherwise;
}
