import type { EntityManager } from '@mikro-orm/postgresql';
import { OAuthIdentity, TwoFactorAuth, User } from '@quire/db';
import { type OAuthProvider, providerNames, securityTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { listSessions, revokeOtherSessions, revokeSession } from './auth/sessions';

/** Ways to sign in other than one provider: a password, an email address for sign-in links, other providers. */
async function otherSignInWays(em: EntityManager, user: User, except: OAuthProvider | null) {
  const providers = await em.find(OAuthIdentity, { user: user.id }, { fields: ['provider'] });
  const others = providers.filter((p) => p.provider !== except).length;
  return others + (user.passwordHash ? 1 : 0) + (user.email ? 1 : 0);
}

/** The user's connected sign-in providers, each with whether it may be disconnected. */
async function connectedProviders(em: EntityManager, user: User) {
  const rows = await em.find(OAuthIdentity, { user: user.id }, { orderBy: { provider: 'asc' } });
  return Promise.all(
    rows.map(async (row) => ({
      provider: row.provider,
      name: providerNames[row.provider],
      email: row.email ?? null,
      connectedAt: row.createdAt.toISOString(),
      canDisconnect: (await otherSignInWays(em, user, row.provider)) > 0,
    })),
  );
}

/**
 * Spec §2 #security: password, two-factor, the signed-in sessions (device, place, last use) and the connected
 * sign-in providers of the viewer.
 */
export async function securityOverview(
  em: EntityManager,
  viewerId: string,
  sessionId: string | null,
  now: Date,
) {
  const user = await em.findOneOrFail(User, viewerId);
  const twoFactor = await em.findOne(TwoFactorAuth, { user: viewerId }, { fields: ['enabled'] });
  return {
    hasPassword: !!user.passwordHash,
    email: user.email ?? null,
    twoFactorEnabled: twoFactor?.enabled ?? false,
    sessions: await listSessions(em, viewerId, sessionId, now),
    providers: await connectedProviders(em, user),
  };
}

/** Signs one of the viewer's sessions out; a session that is not theirs or already ended is not found. */
export async function signOutSession(em: EntityManager, viewerId: string, sessionId: string, now: Date) {
  if (!(await revokeSession(em, viewerId, sessionId, now)))
    throw new TRPCError({ code: 'NOT_FOUND', message: securityTexts.sessionNotFound });
  return { revoked: 1 };
}

/** Signs out every session of the viewer but this one. */
export async function signOutOtherSessions(
  em: EntityManager,
  viewerId: string,
  sessionId: string | null,
  now: Date,
) {
  return { revoked: await revokeOtherSessions(em, viewerId, sessionId, now) };
}

/** Disconnects a sign-in provider, only while another way to sign in remains. */
export async function disconnectProvider(em: EntityManager, viewerId: string, provider: OAuthProvider) {
  const user = await em.findOneOrFail(User, viewerId);
  const identity = await em.findOne(OAuthIdentity, { user: viewerId, provider });
  if (!identity) throw new TRPCError({ code: 'NOT_FOUND', message: securityTexts.providerNotConnected });
  if ((await otherSignInWays(em, user, provider)) === 0)
    throw new TRPCError({ code: 'BAD_REQUEST', message: securityTexts.lastSignInWay });
  em.remove(identity);
  await em.flush();
  return { disconnected: provider };
}
