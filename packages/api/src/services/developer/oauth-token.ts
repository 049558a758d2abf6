import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken, OAuthApplication, OAuthCode, type User } from '@quire/db';
import {
  type ApiScope,
  oauthErrorTexts as errors,
  OAUTH_ACCESS_TOKEN_TTL_SECONDS,
  OAUTH_REFRESH_TOKEN_TTL_MS,
  type OAuthTokenRequest,
  oauthTokenRequestInput,
} from '@quire/domain';
import { clientSecretMatches } from './oauth';
import { parseScopes } from './oauth-authorize';
import { apiTokenHash, isLiveToken, issueToken } from './tokens';

/*
 * The token endpoint (RFC 6749 §3.2, §4.1.3, §6) at /m/token and the revocation endpoint (RFC 7009) at
 * /m/oauth/revoke. The client authenticates with its secret (in the body or HTTP Basic, RFC 6749 §2.3.1); no
 * cookie plays a part. Errors are RFC 6749 §5.2's JSON.
 */

/** An endpoint's answer: status, JSON body and extra headers. */
export interface OAuthResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const failure = (status: number, error: string, description: string, headers?: Record<string, string>) => ({
  status,
  body: { error, error_description: description },
  headers,
});
const invalidRequest = (description: string) => failure(400, 'invalid_request', description);
const invalidGrant = (description: string) => failure(400, 'invalid_grant', description);
const invalidClient = () =>
  failure(401, 'invalid_client', errors.clientAuth, { 'www-authenticate': 'Basic realm="quire"' });

/** The client id and secret of an `Authorization: Basic` header (each form-urlencoded, RFC 6749 §2.3.1). */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic[ ]+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const part = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * The request body (checked by its schema) and the client it authenticates, or the refusal: a malformed body, or
 * client credentials that fail (one method only: a Basic header and a body secret together are refused).
 */
async function authenticatedRequest(
  em: EntityManager,
  body: unknown,
  authorization: string | undefined,
): Promise<{ request: OAuthTokenRequest; app: OAuthApplication } | OAuthResponse> {
  const parsed = oauthTokenRequestInput.safeParse(body ?? {});
  if (!parsed.success) return invalidRequest(errors.bodyType);
  const request = parsed.data;
  const basic = basicCredentials(authorization);
  if (basic && request.client_secret) return invalidRequest(errors.clientAuth);
  const id = basic?.id ?? request.client_id;
  const secret = basic?.secret ?? request.client_secret;
  if (!id || !secret) return invalidClient();
  const app = await em.findOne(OAuthApplication, { clientId: id, revokedAt: null });
  if (!app || !clientSecretMatches(app, secret)) return invalidClient();
  return { request, app };
}

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) equals the challenge. */
const verifierMatches = (verifier: string, challenge: string) =>
  /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) &&
  createHash('sha256').update(verifier).digest('base64url') === challenge;

/** A new refresh token and an access token made from it, as RFC 6749 §5.1 answers them. */
async function issuePair(
  em: EntityManager,
  opts: { user: User; application: OAuthApplication; scopes: ApiScope[]; parent: ApiToken | null; now: Date },
): Promise<OAuthResponse> {
  const common = {
    user: opts.user,
    name: opts.application.name,
    scopes: opts.scopes,
    application: opts.application,
  };
  const refresh = await issueToken(em, {
    ...common,
    kind: 'OAUTH_REFRESH',
    parent: opts.parent,
    expiresAt: new Date(opts.now.getTime() + OAUTH_REFRESH_TOKEN_TTL_MS),
  });
  const access = await issueToken(em, {
    ...common,
    kind: 'OAUTH_ACCESS',
    parent: refresh.row,
    expiresAt: new Date(opts.now.getTime() + OAUTH_ACCESS_TOKEN_TTL_SECONDS * 1000),
  });
  return {
    status: 200,
    body: {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: OAUTH_ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refresh.token,
      scope: refresh.row.scopes.join(' '),
    },
  };
}

/** Every live token of one user's grant to one application (a replayed code may have leaked any of them). */
async function revokeGrant(em: EntityManager, applicationId: string, userId: string, now: Date) {
  await em.nativeUpdate(
    ApiToken,
    { application: applicationId, user: userId, revokedAt: null },
    { revokedAt: now },
  );
}

/**
 * Revokes a token's whole family: up its parents to the refresh token the code gave, then every token made from
 * that one (rotated refresh tokens and their access tokens).
 */
export async function revokeFamily(em: EntityManager, tokenId: string, now: Date) {
  await em.execute(
    `with recursive up as (
       select id, parent_id from api_tokens where id = ?
       union all select t.id, t.parent_id from api_tokens t join up on t.id = up.parent_id
     ), down as (
       select id from up where parent_id is null
       union all select t.id from api_tokens t join down on t.parent_id = down.id
     )
     update api_tokens set revoked_at = ? where id in (select id from down) and revoked_at is null`,
    [tokenId, now],
  );
}

/** grant_type=authorization_code (RFC 6749 §4.1.3, RFC 7636 §4.5). The code is spent by the first attempt. */
async function exchangeCode(
  em: EntityManager,
  app: OAuthApplication,
  request: OAuthTokenRequest,
  now: Date,
): Promise<OAuthResponse> {
  if (!request.code) return invalidRequest(errors.missing('code'));
  if (!request.redirect_uri) return invalidRequest(errors.missing('redirect_uri'));
  if (!request.code_verifier) return invalidRequest(errors.missing('code_verifier'));
  const codeHash = apiTokenHash(request.code);
  // One statement claims the code, so two exchanges at once cannot both get tokens.
  const claimed = await em.nativeUpdate(
    OAuthCode,
    { codeHash, application: app.id, usedAt: null },
    { usedAt: now },
  );
  const code = await em.findOne(OAuthCode, { codeHash, application: app.id }, { populate: ['user'] });
  if (!code) return invalidGrant(errors.codeInvalid);
  if (!claimed) {
    // RFC 6749 §4.1.2: a code used twice revokes what it gave.
    await revokeGrant(em, app.id, code.user.id, now);
    return invalidGrant(errors.codeInvalid);
  }
  if (code.expiresAt <= now) return invalidGrant(errors.codeInvalid);
  if (code.redirectUri !== request.redirect_uri) return invalidGrant(errors.redirectMismatch);
  if (!verifierMatches(request.code_verifier, code.codeChallenge))
    return invalidGrant(errors.verifierMismatch);
  if (code.user.isDeleted || code.user.isSuspended) return invalidGrant(errors.codeInvalid);
  return issuePair(em, { user: code.user, application: app, scopes: code.scopes, parent: null, now });
}

/**
 * grant_type=refresh_token (RFC 6749 §6): the refresh token is spent and a new pair made from it (rotation). A
 * spent refresh token shown again revokes its whole family, since one of its holders is not the application.
 */
async function refresh(
  em: EntityManager,
  app: OAuthApplication,
  request: OAuthTokenRequest,
  now: Date,
): Promise<OAuthResponse> {
  if (!request.refresh_token) return invalidRequest(errors.missing('refresh_token'));
  const token = await em.findOne(
    ApiToken,
    { tokenHash: apiTokenHash(request.refresh_token), kind: 'OAUTH_REFRESH', application: app.id },
    { populate: ['user', 'application'] },
  );
  if (!token) return invalidGrant(errors.refreshInvalid);
  const claimed = await em.nativeUpdate(ApiToken, { id: token.id, revokedAt: null }, { revokedAt: now });
  if (!claimed) {
    await revokeFamily(em, token.id, now);
    return invalidGrant(errors.refreshInvalid);
  }
  if (!isLiveToken(token, now)) return invalidGrant(errors.refreshInvalid);
  let scopes = token.scopes;
  if (request.scope?.trim()) {
    const asked = parseScopes(request.scope);
    if (!asked) return failure(400, 'invalid_scope', errors.scope);
    if (asked.some((scope) => !token.scopes.includes(scope)))
      return failure(400, 'invalid_scope', errors.scopeWider);
    scopes = asked;
  }
  return issuePair(em, { user: token.user, application: app, scopes, parent: token, now });
}

/** POST /m/token: one token request, in the caller's transaction. */
export async function tokenEndpoint(
  em: EntityManager,
  body: unknown,
  authorization: string | undefined,
  now: Date,
): Promise<OAuthResponse> {
  const client = await authenticatedRequest(em, body, authorization);
  if (!('app' in client)) return client;
  const { request, app } = client;
  if (request.grant_type === 'authorization_code') return exchangeCode(em, app, request, now);
  if (request.grant_type === 'refresh_token') return refresh(em, app, request, now);
  if (!request.grant_type) return invalidRequest(errors.missing('grant_type'));
  return failure(400, 'unsupported_grant_type', errors.grantType);
}

/**
 * POST /m/oauth/revoke (RFC 7009): revokes one of the client's tokens; a refresh token takes its family with it.
 * An unknown token, or another client's, is answered 200 as well (§2.2), and nothing changes.
 */
export async function revocationEndpoint(
  em: EntityManager,
  body: unknown,
  authorization: string | undefined,
  now: Date,
): Promise<OAuthResponse> {
  const client = await authenticatedRequest(em, body, authorization);
  if (!('app' in client)) return client;
  const { request, app } = client;
  if (!request.token) return invalidRequest(errors.missing('token'));
  const token = await em.findOne(ApiToken, { tokenHash: apiTokenHash(request.token), application: app.id });
  if (token?.kind === 'OAUTH_REFRESH') await revokeFamily(em, token.id, now);
  else if (token) await em.nativeUpdate(ApiToken, { id: token.id, revokedAt: null }, { revokedAt: now });
  return { status: 200, body: {} };
}
