import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Orm, openDatabase } from '@quire/db';
import { afterAll, beforeAll, inject } from 'vitest';
import { cloneTemplate, dropDatabase } from './cluster';

export interface TestDatabase {
  readonly orm: Orm;
  readonly url: string;
  /** A fresh EntityManager (an isolated identity map), as one request would get. */
  em(): EntityManager;
}

/**
 * Gives the calling test file its own database, cloned from the migrated template before the
 * file's tests and dropped after them, so files run in parallel without sharing rows.
 */
export function useTestDatabase(): TestDatabase {
  const name = `quire_test_${randomBytes(5).toString('hex')}`;
  const adminUrl = inject('pgAdminUrl');
  let orm: Orm | undefined;
  let url = '';
  beforeAll(async () => {
    url = await cloneTemplate(adminUrl, name);
    orm = await openDatabase(url, { migrate: false, poolMax: 4 });
  });
  afterAll(async () => {
    await orm?.close();
    await dropDatabase(adminUrl, name);
  });
  return {
    get orm() {
      if (!orm) throw new Error('useTestDatabase(): the database is ready only inside tests and hooks');
      return orm;
    },
    get url() {
      return url;
    },
    em() {
      return this.orm.em.fork();
    },
  };
}
