import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { entities } from './entities';
import { noteQuery } from './query-observer';
import { REPO_ROOT } from './repo-root';

export const migrationsPath = path.join(REPO_ROOT, 'packages/db/src/migrations');

/** How long a query waits for a pooled connection (a free one, or a new one to connect) before it fails. */
export const POOL_ACQUIRE_TIMEOUT_MS = 3_000;
/** Idle pooled connections close after this, so a restarted server's connections are made afresh. */
const POOL_IDLE_TIMEOUT_MS = 10_000;

/** MikroORM configuration for a PostgreSQL URL; every process (server, worker, tests, seed) uses this. */
export function createOrmConfig(clientUrl: string, options: { poolMax?: number; debug?: boolean } = {}) {
  return defineConfig({
    clientUrl,
    entities: [...entities],
    extensions: [Migrator],
    debug: options.debug ?? false,
    onQuery: noteQuery,
    pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS },
    // pg-pool's own options: without an acquire timeout a query waits forever for a server that is down.
    // A connection the server drops is discarded by the pool; TCP keep-alive finds those dropped silently.
    driverOptions: {
      connectionTimeoutMillis: POOL_ACQUIRE_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Only preparedRows binds values (the ORM sends its values written into the text): its statements read by
      // keys and indexes, so one plan per connection serves every value; planning per run cost more than the run.
      options: '-c plan_cache_mode=force_generic_plan',
    },
    migrations: {
      path: migrationsPath,
      pathTs: migrationsPath,
      glob: '!(*.d).{js,ts}',
      emit: 'ts',
      snapshot: true,
      // A fixed name: by default the file is named after the database, and tests use many.
      snapshotName: '.snapshot-quire',
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
    // Functions and triggers are written by hand in migrations (story_search_text, posts_search_text):
    // schema diffs must not drop them.
    schemaGenerator: { ignoreRoutines: true, ignoreTriggers: true },
    allowGlobalContext: false,
  });
}
