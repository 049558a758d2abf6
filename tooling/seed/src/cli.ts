// `pnpm seed [--scale N]`: seeds the demo content (idempotent) and, with --scale, N benchmark stories.
// Uses DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR (stopped again on exit); the demo's
// images go to DATA_DIR/media, where the server reads uploads.
import path from 'node:path';
import { connectDatabase, DEFAULT_EMBEDDED_PG_PORT, defaultDataDir, LocalDiskMediaStore } from '@quire/db';
import { seedDemo } from './demo';
import { MAX_SCALE_POSTS, type ScaleProgress, seedScale } from './scale';

const USAGE = `usage: pnpm seed [--scale N]
  Seeds the demo content (idempotent). With --scale N, also adds N benchmark stories
  (N/10 users, up to 50 follows each); N is a whole number from 1 to ${MAX_SCALE_POSTS.toLocaleString('en-US')}.`;

const log = (message: string) => process.stderr.write(`seed: ${message}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function fail(message: string): never {
  process.stderr.write(`seed: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** Parses the command line; exits with status 2 and a clear message on bad input. */
function parseArgs(argv: string[]): { scale: number | null } {
  let scale: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    let value: string | undefined;
    if (arg === '--scale') value = argv[++i];
    else if (arg.startsWith('--scale=')) value = arg.slice('--scale='.length);
    else fail(`unknown argument ${JSON.stringify(arg)}`);
    if (value === undefined || value === '') fail('--scale needs a number of stories, e.g. --scale 100000');
    const digits = value.replace(/_/g, '');
    if (!/^\d+$/.test(digits)) fail(`--scale must be a positive whole number, got ${JSON.stringify(value)}`);
    const n = Number(digits);
    if (n < 1) fail('--scale must be at least 1');
    if (n > MAX_SCALE_POSTS) fail(`--scale must be at most ${fmt(MAX_SCALE_POSTS)}, got ${fmt(n)}`);
    scale = n;
  }
  return { scale };
}

const formatSeconds = (s: number) =>
  !Number.isFinite(s)
    ? '--'
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`
      : `${Math.round(s)}s`;

/** A self-drawn progress bar on stderr: redrawn in place on a terminal, a line per 10% otherwise. */
function progressBar() {
  const tty = process.stderr.isTTY === true;
  const started = performance.now();
  let lastDraw = 0;
  let lastDecile = -1;
  let drawn = false;
  return {
    update(p: ScaleProgress) {
      const now = performance.now();
      const fraction = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
      const elapsed = (now - started) / 1000;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      const eta = rate > 0 ? (p.total - p.done) / rate : Number.POSITIVE_INFINITY;
      const percent = `${(fraction * 100).toFixed(1).padStart(5)}%`;
      const stats = `${fmt(p.done)}/${fmt(p.total)} rows  ${fmt(rate)} rows/s  ETA ${formatSeconds(eta)}  ${p.phase}`;
      if (tty) {
        if (now - lastDraw < 100 && fraction < 1) return;
        lastDraw = now;
        const width = 30;
        const filled = Math.round(fraction * width);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
        process.stderr.write(`\r\x1b[2Kseed: [${bar}] ${percent}  ${stats}`);
        drawn = true;
      } else {
        const decile = Math.floor(fraction * 10);
        if (decile === lastDecile) return;
        lastDecile = decile;
        process.stderr.write(`seed: ${percent}  ${stats}\n`);
      }
    },
    finish() {
      if (drawn) process.stderr.write('\n');
    },
  };
}

const { scale } = parseArgs(process.argv.slice(2));
const dataDir = process.env.DATA_DIR ?? defaultDataDir;
const db = await connectDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir,
  embeddedPort: Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PG_PORT),
  log,
});

let closing = false;
const stop = async (code: number) => {
  if (closing) return;
  closing = true;
  await db.close().catch((error: unknown) => log(`closing the database failed: ${String(error)}`));
  process.exit(code);
};
process.on('SIGINT', () => {
  process.stderr.write('\n');
  log('interrupted; nothing from the unfinished step was kept');
  void stop(130);
});
process.on('SIGTERM', () => void stop(143));

try {
  const demoStarted = performance.now();
  const demo = await seedDemo(db.orm, { media: new LocalDiskMediaStore(path.join(dataDir, 'media')) });
  const demoMs = Math.round(performance.now() - demoStarted);
  const added = demo.posts + demo.users + demo.follows + demo.claps + demo.featureFlags + demo.notifications;
  if (added + demo.images === 0) {
    log(`demo content already present; nothing to do (${demoMs} ms)`);
  } else {
    log(
      `demo content: ${demo.users} writers, ${demo.publications} publications, ${demo.topics} topics, ` +
        `${demo.stories} stories, ${demo.drafts} drafts, ${demo.unlisted} unlisted, ${demo.responses} responses, ` +
        `${demo.follows} follows, ${demo.claps} claps, ${demo.notifications} notifications, ${demo.featureFlags} feature flags, ${demo.images} images (${demoMs} ms)`,
    );
  }

  if (scale !== null) {
    log(`scale: seeding ${fmt(scale)} stories`);
    const bar = progressBar();
    const result = await seedScale(db.url, { posts: scale, onProgress: (p) => bar.update(p) });
    bar.finish();
    const seconds = result.ms / 1000;
    if (result.skipped) {
      log(`scale: already at ${fmt(result.posts)} stories and ${fmt(result.users)} users; nothing to do`);
    } else {
      log(
        `scale: ${fmt(result.posts)} stories, ${fmt(result.users)} users; ${fmt(result.rowsInserted)} rows in ` +
          `${seconds.toFixed(1)} s (${fmt(result.rowsInserted / seconds)} rows/s)`,
      );
    }
  }
  await stop(0);
} catch (error) {
  if (closing) await new Promise(() => {}); // interrupted: the signal handler is already exiting
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await stop(1);
}
