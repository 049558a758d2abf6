// What the benches that need seeded data share: options, the bench's own database, the production
// server on it, and the results files.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase, LocalDiskMediaStore, type Orm } from '@quire/db';
import { type ServerProcess, startServer } from '@quire/e2e';
import { seedDemo, seedScale } from '@quire/seed';
import type autocannon from 'autocannon';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `--name N` from the command line: a whole number, or the fallback when absent. */
export function numberOption(name: string, fallback: number, args = process.argv.slice(2)): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number`);
    process.exit(2);
  }
  return value;
}

/**
 * Seeds the demo data (and `scale` extra posts) into the bench's own embedded database under
 * `.data/<dataName>`, runs `prepare` on it, then starts a production server on that data as `./quire start` does.
 * The data is kept between runs, so a large scale is seeded once. With `keepDatabase` the bench keeps its
 * database running and connected (`db`, for it to close after the server) and the server connects to it by
 * DATABASE_URL, so the bench can write while the server runs.
 */
export async function startSeededServer<T>(opts: {
  /** Label for progress lines and the data folder name under `.data/`. */
  dataName: string;
  label: string;
  port: number;
  pgPort: number;
  scale?: number;
  env?: Record<string, string>;
  keepDatabase?: boolean;
  prepare: (orm: Orm) => Promise<T>;
}): Promise<{ server: ServerProcess; prepared: T; db: Database | null }> {
  const log = (m: string) => console.error(`${opts.label}: ${m}`);
  const dataDir = path.join(repoRoot, '.data', opts.dataName);
  log(`preparing data in ${dataDir}`);
  const db = await connectDatabase({ dataDir, embeddedPort: opts.pgPort, log });
  let prepared: T;
  try {
    await seedDemo(db.orm, { media: new LocalDiskMediaStore(path.join(dataDir, 'media')) });
    if (opts.scale) {
      const started = performance.now();
      await seedScale(db.orm, { posts: opts.scale });
      log(`scale data ready in ${Math.round(performance.now() - started)} ms`);
    }
    prepared = await opts.prepare(db.orm);
    if (!opts.keepDatabase) await db.close();
  } catch (error) {
    await db.close();
    throw error;
  }
  const database: Record<string, string> = opts.keepDatabase
    ? { DATABASE_URL: db.url }
    : { EMBEDDED_PG_PORT: String(opts.pgPort) };
  // As an operator starts it: `./quire start`, the bundled server (apps/server/start.mjs).
  const server = await startServer({
    repoRoot,
    port: opts.port,
    viaQuire: true,
    env: { DATA_DIR: dataDir, ...database, SEED_DEMO: 'false', ...opts.env },
  }).catch(async (error) => {
    if (opts.keepDatabase) await db.close();
    throw error;
  });
  log(`server ready in ${Math.round(server.readyMs)} ms`);
  return { server, prepared, db: opts.keepDatabase ? db : null };
}

type Database = Awaited<ReturnType<typeof connectDatabase>>;

/** Writes bench/results/<name>.json and <name>.md, and prints the table. */
export function writeResults(name: string, results: unknown, table: string): void {
  const outDir = path.join(repoRoot, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(outDir, `${name}.md`), `${table}\n`);
  console.log(table);
}

/** One load-test scenario's figures, as the results tables show them. */
export interface BenchRow {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  /** autocannon reports p97.5, not p95. */
  p97_5Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU per request, in ms (pnpm bench). */
  serverCpuMsPerRequest?: number;
  /** PostgreSQL's CPU (postmaster and backends) per request, in ms (pnpm bench). */
  dbCpuMsPerRequest?: number;
  /** The bench process's own CPU per request, in ms: autocannon runs in it (pnpm bench). */
  loadGeneratorCpuMsPerRequest?: number;
  /** How busy the machine's cores were during the row, in % of all of them (pnpm bench). */
  machineBusyPercent?: number;
  /** How many responses said each x-cache value (pnpm bench). */
  xCache?: Record<string, number>;
}

/** The row of one autocannon run, also printed as a progress line under `label`. */
export function benchRow(label: string, name: string, result: autocannon.Result): BenchRow {
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.error(
    `${label}: ${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`,
  );
  return row;
}
