import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, type User } from '@quire/db';
import { countryByCode, SESSION_TOUCH_INTERVAL_MS, securityTexts } from '@quire/domain';
import Bowser from 'bowser';
import type { Context } from '../../trpc';
import { createSession, SESSION_TTL_MS } from '../session';

export const SESSION_COOKIE = 'sid';

/** Signs the user in on this browser: a new session row and its HttpOnly cookie. */
export async function signIn(ctx: Context, em: EntityManager, user: User) {
  const { token, session } = await createSession(em, user, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    now: ctx.now(),
  });
  session.country = ctx.visitor.country;
  ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, maxAgeSeconds: SESSION_TTL_MS / 1000 });
}

/** Revokes every live session of a user (password change, account security). */
export async function revokeAllSessions(em: EntityManager, userId: string, now: Date) {
  const live = await em.find(Session, { user: userId, revokedAt: null });
  for (const session of live) session.revokedAt = now;
}

/**
 * Records a session's last use and place, at most once per SESSION_TOUCH_INTERVAL_MS: most requests write
 * nothing, and the one that does is a single conditional update.
 */
export async function touchSession(
  em: EntityManager,
  session: Pick<Session, 'id' | 'lastSeenAt' | 'country'>,
  now: Date,
  country: string | null,
) {
  const fresh =
    session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS;
  if (fresh && (!country || country === session.country)) return;
  await em
    .getConnection()
    .execute('update sessions set last_seen_at = ?, country = coalesce(?, country) where id = ?', [
      now,
      country,
      session.id,
    ]);
}

/** Browser and operating system of a user agent, as a person names them ("Firefox on Windows"). */
export function deviceOf(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  label: string;
} {
  if (!userAgent) return { browser: null, os: null, label: securityTexts.unknownDevice };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || null;
  const os = parsed.os.name || null;
  return { browser, os, label: securityTexts.device(browser, os) };
}

/** Spec §2 #security: the user's live sessions, the current one first, then by last use. */
export async function listSessions(
  em: EntityManager,
  userId: string,
  currentSessionId: string | null,
  now: Date,
) {
  const rows = await em.find(
    Session,
    { user: userId, revokedAt: null, expiresAt: { $gt: now } },
    { orderBy: { lastSeenAt: 'desc nulls last', createdAt: 'desc' } },
  );
  const sessions = rows.map((s) => ({
    id: s.id,
    device: deviceOf(s.userAgent ?? null),
    country: s.country ?? null,
    place: (s.country && countryByCode(s.country)?.name) || securityTexts.unknownPlace,
    lastUsedAt: (s.lastSeenAt ?? s.createdAt).toISOString(),
    signedInAt: s.createdAt.toISOString(),
    current: s.id === currentSessionId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Ends one of the user's sessions at once: its cookie is refused from the next request. False if none. */
export async function revokeSession(em: EntityManager, userId: string, sessionId: string, now: Date) {
  const revoked = await em.nativeUpdate(
    Session,
    { id: sessionId, user: userId, revokedAt: null },
    { revokedAt: now },
  );
  return revoked > 0;
}

/** Ends every session of the user except the current one; returns how many ended. */
export async function revokeOtherSessions(
  em: EntityManager,
  userId: string,
  currentSessionId: string | null,
  now: Date,
) {
  return em.nativeUpdate(
    Session,
    { user: userId, revokedAt: null, ...(currentSessionId ? { id: { $ne: currentSessionId } } : {}) },
    { revokedAt: now },
  );
}
