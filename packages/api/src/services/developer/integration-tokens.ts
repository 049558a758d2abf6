import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken, type User } from '@quire/db';
import {
  type CreateIntegrationTokenInput,
  MAX_INTEGRATION_TOKENS,
  developerTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { lockUntilCommit } from '../locks';
import { issueToken, normalizeScopes, revokeToken } from './tokens';

/** A token as the settings list shows it (never its value or hash). */
const listed = (token: ApiToken) => ({
  id: token.id,
  name: token.name,
  scopes: normalizeScopes(token.scopes),
  createdAt: token.createdAt.toISOString(),
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

/** The viewer's live integration tokens, newest first. */
export async function integrationTokens(em: EntityManager, viewer: User) {
  const rows = await em.find(
    ApiToken,
    { user: viewer.id, kind: 'INTEGRATION', revokedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return { tokens: rows.map(listed) };
}

/**
 * Makes an integration token for the viewer (in the caller's transaction); answers its value, shown this once.
 * The count is checked under a per-user lock, so parallel requests cannot pass MAX_INTEGRATION_TOKENS.
 */
export async function createIntegrationToken(
  em: EntityManager,
  viewer: User,
  input: CreateIntegrationTokenInput,
) {
  await lockUntilCommit(em, `integration-tokens:${viewer.id}`);
  const held = await em.count(ApiToken, { user: viewer.id, kind: 'INTEGRATION', revokedAt: null });
  if (held >= MAX_INTEGRATION_TOKENS) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tooMany });
  const { token, row } = await issueToken(em, {
    user: viewer,
    kind: 'INTEGRATION',
    name: input.name,
    scopes: input.scopes,
  });
  return { token, ...listed(row) };
}

/** Revokes one of the viewer's integration tokens; another's, or none, is NOT_FOUND. */
export async function revokeIntegrationToken(em: EntityManager, viewer: User, tokenId: string, now: Date) {
  const token = await em.findOne(ApiToken, { id: tokenId, user: viewer.id, kind: 'INTEGRATION' });
  if (!token || !(await revokeToken(em, viewer, token.id, now))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });
  }
  return { id: token.id };
}
