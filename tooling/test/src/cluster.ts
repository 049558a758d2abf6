import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, startEmbeddedPostgres } from '@quire/db';
import pg from 'pg';

export const TEMPLATE_DB = 'quire_template';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Replaces the database name of a postgres:// URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export interface TestCluster {
  /** URL of a maintenance database on the server (CREATE DATABASE runs there). */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server tests run against: `DATABASE_URL`'s server when set, else a throwaway
 * embedded cluster. A migrated template database is made once; each test file clones it.
 */
export async function startTestCluster(): Promise<TestCluster> {
  let adminUrl: string;
  let stop = async () => {};
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-test-pg-'));
    chmodSync(dir, 0o755); // the postgres system user must reach its data directory
    const cluster = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port: await freePort(),
      persistent: false,
      quiet: true,
      fast: true,
    });
    adminUrl = cluster.adminUrl;
    stop = async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await recreateDatabase(adminUrl, TEMPLATE_DB);
  const orm = await openDatabase(withDatabase(adminUrl, TEMPLATE_DB), { migrate: true, poolMax: 2 });
  await orm.close();
  return { adminUrl, stop };
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops (if present) and creates an empty database. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
}

/** Creates a database as a copy of the migrated template: a fresh, isolated schema in milliseconds. */
export async function cloneTemplate(adminUrl: string, name: string): Promise<string> {
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`));
  return withDatabase(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
