import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OAuthApplication, OAuthCode, type User } from '@quire/db';
import {
  API_SCOPES,
  type ApiScope,
  oauthErrorTexts as errors,
  OAUTH_CODE_TTL_MS,
  type OAuthAuthorizeQuery,
  oauthConsentTexts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import { normalizeScopes } from './tokens';

/*
 * The authorization endpoint of RFC 6749 §4.1.1 with PKCE (RFC 7636, S256 only) at /m/oauth/authorize. An unknown
 * client or a redirect URI it did not register exactly is told to the user on our page and never redirected to
 * (§4.1.2.1); every other problem is sent back to the redirect URI with `error` and the client's `state`.
 */

/** RFC 7636 §4.2: 43 to 128 unreserved characters (a base64url SHA-256 is 43). */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Used when the request names no scope (RFC 6749 §3.3 lets the server choose a default). */
const DEFAULT_SCOPES: ApiScope[] = ['basicProfile'];

/** What an authorization request amounts to. */
export type AuthorizeCheck =
  | { kind: 'invalid'; message: string }
  | { kind: 'redirect'; location: string; application: OAuthApplication }
  | {
      kind: 'ok';
      application: OAuthApplication;
      redirectUri: string;
      scopes: ApiScope[];
      state: string | undefined;
      codeChallenge: string;
    };

/** The redirect URI with the RFC's query parameters added (its own query kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** The scopes of a `scope` parameter (space-separated), or null when it names one we do not have. */
export function parseScopes(scope: string | undefined): ApiScope[] | null {
  const names = (scope ?? '').split(' ').filter(Boolean);
  if (!names.length) return null;
  if (names.some((name) => !(API_SCOPES as readonly string[]).includes(name))) return null;
  return normalizeScopes(names as ApiScope[]);
}

/** Checks an authorization request in the order RFC 6749 §4.1.2.1 asks: client and redirect URI first. */
export async function checkAuthorizeRequest(
  em: EntityManager,
  query: OAuthAuthorizeQuery,
): Promise<AuthorizeCheck> {
  const application = query.client_id
    ? await em.findOne(
        OAuthApplication,
        { clientId: query.client_id, revokedAt: null },
        { populate: ['owner'] },
      )
    : null;
  if (!application) return { kind: 'invalid', message: oauthConsentTexts.unknownClient };
  const redirectUri = query.redirect_uri;
  if (!redirectUri || !application.redirectUris.includes(redirectUri))
    return { kind: 'invalid', message: oauthConsentTexts.badRedirectUri };
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    application,
    location: redirectWith(redirectUri, { error, error_description: description, state: query.state }),
  });
  if (query.response_type !== 'code') return fail('unsupported_response_type', errors.responseType);
  if (!query.code_challenge) return fail('invalid_request', errors.pkceRequired);
  if (query.code_challenge_method !== 'S256') return fail('invalid_request', errors.pkceMethod);
  if (!PKCE_VALUE.test(query.code_challenge)) return fail('invalid_request', errors.pkceChallenge);
  const scopes = query.scope?.trim() ? parseScopes(query.scope) : DEFAULT_SCOPES;
  if (!scopes) return fail('invalid_scope', errors.scope);
  return {
    kind: 'ok',
    application,
    redirectUri,
    scopes,
    state: query.state,
    codeChallenge: query.code_challenge,
  };
}

/** What the consent screen shows for a request: the application, its owner and the scopes, or the problem. */
export async function consentView(em: EntityManager, query: OAuthAuthorizeQuery) {
  const check = await checkAuthorizeRequest(em, query);
  if (check.kind === 'invalid') return check;
  if (check.kind === 'redirect') return { kind: 'redirect' as const, location: check.location };
  const { application: app } = check;
  return {
    kind: 'ok' as const,
    application: {
      name: app.name,
      description: app.description,
      owner: { name: app.owner.name, username: app.owner.username },
    },
    scopes: check.scopes,
    redirectHost: new URL(check.redirectUri).host,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The user's answer on the consent screen: Allow makes a one-use code (kept as its SHA-256, good for ten
 * minutes) and answers where to send the browser with it; Deny sends `access_denied` back (RFC 6749 §4.1.2).
 */
export async function decideAuthorization(
  em: EntityManager,
  viewer: User,
  query: OAuthAuthorizeQuery,
  allow: boolean,
  now: Date,
): Promise<{ redirectTo: string }> {
  const check = await checkAuthorizeRequest(em, query);
  if (check.kind === 'invalid') throw new TRPCError({ code: 'BAD_REQUEST', message: check.message });
  await enforce(em, viewer, 'authorizeOAuthApplication', check.application);
  if (check.kind === 'redirect') return { redirectTo: check.location };
  if (!allow)
    return {
      redirectTo: redirectWith(check.redirectUri, {
        error: 'access_denied',
        error_description: errors.denied,
        state: check.state,
      }),
    };
  const code = randomBytes(32).toString('base64url');
  em.create(OAuthCode, {
    application: check.application,
    user: viewer,
    codeHash: sha256(code),
    codeChallenge: check.codeChallenge,
    codeChallengeMethod: 'S256',
    redirectUri: check.redirectUri,
    scopes: check.scopes,
    expiresAt: new Date(now.getTime() + OAUTH_CODE_TTL_MS),
  });
  await em.flush();
  return { redirectTo: redirectWith(check.redirectUri, { code, state: check.state }) };
}
