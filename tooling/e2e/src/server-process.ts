import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A `pnpm start`-equivalent server in its own process (benches load it; tests stop it under load). */
export interface ServerProcess {
  origin: string;
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
  /** The spawned process: node itself, or with `viaQuire` the leader of `./quire start`'s process group. */
  pid: number;
  /** What the server wrote to stdout and stderr, when started with `captureOutput`. */
  output(): string;
  /**
   * Sends `signal` (SIGTERM unless told) — with `viaQuire` to the whole process group, as a terminal's Ctrl-C
   * does — then SIGKILL after 15 s; resolves with the exit code.
   */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL to the spawned process alone, as a crash would end it; resolves once it is gone. */
  kill(): Promise<void>;
}

export async function startServer(opts: {
  repoRoot: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  /** Keep the server's output for `output()` instead of passing it through. */
  captureOutput?: boolean;
  /** Start it as an operator does, `./quire start`, leading a process group of its own. */
  viaQuire?: boolean;
}): Promise<ServerProcess> {
  const started = performance.now();
  const [command, args] = opts.viaQuire
    ? [path.join(opts.repoRoot, 'quire'), ['start']]
    : [process.execPath, ['--import', 'tsx', path.join(opts.repoRoot, 'apps/server/src/main.ts')]];
  const child: ChildProcess = spawn(command, args, {
    cwd: opts.repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      ...opts.env,
    },
    detached: opts.viaQuire ?? false,
    stdio: ['ignore', opts.captureOutput ? 'pipe' : 'inherit', opts.captureOutput ? 'pipe' : 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://127.0.0.1:${opts.port}`;
  const deadline = started + (opts.timeoutMs ?? 120_000);
  let exited = false;
  const exitCode = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const signalAll = (signal: NodeJS.Signals) => {
    if (exited) return;
    try {
      process.kill(opts.viaQuire ? -pid : pid, signal);
    } catch {}
  };
  while (true) {
    if (exited) {
      throw new Error(
        `the server exited before it was ready${opts.captureOutput ? `:\n${output.slice(-2000)}` : ''}`,
      );
    }
    if (performance.now() > deadline) {
      signalAll('SIGKILL');
      throw new Error('the server did not become ready in time');
    }
    try {
      const res = await fetch(`${origin}/_/health`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    origin,
    readyMs,
    pid,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      signalAll(signal);
      setTimeout(() => signalAll('SIGKILL'), 15_000).unref();
      return exitCode;
    },
    kill: async () => {
      if (!exited) child.kill('SIGKILL');
      await exitCode;
    },
  };
}

/** The pid of the embedded PostgreSQL server running on `dataDir` (DATA_DIR), from its `postmaster.pid`. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'), 10);
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Stops the embedded PostgreSQL of `dataDir` if it still runs (immediate shutdown), for a test's cleanup. */
export async function stopPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === null) return;
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 200 && postmasterPid(dataDir) === pid; i++) await new Promise((r) => setTimeout(r, 25));
  if (postmasterPid(dataDir) === pid) process.kill(pid, 'SIGKILL');
}
