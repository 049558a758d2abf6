import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows, Session, User } from '@quire/db';
import { type FactsRow, policyViewerMemo, viewerFactsColumns } from '../policies';
import { type ReaderSetsRow, readerSetsColumns, rememberReaderSets } from './feed';

/** Session lifetime: 30 days, renewed by use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Tokens are stored only as their SHA-256, so a database leak yields no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque random token (for sessions, xsrf, links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Starts a session for a user; returns the raw token for the cookie (never stored). */
export async function createSession(
  em: EntityManager,
  user: User,
  meta: { ip: string; userAgent?: string; now: Date },
) {
  const token = randomToken();
  const session = em.create(Session, {
    tokenHash: hashToken(token),
    user,
    expiresAt: new Date(meta.now.getTime() + SESSION_TTL_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    lastSeenAt: meta.now,
  });
  await em.flush();
  return { token, session };
}

type SessionRow = FactsRow &
  Partial<ReaderSetsRow> & {
    session: Record<string, unknown>;
    user: Record<string, unknown>;
    dismissed_flags?: string[];
  };

/** What the session's statement reads besides the session and its user. */
interface SessionReads {
  /** The popovers the user dismissed (spec §3 User.dismissableFlags), which every page renders with. */
  dismissedFlags?: boolean;
  /** The reader's follows, mutes and blocks, for a page that ranks or filters stories by them (feed.ts). */
  readerSets?: boolean;
}

/**
 * The live session row of a raw cookie token with its user, and what else `reads` asks for. The access rules'
 * facts about the user come in the same statement and are remembered for the request, as are the reader's sets.
 */
async function sessionRow(em: EntityManager, token: string | undefined, now: Date, reads: SessionReads) {
  if (!token || token.length > 200) return null;
  // Every signed-in request runs this: one prepared statement mapped into entities (the ORM's join cost ~0.8 ms).
  const flags = reads.dismissedFlags
    ? `, coalesce((select array_agg(f.flag order by f.flag) from user_dismissed_flags f where f.user_id = u.id), '{}')
         as dismissed_flags`
    : '';
  const sets = reads.readerSets ? `, ${readerSetsColumns('u.id')}` : '';
  const remember = policyViewerMemo(em);
  const [row] = await preparedRows<SessionRow>(
    em,
    `select to_jsonb(s) as session, to_jsonb(u) as user${flags}${sets}, ${viewerFactsColumns('u.id')}
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = ? and s.revoked_at is null and s.expires_at > ?`,
    [hashToken(token), now],
  );
  if (!row || row.user.is_deleted) return null;
  const user = em.map(User, row.user);
  remember(user, row);
  if (reads.readerSets) rememberReaderSets(em, user, row as SessionRow & ReaderSetsRow);
  return { session: em.map(Session, row.session), dismissedFlags: row.dismissed_flags ?? [] };
}

/**
 * The live session for a raw cookie token, with its user and the popovers that user dismissed (spec §3
 * User.dismissableFlags, which every page renders with); null when unknown, expired or revoked.
 */
export function readSession(
  em: EntityManager,
  token: string | undefined,
  now: Date,
  reads: Pick<SessionReads, 'readerSets'> = {},
): Promise<{ session: Session; dismissedFlags: string[] } | null> {
  return sessionRow(em, token, now, { ...reads, dismissedFlags: true });
}

/** The live session for a raw cookie token, with its user; null when unknown, expired or revoked. */
export async function sessionFromToken(em: EntityManager, token: string | undefined, now: Date) {
  return (await sessionRow(em, token, now, {}))?.session ?? null;
}
