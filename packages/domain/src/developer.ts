/*
 * The developer platform (spec §2 third-party API routes /v1/…): integration tokens made in settings and the /v1
 * API's limits and words. The spec names the routes only; the prefixes, lifetimes, limits and every word here are
 * ours, with the API's shape and error codes following Medium's public API.
 */
import type { ApiScope, ApiTokenKind } from './developer-model';

/** What a raw token starts with, so a leaked one is recognisable by secret scanners and by people. */
export const API_TOKEN_PREFIXES: Record<ApiTokenKind, string> = {
  INTEGRATION: 'q_',
  OAUTH_ACCESS: 'qa_',
  OAUTH_REFRESH: 'qr_',
};

/** The longest Authorization header value looked at; a real one is under 60 characters. */
export const API_TOKEN_MAX_LENGTH = 200;

/** A token's last use is written at most once a minute, so a busy script does not write a row per call. */
export const API_TOKEN_LAST_USED_RESOLUTION_MS = 60_000;

/** The most integration tokens one user may hold unrevoked at once. */
export const MAX_INTEGRATION_TOKENS = 20;

/** The longest token name. */
export const API_TOKEN_NAME_MAX = 100;

/** Per-token rate limit of the /v1 API: requests per fixed window, and the window's length. */
export const API_RATE_LIMIT = 60;
export const API_RATE_WINDOW_MS = 60_000;

/** Medium's API allows at most 5 tags on a post, each at most 25 characters. */
export const API_MAX_TAGS = 5;
export const API_TAG_MAX = 25;

/** The largest /v1 post body (title, content and the rest), in bytes: well above any real story. */
export const API_POST_BODY_MAX_BYTES = 2 * 1024 * 1024;

/** Where the /v1 API's OpenAPI document is served. */
export const API_OPENAPI_PATH = '/v1/openapi.json';

/** The scopes offered for a new integration token, in order, with what each lets a script do. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  basicProfile: 'Read your name, username and profile picture',
  listPublications: 'List your publications and their contributors',
  publishPost: 'Publish stories as you',
  uploadImage: 'Upload images for your stories',
};

/** Words of the integration tokens settings section. */
export const developerTexts = {
  sectionIntro:
    'Integration tokens let your own scripts and tools use the Quire API as you. Keep them secret: anyone with a token can act with its scopes.',
  newTokenTitle: 'New integration token',
  nameLabel: 'Token name',
  nameHint: 'What will use it, e.g. My static site.',
  scopesLabel: 'What it may do',
  create: 'Create token',
  creating: 'Creating…',
  createdTitle: 'Your new token',
  createdNote: 'Copy it now: it will not be shown again.',
  copy: 'Copy token',
  copied: 'Token copied',
  done: 'Done',
  emptyTitle: 'No integration tokens yet',
  emptyBody: 'Make one to publish from a script, a static site generator or another tool.',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this token? Anything using it will stop working.',
  revoked: 'Token revoked',
  docsLink: 'API documentation (OpenAPI)',
  nameRequired: 'Give the token a name.',
  scopesRequired: 'Choose at least one scope.',
  tooMany: `You can hold at most ${MAX_INTEGRATION_TOKENS} tokens. Revoke one you no longer use first.`,
  notFound: 'That token does not exist.',
} as const;

/** Error messages of the /v1 API (Medium's shape: {"errors":[{"message","code"}]}). */
export const apiErrorTexts = {
  tokenMissing: 'An access token is required.',
  tokenInvalid: 'Token was invalid.',
  scopeMissing: (scope: ApiScope) => `Token does not have the ${scope} scope.`,
  notYourUser: 'A token may only act for its own user.',
  publicationNotFound: 'Publication not found.',
  notFound: 'Not found.',
  rateLimited: 'Rate limit exceeded. Try again after the time in X-RateLimit-Reset.',
  tooLarge: 'Request body too large.',
  imageRequired: 'Send the image in a multipart field named image.',
  contentUnreadable: 'content could not be read as the given contentFormat.',
  contentEmpty: 'content has no text or image to publish.',
  internal: 'Something went wrong.',
} as const;

/**
 * The `code` of each /v1 error. Medium's README documents the shape ({"errors":[{"message","code"}]}) but not the
 * numbers; 6003 is what Medium answers for a bad token, and the rest are ours, in the same 6000 range. Kept
 * stable: scripts switch on them.
 */
export const API_ERROR_CODES = {
  invalidRequest: 6000,
  tokenMissing: 6001,
  tokenInvalid: 6003,
  notFound: 6005,
  scopeMissing: 6026,
  notAllowed: 6027,
  tooLarge: 6012,
  unsupportedImage: 6013,
  rateLimited: 6029,
  internal: 6999,
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
