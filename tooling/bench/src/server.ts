import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A `pnpm start`-equivalent server in its own process, so load generation does not share its CPU. */
export interface BenchServer {
  origin: string;
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
  stop(): Promise<void>;
}

export async function startServer(opts: {
  repoRoot: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<BenchServer> {
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(opts.repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: opts.repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(opts.port),
        ...opts.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${opts.port}`;
  const deadline = started + (opts.timeoutMs ?? 120_000);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (true) {
    if (exited) throw new Error('the server exited before it was ready');
    if (performance.now() > deadline) {
      child.kill('SIGTERM');
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}
