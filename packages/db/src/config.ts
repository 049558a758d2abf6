import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { entities } from './entities';

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsPath = path.join(here, 'migrations');

/** MikroORM configuration for a PostgreSQL URL; every process (server, worker, tests, seed) uses this. */
export function createOrmConfig(clientUrl: string, options: { poolMax?: number; debug?: boolean } = {}) {
  return defineConfig({
    clientUrl,
    entities: [...entities],
    extensions: [Migrator],
    debug: options.debug ?? false,
    pool: { min: 0, max: options.poolMax ?? 10 },
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
    allowGlobalContext: false,
  });
}
