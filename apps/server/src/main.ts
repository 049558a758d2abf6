import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { setPriority } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { clientBuildProblem } from './assets';
import { loadConfig, repoRoot, startSecretEnv } from './config';
import { connectDatabase } from './database';
import { REQUEST_DEADLINE_MS } from './health';
import { LocalDiskMediaStore } from './media-store';
import { listenForStopSignals, onStopSignal } from './stop-signals';
import {
  announceListening,
  databaseFromPrimary,
  startWebProcesses,
  type WebProcesses,
} from './web-processes';
import { startWorker } from './worker';

// `pnpm start`: build the client apps if needed, start PostgreSQL (embedded unless DATABASE_URL),
// migrate, seed demo content into an empty database, then serve (and run jobs).
// `pnpm start --worker`: run only the background jobs, for scaling them out.
// With WEB_PROCESSES above 1, this process does all of that but serving, and forks the web processes that serve.
const started = performance.now();
const config = loadConfig();
const workerOnly = process.argv.includes('--worker');
const forksWebProcesses = !workerOnly && cluster.isPrimary && config.WEB_PROCESSES > 1;
const log = cluster.isWorker
  ? (m: string) => process.stderr.write(`quire[${process.pid}]: ${m}\n`)
  : (m: string) => process.stderr.write(`quire: ${m}\n`);
/** How long a graceful shutdown may take before the process exits anyway (the database then stops on its own). */
const SHUTDOWN_TIMEOUT_MS = 30_000;
/** After a stop signal the listener closes once no connection has arrived for this long… */
const ACCEPT_QUIET_MS = 150;
/** …or after this, under a steady stream of new connections. */
const ACCEPT_DRAIN_MAX_MS = 2_000;
/** The job worker's own graceful stop waits up to 10 s for running jobs. */
const JOBS_STOP_MS = 11_000;

// Until the shutdown hooks are in place a signal just exits, which also stops the embedded database.
listenForStopSignals();

const buildProblem = workerOnly || cluster.isWorker ? null : clientBuildProblem();
if (buildProblem) {
  log(`building the client apps (pnpm build): ${buildProblem}`);
  const build = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The web processes load their code while this process starts the database, and connect once it is ready.
const web = forksWebProcesses
  ? startWebProcesses({
      count: config.WEB_PROCESSES,
      entry: import.meta.url,
      // They use this process's database (embedded or not), and leave seeding and jobs to it.
      env: { SEED_DEMO: 'false', RUN_JOBS: 'false', ...startSecretEnv() },
      log,
    })
  : null;
const db = await connectDatabase(
  cluster.isWorker ? { ...config, DATABASE_URL: await databaseFromPrimary() } : config,
  log,
).catch(async (error: unknown) => {
  await web?.stop();
  throw error;
});
// Jobs (a newsletter's sending) are batch work: below the site's priority they take the CPU readers leave idle.
// Set after the database is up, so an embedded PostgreSQL started by this process keeps the normal priority.
if (workerOnly && config.WORKER_NICE > 0) setPriority(config.WORKER_NICE);
const worker =
  workerOnly || config.RUN_JOBS ? await startWorker({ orm: db.orm, url: db.url, config, log }) : null;
if (workerOnly) {
  log('worker running');
  onShutdownSignal(async (signal) => {
    await bounded(signal, 'the job worker', JOBS_STOP_MS, worker?.stop());
    await db.close();
  });
} else if (web) {
  await serveFromWebProcesses(web);
} else {
  await serve();
}

async function seedIfAsked() {
  if (config.SEED_DEMO) {
    const { seedDemoIfEmpty } = await import('@quire/seed');
    // The demo's images go where the media routes read uploads.
    const media = new LocalDiskMediaStore(path.join(config.DATA_DIR, 'media'));
    const seeded = await seedDemoIfEmpty(db.orm, { media });
    if (seeded) {
      log(`seeded demo content: ${seeded.users} writers, ${seeded.posts} stories, ${seeded.images} images`);
    }
  }
}

/** This process keeps the database and the jobs; WEB_PROCESSES forks of it serve the port. */
async function serveFromWebProcesses(web: WebProcesses) {
  await seedIfAsked();
  web.useDatabase(db.url);
  const shutdown = async (signal: string) => {
    log(`${signal}: shutting down`);
    // Each web process drains its requests as a single server does; the jobs and the database stop after them.
    await bounded(signal, 'the web processes', REQUEST_DEADLINE_MS + ACCEPT_DRAIN_MAX_MS + 4_000, web.stop());
    await bounded(signal, 'the job worker', JOBS_STOP_MS, worker?.stop());
    await db.close();
  };
  onShutdownSignal(shutdown);
  try {
    await web.ready;
  } catch (error) {
    await shutdown((error as Error).message);
    process.exit(1);
  }
  log(
    `ready on ${origin()} with ${config.WEB_PROCESSES} web processes in ${Math.round(performance.now() - started)} ms`,
  );
}

async function serve() {
  await seedIfAsked();
  const app = await buildApp({ orm: db.orm, config });
  onShutdownSignal(async (signal) => {
    log(`${signal}: shutting down`);
    // From now on each response closes its connection, so no client sends another request on one we close.
    app.server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
    await acceptQueueDrained(app.server);
    // In-flight requests finish first; the database stops last.
    // Keep-alive connections whose last request finishes during the close would otherwise stay open for
    // the keep-alive timeout: close each as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    // Every request has a deadline, so this ends; the bound covers a connection that never does.
    await bounded(signal, 'the HTTP server', REQUEST_DEADLINE_MS + 2_000, app.close());
    clearInterval(sweep);
    await bounded(signal, 'the job worker', JOBS_STOP_MS, worker?.stop());
    await db.close();
  });

  // A web process listens on a socket of its own, the kernel sharing connections among them (SO_REUSEPORT): a
  // connection is never handed through the forking process, where one on its way to a process that died would hang.
  await app.listen({
    port: config.PORT,
    host: config.HOST,
    ...(cluster.isWorker ? { exclusive: true, reusePort: true } : {}),
  });
  // A web process's start is told by the process that forked it.
  announceListening();
  if (cluster.isPrimary) log(`ready on ${origin()} in ${Math.round(performance.now() - started)} ms`);
}

function origin() {
  return `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
}

/**
 * Closing the listener resets the connections still in the kernel's accept queue, whose requests were already
 * sent; a busy process accepts them only one loop turn at a time. So the server keeps accepting (and
 * answering) until no connection has arrived for ACCEPT_QUIET_MS, or ACCEPT_DRAIN_MAX_MS at most.
 */
async function acceptQueueDrained(server: import('node:net').Server) {
  let last = performance.now();
  const arrived = () => {
    last = performance.now();
  };
  server.on('connection', arrived);
  const started = performance.now();
  while (performance.now() - last < ACCEPT_QUIET_MS && performance.now() - started < ACCEPT_DRAIN_MAX_MS) {
    await sleep(25);
  }
  server.off('connection', arrived);
}

/** Waits for one step of the shutdown, but no longer than `ms`: a stuck step must not keep the rest from running. */
async function bounded(signal: string, what: string, ms: number, step: Promise<unknown> | undefined) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([step?.catch((error: unknown) => error), late]);
  clearTimeout(timer);
  if (outcome === 'late') log(`${signal}: ${what} did not stop within ${ms} ms; going on`);
  else if (outcome instanceof Error) log(`${signal}: stopping ${what} failed: ${outcome.message}`);
}

/**
 * Runs `shutdown` once on SIGINT or SIGTERM, then exits (forced after SHUTDOWN_TIMEOUT_MS). Other signal hooks are
 * removed (`onStopSignal`).
 */
function onShutdownSignal(shutdown: (signal: string) => Promise<void>) {
  let closing = false;
  onStopSignal((signal) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      log(`${signal}: shutdown took over ${SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`${signal}: shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  });
}
