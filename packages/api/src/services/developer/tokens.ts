import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken, type OAuthApplication, type User } from '@quire/db';
import {
  API_SCOPES,
  API_TOKEN_LAST_USED_RESOLUTION_MS,
  API_TOKEN_MAX_LENGTH,
  API_TOKEN_PREFIXES,
  type ApiScope,
  type ApiTokenKind,
} from '@quire/domain';
import { can, policyViewer } from '../../policies';

/** SHA-256 hex of a raw token: the only form a token is kept in. */
export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only these kinds authenticate /v1 calls; a refresh token is good only at /m/token. */
const CALLING_KINDS: readonly ApiTokenKind[] = ['INTEGRATION', 'OAUTH_ACCESS'];

/** The scopes in API_SCOPES order, each once. */
export const normalizeScopes = (scopes: readonly ApiScope[]): ApiScope[] =>
  API_SCOPES.filter((scope) => scopes.includes(scope));

/**
 * Makes a bearer token for `user`; returns the raw token (shown once, never stored) and its row (flushed). Works
 * inside the caller's transaction.
 */
export async function issueToken(
  em: EntityManager,
  opts: {
    user: User;
    kind: ApiTokenKind;
    name: string;
    scopes: readonly ApiScope[];
    application?: OAuthApplication | null;
    parent?: ApiToken | null;
    expiresAt?: Date | null;
  },
): Promise<{ token: string; row: ApiToken }> {
  const token = `${API_TOKEN_PREFIXES[opts.kind]}${randomBytes(32).toString('base64url')}`;
  const row = em.create(ApiToken, {
    user: opts.user,
    kind: opts.kind,
    name: opts.name,
    tokenHash: apiTokenHash(token),
    scopes: normalizeScopes(opts.scopes),
    application: opts.application ?? null,
    parent: opts.parent ?? null,
    expiresAt: opts.expiresAt ?? null,
  });
  await em.flush();
  return { token, row };
}

/** The raw token of an `Authorization: Bearer …` header, or null (another scheme, empty, absurdly long). */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header || header.length > API_TOKEN_MAX_LENGTH + 7) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)[ ]*$/i.exec(header);
  return match?.[1] ?? null;
}

/** A token row usable right now: not revoked, not expired, and its account may call the API (the policy's callApi). */
export function isLiveToken(token: ApiToken, now: Date): boolean {
  if (token.revokedAt || (token.expiresAt && token.expiresAt <= now)) return false;
  if (token.application?.revokedAt) return false;
  return can(policyViewer(token.user), 'callApi');
}

/**
 * The user, token and scopes an `Authorization` header authenticates for a /v1 call, or null. Refuses refresh
 * tokens, revoked or expired tokens, tokens of revoked applications and of deleted or suspended users. Records
 * the token's last use at most once a minute (one conditional update, so parallel calls write it once).
 */
export async function authenticateBearer(
  em: EntityManager,
  authorizationHeader: string | null | undefined,
  now: Date,
): Promise<{ user: User; token: ApiToken; scopes: ApiScope[] } | null> {
  const raw = bearerToken(authorizationHeader);
  if (!raw) return null;
  const token = await em.findOne(
    ApiToken,
    { tokenHash: apiTokenHash(raw), kind: { $in: [...CALLING_KINDS] } },
    { populate: ['user', 'application'] },
  );
  if (!token || !isLiveToken(token, now)) return null;
  const staleBefore = new Date(now.getTime() - API_TOKEN_LAST_USED_RESOLUTION_MS);
  if (!token.lastUsedAt || token.lastUsedAt <= staleBefore) {
    await em.nativeUpdate(
      ApiToken,
      { id: token.id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: staleBefore } }] },
      { lastUsedAt: now },
    );
    token.lastUsedAt = now;
  }
  return { user: token.user, token, scopes: normalizeScopes(token.scopes) };
}

/**
 * Revokes one of `user`'s tokens; revoking a refresh token also revokes the access tokens made from it. Returns
 * the token, or null when the user holds no such token. Revoking twice keeps the first time.
 */
export async function revokeToken(
  em: EntityManager,
  user: Pick<User, 'id'>,
  tokenId: string,
  now: Date = new Date(),
): Promise<ApiToken | null> {
  const token = await em.findOne(ApiToken, { id: tokenId, user: user.id });
  if (!token) return null;
  token.revokedAt ??= now;
  await em.nativeUpdate(ApiToken, { parent: token.id, revokedAt: null }, { revokedAt: now });
  await em.flush();
  return token;
}
