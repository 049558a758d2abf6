import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';
import { type Orm, openDatabase } from './orm';
import { REPO_ROOT } from './repo-root';

const DATABASE_NAME = 'quire';
const POOL_CLOSE_TIMEOUT_MS = 5_000;

export interface DatabaseOptions {
  /** A PostgreSQL server of your own; when absent, the embedded one is used. */
  databaseUrl?: string;
  /** Where the embedded server keeps its data (kept across restarts). */
  dataDir: string;
  embeddedPort: number;
  poolMax?: number;
  /** Bring the schema up to date (the default); off where another process already did (a web process). */
  migrate?: boolean;
  log?: (message: string) => void;
}

/**
 * Connects to `databaseUrl`, or starts the embedded PostgreSQL with its data under `dataDir` and
 * creates the `quire` database on first run. Migrations run before this returns, unless `migrate` is false.
 */
export async function connectDatabase(options: DatabaseOptions) {
  let url = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const dataDir = path.join(options.dataDir, 'postgres');
    options.log?.(`starting embedded PostgreSQL (data in ${dataDir}, port ${options.embeddedPort})`);
    const cluster = await startEmbeddedPostgres({
      dataDir,
      port: options.embeddedPort,
      persistent: true,
      quiet: true,
      log: options.log,
    });
    await ensureDatabase(cluster.adminUrl, DATABASE_NAME);
    url = cluster.urlFor(DATABASE_NAME);
    stopEmbedded = () => cluster.stop();
  }
  const orm: Orm = await openDatabase(url, { migrate: options.migrate ?? true, poolMax: options.poolMax });
  return {
    orm,
    url,
    /** Closes the pool (bounded: a connection a query never gives back is abandoned), then stops the embedded server. */
    async close() {
      await Promise.race([orm.close().catch(() => {}), setTimeout(POOL_CLOSE_TIMEOUT_MS)]);
      await stopEmbedded?.();
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** The default data directory: `.data/` at the repository root. */
export const defaultDataDir = path.join(REPO_ROOT, '.data');
/** The embedded server's default port. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;
