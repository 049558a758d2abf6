// The floor for a cached page: the same HTML served from memory by plain node:http in a process of its own.
import { type ChildProcess, spawn } from 'node:child_process';

/** Serves `html` on 127.0.0.1:`port` from a child node process (gzipped once for clients that ask, as the app's compressor would). */
export async function startHttpFloor(
  html: string,
  port: number,
): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const source = `
    const http = require('node:http');
    const zlib = require('node:zlib');
    process.once('message', (html) => {
      const body = Buffer.from(html, 'utf8');
      const gz = zlib.gzipSync(body);
      http.createServer((req, res) => {
        const gzip = /\\bgzip\\b/.test(req.headers['accept-encoding'] || '');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
        res.end(gzip ? gz : body);
      }).listen(${port}, '127.0.0.1', () => process.send('ready'));
    });
    // Stops by itself if the bench never does.
    setTimeout(() => process.exit(0), 30 * 60 * 1000);
  `;
  const child: ChildProcess = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
