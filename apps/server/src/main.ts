import { spawnSync } from 'node:child_process';
import { buildApp } from './app';
import { clientBuildProblem } from './assets';
import { loadConfig, repoRoot } from './config';
import { connectDatabase } from './database';
import { startWorker } from './worker';

// `pnpm start`: build the client apps if needed, start PostgreSQL (embedded unless DATABASE_URL),
// migrate, seed demo content into an empty database, then serve (and run jobs).
// `pnpm start --worker`: run only the background jobs, for scaling them out.
const started = performance.now();
const config = loadConfig();
const workerOnly = process.argv.includes('--worker');
const log = (m: string) => process.stderr.write(`quire: ${m}\n`);
/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

const buildProblem = workerOnly ? null : clientBuildProblem();
if (buildProblem) {
  log(`building the client apps (pnpm build): ${buildProblem}`);
  const build = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const db = await connectDatabase(config, log);
const worker =
  workerOnly || config.RUN_JOBS ? await startWorker({ orm: db.orm, url: db.url, config, log }) : null;
if (workerOnly) {
  log('worker running');
  onShutdownSignal(async () => {
    await worker?.stop();
    await db.close();
  });
} else {
  await serve();
}

async function serve() {
  if (config.SEED_DEMO) {
    const { seedDemoIfEmpty } = await import('@quire/seed');
    const seeded = await seedDemoIfEmpty(db.orm);
    if (seeded) log(`seeded demo content: ${seeded.users} writers, ${seeded.posts} stories`);
  }

  const app = await buildApp({ orm: db.orm, config });
  onShutdownSignal(async (signal) => {
    log(`${signal}: shutting down`);
    // In-flight requests finish first; the database stops last.
    // Keep-alive connections whose last request finishes during the close would otherwise stay open for
    // the keep-alive timeout: close each as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(sweep);
    await worker?.stop();
    await db.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  log(
    `ready on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * Runs `shutdown` once on SIGINT or SIGTERM, then exits (forced after SHUTDOWN_TIMEOUT_MS). The embedded
 * PostgreSQL package's own signal hooks are removed first: they would stop the database at once, under
 * requests still being answered.
 */
function onShutdownSignal(shutdown: (signal: string) => Promise<void>) {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
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
}
