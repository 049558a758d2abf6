import type { EntityManager } from '@mikro-orm/postgresql';
import { purgeCacheTags } from '@quire/api';
import { useTestDatabase } from '@quire/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForCachePurges } from '../src/cache-purge';

const db = useTestDatabase();
const heard: string[] = [];
let forgotAll = 0;
let listener: ReturnType<typeof listenForCachePurges>;
beforeAll(async () => {
  listener = listenForCachePurges(
    String(db.orm.config.get('clientUrl')),
    { purgeTag: (t) => heard.push(t), purgeAll: () => (forgotAll += 1) },
    () => {},
  );
  await listener.ready;
});
afterAll(() => listener.stop());

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('cache purges', () => {
  it('reach the listeners only when the transaction that asked for them commits', async () => {
    await expect(
      db.em().transactional(async (em: EntityManager) => {
        await purgeCacheTags(em, ['post-rolledback']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const committing = db.em().transactional(async (em: EntityManager) => {
      await purgeCacheTags(em, ['post-committed', 'group-edgeCacheHome']);
      await held;
    });
    await settle();
    // Still inside the transaction: a page rendered now would read the old rows, so nothing is purged yet.
    expect(heard).toEqual([]);
    release();
    await committing;
    await expect.poll(() => heard).toEqual(['post-committed', 'group-edgeCacheHome']);
  });

  it('forget everything after the listening connection is lost, for the purges sent meanwhile are', async () => {
    const ended = await db
      .em()
      .getConnection()
      .execute<{ ended: boolean }[]>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query = 'LISTEN quire_cache_purge'`,
      );
    expect(ended.map((r) => r.ended)).toEqual([true]);
    expect(forgotAll).toBe(0);
    // The listener retries each second until it is back, then forgets all it kept.
    await expect.poll(() => forgotAll, { timeout: 5000, interval: 50 }).toBe(1);
    heard.length = 0;
    await db.em().transactional((em: EntityManager) => purgeCacheTags(em, ['post-after-reconnect']));
    await expect.poll(() => heard).toEqual(['post-after-reconnect']);
  });
});
