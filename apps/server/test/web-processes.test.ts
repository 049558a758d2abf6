import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebProcesses } from '../src/web-processes';

/*
 * The supervision of web processes, with stand-in entries in place of the server: one that says it listens and
 * waits (until SIGTERM), one that dies before it listens.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'quire-web-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function entry(name: string, source: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  return pathToFileURL(file).href;
}

const serving = entry(
  'serving.mjs',
  `process.send('quire:listening');
   const keep = setInterval(() => {}, 1000);
   process.on('SIGTERM', () => { clearInterval(keep); process.exit(0); });`,
);
const failing = entry('failing.mjs', 'process.exit(3);');
// The server's own handshake (Node strips the module's types): it asks for the database, says what it got, listens.
const connecting = entry(
  'connecting.mjs',
  `import { announceListening, databaseFromPrimary } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../src/web-processes.ts')).href)};
   const url = await databaseFromPrimary();
   process.send({ got: url });
   announceListening();
   const keep = setInterval(() => {}, 1000);
   process.on('SIGTERM', () => { clearInterval(keep); process.exit(0); });`,
);

describe('startWebProcesses', () => {
  it('is ready once each says it listens, replaces one that dies later, and stops them all', async () => {
    const lines: string[] = [];
    const web = startWebProcesses({ count: 2, entry: serving, env: {}, log: (m) => lines.push(m) });
    await web.ready;
    const pids = () =>
      Object.values(cluster.workers ?? {})
        .map((worker) => worker?.process.pid)
        .filter((pid): pid is number => pid !== undefined);
    const [first] = pids();
    expect(pids()).toHaveLength(2);
    process.kill(first!, 'SIGKILL');
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('replaced one that exited')); i++)
      await sleep(50);
    expect(lines).toContain(`web process ${first} exited (signal SIGKILL); starting another`);
    expect(pids()).toHaveLength(2);
    expect(pids()).not.toContain(first);
    const last = pids();
    await web.stop();
    for (const pid of last) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('has each web process wait for the database, then tells it and each started later its address', async () => {
    const got = new Map<number, string>();
    const onMessage = (worker: Worker, message: { got?: string }) => {
      if (message?.got) got.set(worker.process.pid!, message.got);
    };
    cluster.on('message', onMessage);
    const lines: string[] = [];
    const web = startWebProcesses({ count: 2, entry: connecting, env: {}, log: (m) => lines.push(m) });
    let ready = false;
    void web.ready.then(() => {
      ready = true;
    });
    // Loaded and waiting: none listens before the database is ready.
    await sleep(1_000);
    expect(ready).toBe(false);
    expect(got.size).toBe(0);
    web.useDatabase('postgres://127.0.0.1:5432/quire');
    await web.ready;
    expect([...got.values()]).toEqual(['postgres://127.0.0.1:5432/quire', 'postgres://127.0.0.1:5432/quire']);
    const [first] = got.keys();
    process.kill(first!, 'SIGKILL');
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('replaced one that exited')); i++)
      await sleep(50);
    expect(got.size).toBe(3);
    expect([...got.values()].every((url) => url === 'postgres://127.0.0.1:5432/quire')).toBe(true);
    await web.stop();
    cluster.off('message', onMessage);
  });

  it('fails the start when a web process dies before it listens, and starts no other in its place', async () => {
    const lines: string[] = [];
    const web = startWebProcesses({ count: 1, entry: failing, env: {}, log: (m) => lines.push(m) });
    await expect(web.ready).rejects.toThrow('a web process could not start');
    expect(lines.some((l) => /exited while starting \(code 3\)/.test(l))).toBe(true);
    await sleep(200);
    expect(lines.filter((l) => l.includes('exited'))).toHaveLength(1);
    await web.stop();
  });
});
