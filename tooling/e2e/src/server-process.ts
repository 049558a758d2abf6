import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A `pnpm start`-equivalent server in its own process (benches load it; tests stop it under load). */
export interface ServerProcess {
  origin: string;
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
  /** What the server wrote to stdout and stderr, when started with `captureOutput`. */
  output(): string;
  /** SIGTERM (SIGKILL after 15 s); resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startServer(opts: {
  repoRoot: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  /** Keep the server's output for `output()` instead of passing it through. */
  captureOutput?: boolean;
}): Promise<ServerProcess> {
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
      stdio: ['ignore', opts.captureOutput ? 'pipe' : 'inherit', opts.captureOutput ? 'pipe' : 'inherit'],
    },
  );
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
  while (true) {
    if (exited) {
      throw new Error(
        `the server exited before it was ready${opts.captureOutput ? `:\n${output.slice(-2000)}` : ''}`,
      );
    }
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
    output: () => output,
    stop: () => {
      if (!exited) {
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }
      return exitCode;
    },
  };
}
