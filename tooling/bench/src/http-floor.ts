// The floor for a cached page: the same HTML served from memory by plain node:http in a process of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Serves `html` on 127.0.0.1:`port` from a child node process (gzipped once for clients that ask, as the app's
 * compressor would); with `processes` above 1, that process forks them, each listening on a socket of its own
 * on the port (SO_REUSEPORT), as the app's web processes do.
 */
export async function startHttpFloor(
  html: string,
  port: number,
  processes = 1,
): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const source = `
    const cluster = require('node:cluster');
    const http = require('node:http');
    const zlib = require('node:zlib');
    process.once('message', (html) => {
      if (cluster.isPrimary && ${processes} > 1) {
        let listening = 0;
        for (let i = 0; i < ${processes}; i++) {
          const worker = cluster.fork();
          worker.send(html);
          // On a socket of its own a worker's listening is not reported by cluster: it says so itself.
          worker.once('message', () => ++listening === ${processes} && process.send('ready'));
        }
        return;
      }
      const body = Buffer.from(html, 'utf8');
      const gz = zlib.gzipSync(body);
      http.createServer((req, res) => {
        const gzip = /\\bgzip\\b/.test(req.headers['accept-encoding'] || '');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
        res.end(gzip ? gz : body);
      }).listen({ port: ${port}, host: '127.0.0.1', exclusive: true, reusePort: cluster.isWorker }, () => process.send('ready'));
    });
    // Stops by itself if the bench never does.
    setTimeout(() => process.exit(0), 30 * 60 * 1000);
  `;
  // A file, not \`node -e\`: the forks run the script their parent runs.
  const script = path.join(tmpdir(), `quire-http-floor-${process.pid}-${port}.cjs`);
  writeFileSync(script, source);
  const child: ChildProcess = spawn(process.execPath, [script], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', () => rmSync(script, { force: true }));
  child.send(html);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the node:http floor exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
