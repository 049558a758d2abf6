import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * The rows a worker builds one at a time (data exports, subscriber exports): QUEUED until a worker claims one,
 * RUNNING while it builds, taken up again when a build was cut off, FAILED after too many starts.
 */

/** Builds started for one export before it is marked FAILED (a build cut off by a restart is taken up again). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** A RUNNING export whose progress has not moved for this long was cut off (its process stopped). */
export const EXPORT_STALE_MS = 10 * 60 * 1000;

/** The tables of such rows (a fixed list: the name goes into the SQL). */
export type ExportQueueTable = 'exports' | 'subscriber_exports';

/**
 * Takes the oldest queued row (or one whose build was cut off) and marks it RUNNING, atomically: any number of
 * workers may call this at once and each row is built by one. Cut-off builds past their attempts fail.
 * `alsoSet` is more of the claim's SET clause (e.g. resetting a progress column).
 */
export async function claimNextQueued(
  em: EntityManager,
  table: ExportQueueTable,
  now: Date,
  alsoSet = '',
): Promise<string | null> {
  const stale = new Date(now.getTime() - EXPORT_STALE_MS);
  await em.execute(
    `update ${table} set status = 'FAILED', finished_at = ?, updated_at = ?
     where status = 'RUNNING' and updated_at < ? and attempts >= ?`,
    [now, now, stale, EXPORT_MAX_ATTEMPTS],
  );
  const rows = await em.execute<{ id: string }[]>(
    `update ${table} set status = 'RUNNING', attempts = attempts + 1${alsoSet}, started_at = ?, updated_at = ?
     where id = (
       select id from ${table}
       where status = 'QUEUED' or (status = 'RUNNING' and updated_at < ? and attempts < ?)
       order by created_at
       limit 1
       for update skip locked
     )
     returning id`,
    [now, now, stale, EXPORT_MAX_ATTEMPTS],
  );
  return rows[0]?.id ?? null;
}

/**
 * Builds every queued row, one after another; a failed build is told to `onError` (the build marks it FAILED)
 * and the next one goes on. Returns how many were built.
 */
export async function runQueued(
  em: EntityManager,
  steps: {
    claim(em: EntityManager, now: Date): Promise<string | null>;
    build(em: EntityManager, id: string): Promise<unknown>;
    now: () => Date;
  },
  onError: (id: string, error: Error) => void,
): Promise<number> {
  let built = 0;
  for (;;) {
    const id = await steps.claim(em.fork(), steps.now());
    if (!id) return built;
    try {
      await steps.build(em.fork(), id);
      built += 1;
    } catch (error) {
      onError(id, error as Error);
    }
  }
}
