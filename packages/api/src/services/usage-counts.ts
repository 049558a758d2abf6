import type { EntityManager } from '@mikro-orm/postgresql';
import { API_RATE_LIMIT, API_RATE_WINDOW_MS } from '@quire/domain';

/** What one request's hit of the limit found: whether it may go on, and the X-RateLimit-* values. */
export interface RateWindow {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends (X-RateLimit-Reset, in Unix seconds). */
  resetAt: Date;
}

/** The end of the fixed window of `windowMs` that `now` falls in (windows start on multiples of their length). */
const windowEnd = (now: Date, windowMs: number) =>
  new Date(now.getTime() - (now.getTime() % windowMs) + windowMs);

/** Deletes the counts that ended: run by the first hit of each window, so rows never pile up. */
const sweepEnded = (em: EntityManager, now: Date) =>
  em.execute('delete from usage_counts where ends_at <= ?', [now]);

/**
 * Adds one hit to `key`'s count ending at `endsAt`, in one statement: with a `limit`, only while the count is
 * below it (null when it is not). The first hit of a window also deletes the counts that ended.
 */
async function addHit(em: EntityManager, key: string, endsAt: Date, now: Date, limit?: number) {
  const [row] = await em.execute<{ hits: number }[]>(
    `insert into usage_counts (key, ends_at, hits) values (?, ?, 1)
     on conflict (key, ends_at) do update set hits = usage_counts.hits + 1
     ${limit === undefined ? '' : 'where usage_counts.hits < ?'} returning hits`,
    limit === undefined ? [key, endsAt] : [key, endsAt, limit],
  );
  if (row?.hits === 1) await sweepEnded(em, now);
  return row?.hits ?? null;
}

/**
 * Counts one request of `key` in its fixed window (usage_counts), checked and incremented in one statement, so
 * concurrent requests in every app process are counted exactly: a window at its limit is left as it is and the
 * request refused.
 */
export async function hitRateWindow(
  em: EntityManager,
  key: string,
  now: Date,
  limit = API_RATE_LIMIT,
  windowMs = API_RATE_WINDOW_MS,
): Promise<RateWindow> {
  const resetAt = windowEnd(now, windowMs);
  const hits = await addHit(em, key, resetAt, now, limit);
  if (hits === null) return { allowed: false, limit, remaining: 0, resetAt };
  return { allowed: true, limit, remaining: limit - hits, resetAt };
}

/**
 * Counts one hit of `key` in its fixed window of `windowMs`, past any allowance too, and says how many there were
 * and when the window ends: what an abuse throttle compares with its allowance (apps/server's throttle store).
 */
export async function countHit(
  em: EntityManager,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ hits: number; endsAt: Date }> {
  const endsAt = windowEnd(now, windowMs);
  return { hits: (await addHit(em, key, endsAt, now))!, endsAt };
}

/**
 * Records a one-time `key` (a captcha's nonce) as used until `until`, so every app process sees it: true the
 * first time, false after. The row is deleted with the ended windows once `until` has passed.
 */
export async function spendOnce(em: EntityManager, key: string, until: Date): Promise<boolean> {
  const rows = await em.execute<{ hits: number }[]>(
    'insert into usage_counts (key, ends_at, hits) values (?, ?, 1) on conflict do nothing returning hits',
    [key, until],
  );
  return rows.length === 1;
}
