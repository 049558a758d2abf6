import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Serialises the transactions that take the same `key` until each commits (a PostgreSQL advisory lock), for
 * read-then-write steps that a unique index alone cannot make safe (folding, counting, make-on-first-use).
 */
export async function lockUntilCommit(em: EntityManager, key: string): Promise<void> {
  if (!em.isInTransaction()) throw new Error('lockUntilCommit() must run inside a transaction.');
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}
