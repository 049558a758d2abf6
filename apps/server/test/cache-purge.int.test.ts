import type { EntityManager } from '@mikro-orm/postgresql';
import { purgeCacheTags } from '@quire/api';
import { useTestDatabase } from '@quire/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForCachePurges } from '../src/cache-purge';

const db = useTestDatabase();
const heard: string[] = [];
let listener: ReturnType<typeof listenForCachePurges>;
beforeAll(async () => {
  listener = listenForCachePurges(
    String(db.orm.config.get('clientUrl')),
    { purgeTag: (t) => heard.push(t) },
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
});
