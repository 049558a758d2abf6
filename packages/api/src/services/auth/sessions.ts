import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, type User } from '@quire/db';
import type { Context } from '../../trpc';
import { createSession, SESSION_TTL_MS } from '../session';

export const SESSION_COOKIE = 'sid';

/** Signs the user in on this browser: a new session row and its HttpOnly cookie. */
export async function signIn(ctx: Context, em: EntityManager, user: User) {
  const { token } = await createSession(em, user, { ip: ctx.ip, userAgent: ctx.userAgent, now: ctx.now() });
  ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, maxAgeSeconds: SESSION_TTL_MS / 1000 });
}

/** Revokes every live session of a user (password change, account security). */
export async function revokeAllSessions(em: EntityManager, userId: string, now: Date) {
  const live = await em.find(Session, { user: userId, revokedAt: null });
  for (const session of live) session.revokedAt = now;
}
