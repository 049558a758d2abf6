import { spawnSync } from 'node:child_process';
import { buildApp } from './app';
import { clientBuildsExist } from './assets';
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

if (!workerOnly && !clientBuildsExist()) {
  log('client apps are not built yet; building them once (pnpm build)');
  const build = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const db = await connectDatabase(config, log);
const worker =
  workerOnly || config.RUN_JOBS ? await startWorker({ orm: db.orm, url: db.url, config, log }) : null;
if (workerOnly) {
  log('worker running');
  const stop = async () => {
    await worker?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: shutting down`);
    await app.close();
    await worker?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  log(
    `ready on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} in ${Math.round(performance.now() - started)} ms`,
  );
}
