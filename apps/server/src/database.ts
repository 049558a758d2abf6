import cluster from 'node:cluster';
import { connectDatabase as connect } from '@quire/db';
import type { ServerConfig } from './config';

/**
 * The server's database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR. A web process (WEB_PROCESSES)
 * leaves the migrations to the process that forked it, which ran them before it forked.
 */
export function connectDatabase(config: ServerConfig, log: (m: string) => void) {
  return connect({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    embeddedPort: config.EMBEDDED_PG_PORT,
    poolMax: config.DATABASE_POOL_MAX,
    migrate: !cluster.isWorker,
    log,
  });
}
