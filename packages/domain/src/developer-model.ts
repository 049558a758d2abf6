/**
 * Spec §2 third-party API: the scopes a token may carry, as Medium's public API names them (basicProfile,
 * listPublications, publishPost, uploadImage).
 */
export const API_SCOPES = ['basicProfile', 'listPublications', 'publishPost', 'uploadImage'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * Not from the spec: what a bearer token is. INTEGRATION: made by a user in settings for their own scripts;
 * OAUTH_ACCESS and OAUTH_REFRESH: given to an OAuth application the user authorised.
 */
export const API_TOKEN_KINDS = ['INTEGRATION', 'OAUTH_ACCESS', 'OAUTH_REFRESH'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

/** PKCE code challenge methods (RFC 7636); plain is refused. */
export const PKCE_METHODS = ['S256'] as const;
export type PkceMethod = (typeof PKCE_METHODS)[number];
