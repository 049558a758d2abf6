/*
 * OAuth 2 applications (spec §2 /me/applications[/new|/{oauthApplicationId}], /m/oauth/authorize, /m/token): the
 * authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636 S256). The spec names the paths only; the lifetimes,
 * limits and every word here are ours.
 */

/** The authorize path a consent screen lives at. */
export const OAUTH_AUTHORIZE_PATH = '/m/oauth/authorize';
/** The token endpoint (RFC 6749 §3.2). */
export const OAUTH_TOKEN_PATH = '/m/token';
/** The revocation endpoint (RFC 7009). */
export const OAUTH_REVOKE_PATH = '/m/oauth/revoke';

/** An authorization code is good for 10 minutes (RFC 6749 §4.1.2 recommends at most 10), once. */
export const OAUTH_CODE_TTL_MS = 10 * 60 * 1000;
/** An access token lives an hour; the application refreshes it. */
export const OAUTH_ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh token lives 90 days unless used (each use rotates it). */
export const OAUTH_REFRESH_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** What a client id and a client secret start with, so a leaked one is recognisable. */
export const OAUTH_CLIENT_ID_PREFIX = 'qc_';
export const OAUTH_CLIENT_SECRET_PREFIX = 'qs_';

/** Limits of an application's form. */
export const OAUTH_APP_LIMITS = {
  name: 100,
  description: 500,
  redirectUris: 10,
  redirectUri: 2000,
  /** Applications one user may own. */
  perOwner: 20,
} as const;

/** Loopback hosts an http:// redirect URI may use, for development (RFC 8252 §7.3). */
export const OAUTH_LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** Why a redirect URI is refused, or null when it is acceptable: https, or http on a loopback host; no fragment. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return oauthAppTexts.redirectUriInvalid(value);
  }
  if (value.includes('#')) return oauthAppTexts.redirectUriFragment(value);
  if (url.username || url.password) return oauthAppTexts.redirectUriInvalid(value);
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (OAUTH_LOOPBACK_HOSTS as readonly string[]).includes(url.hostname))
    return null;
  return oauthAppTexts.redirectUriScheme(value);
}

/** The redirect URIs typed one a line: trimmed, blank lines left out, each once. */
export const splitRedirectUris = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/** The path of an application's page. */
export const oauthApplicationPath = (id: string) => `/me/applications/${id}`;

/** Words of the /me/applications pages. */
export const oauthAppTexts = {
  title: 'Applications',
  lead: 'Applications use the Quire API for the people who allow them, with the OAuth 2 authorization-code flow and PKCE.',
  yoursTitle: 'Your applications',
  yoursEmpty: 'You have not registered an application.',
  newApplication: 'New application',
  newTitle: 'Register an application',
  nameLabel: 'Name',
  descriptionLabel: 'Description',
  redirectUrisLabel: 'Redirect URIs',
  redirectUrisHelp:
    'One a line. https only; http://127.0.0.1 and http://localhost are allowed for development. No fragments (#).',
  create: 'Register application',
  detailsTitle: 'Details',
  save: 'Save changes',
  saved: 'Application saved',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  credentialsTitle: 'Your client credentials',
  credentialsNote: 'Copy the client secret now: it will not be shown again.',
  resetSecret: 'Reset client secret',
  resetConfirm: 'Reset the client secret? The old one stops working at once.',
  secretHidden: 'The client secret was shown once when it was made. Reset it to get a new one.',
  delete: 'Delete application',
  deleteConfirm: 'Delete this application? Everyone who allowed it loses its access.',
  deleted: 'Application deleted',
  backToApplications: 'Back to applications',
  authorizedTitle: 'Applications you allowed',
  authorizedEmpty: 'You have not allowed any application to use your account.',
  authorizedScopes: 'May:',
  revokeAccess: 'Revoke access',
  revokeConfirm: 'Revoke this application’s access to your account?',
  accessRevoked: 'Access revoked',
  nameRequired: 'Give the application a name.',
  redirectUrisRequired: 'Add at least one redirect URI.',
  tooManyRedirectUris: `An application may have at most ${OAUTH_APP_LIMITS.redirectUris} redirect URIs.`,
  redirectUriInvalid: (uri: string) => `“${uri}” is not a URL.`,
  redirectUriFragment: (uri: string) => `“${uri}” must not have a fragment (#).`,
  redirectUriScheme: (uri: string) =>
    `“${uri}” must use https (http only on 127.0.0.1 or localhost, for development).`,
  redirectUriTooLong: `A redirect URI may be at most ${OAUTH_APP_LIMITS.redirectUri} characters.`,
  tooManyApplications: `You can own at most ${OAUTH_APP_LIMITS.perOwner} applications.`,
  notFound: 'That application does not exist.',
  by: (name: string) => `by ${name}`,
} as const;

/** Words of the consent screen at /m/oauth/authorize. */
export const oauthConsentTexts = {
  title: 'Allow access',
  heading: (app: string) => `${app} wants to use your Quire account`,
  owner: (name: string, username: string) => `Made by ${name} (@${username})`,
  scopesIntro: 'It will be able to:',
  signedInAs: (username: string) => `You are signed in as @${username}.`,
  allow: 'Allow',
  deny: 'Deny',
  redirectNote: (host: string) => `You will be sent back to ${host}.`,
  returnToApplication: 'Return to the application',
  errorTitle: 'This authorization request is not valid',
  unknownClient: 'The application is unknown or no longer available.',
  badRedirectUri: 'The redirect URI is not one the application registered.',
  /** Completes “Sign in to see …” for a visitor. */
  signInToSee: 'this application’s request',
} as const;

/**
 * Error descriptions of the authorize and token endpoints (RFC 6749 §4.1.2.1 and §5.2): the `error` code is the
 * RFC's; these are the `error_description`s.
 */
export const oauthErrorTexts = {
  responseType: 'response_type must be code.',
  scope: 'scope names an unknown scope.',
  pkceRequired: 'code_challenge is required (PKCE, S256).',
  pkceMethod: 'code_challenge_method must be S256.',
  pkceChallenge: 'code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~".',
  denied: 'The user denied the request.',
  grantType: 'grant_type must be authorization_code or refresh_token.',
  clientAuth: 'Client authentication failed.',
  missing: (field: string) => `${field} is required.`,
  codeInvalid: 'The authorization code is invalid, expired or already used.',
  redirectMismatch: 'redirect_uri does not match the authorization request.',
  verifierMismatch: 'code_verifier does not match the code_challenge.',
  refreshInvalid: 'The refresh token is invalid, expired or revoked.',
  scopeWider: 'A refresh may not ask for scopes the grant does not hold.',
  bodyType: 'Send the request as application/x-www-form-urlencoded or JSON.',
  method: 'Use POST.',
} as const;
