import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * A process signalled while it finishes its start: the signal is caught while the process is busy (its event loop
 * not yet back to dispatch it), and its shutdown is set up in the same busy stretch. The stand-in runs the server's
 * own module (Node strips its types).
 */

const dir = mkdtempSync(path.join(tmpdir(), 'quire-stop-signals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const module = pathToFileURL(path.join(import.meta.dirname, '../src/stop-signals.ts')).href;

function standIn(name: string, source: string): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `import { listenForStopSignals, onStopSignal } from ${JSON.stringify(module)};\n${source}`,
  );
  return file;
}

/** Runs `file`, sends it `signal` once it says it is starting, and resolves with its output and exit code. */
function signalWhileStarting(file: string, signal: NodeJS.Signals) {
  return new Promise<{ output: string; code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the process did not stop on ${signal}; it wrote: ${output}`));
    }, 5_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (!output) child.kill(signal);
      output += chunk.toString('utf8');
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

describe('the stop signals', () => {
  it('are not lost when one arrives while the process sets up its shutdown', async () => {
    const file = standIn(
      'starting.mjs',
      `listenForStopSignals();
       process.stdout.write('starting\\n');
       // Busy, as a process finishing its start: the signal is caught but not yet dispatched.
       const until = Date.now() + 400;
       while (Date.now() < until) {}
       process.on('SIGTERM', () => {}); // a library's listener, which the shutdown's setup removes
       onStopSignal((signal) => {
         process.stdout.write(\`shutting down on \${signal}\\n\`);
         process.exit(0);
       });
       setInterval(() => {}, 1000);`,
    );
    const { output, code } = await signalWhileStarting(file, 'SIGTERM');
    expect(output).toBe('starting\nshutting down on SIGTERM\n');
    expect(code).toBe(0);
  });

  it('exit at once before the shutdown is set up', async () => {
    const file = standIn(
      'early.mjs',
      `listenForStopSignals();
       process.stdout.write('starting\\n');
       setInterval(() => {}, 1000);`,
    );
    const { output, code } = await signalWhileStarting(file, 'SIGINT');
    expect(output).toBe('starting\n');
    expect(code).toBe(1);
  });
});
