import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tooling/test/src/cluster';
import { startEmbeddedPostgres } from '../src/embedded';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-embedded-'));
chmodSync(dir, 0o755); // the postgres system user must reach its data directory
const dataDir = path.join(dir, 'pg');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function selectOne(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows[0].one;
  } finally {
    await client.end();
  }
}

/** A postmaster.pid as a killed server leaves it, naming `pid`. */
function leaveLockFile(pid: number, lockFile: string) {
  const lines = lockFile.split('\n');
  lines[0] = String(pid);
  writeFileSync(path.join(dataDir, 'postmaster.pid'), lines.join('\n'));
}

describe('the embedded PostgreSQL launcher', () => {
  it('starts over a stale postmaster.pid: its process gone, or its pid now another process', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, quiet: true, fast: true });
    const lockFile = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8');
    await first.stop();

    const gone = spawnSync('true').pid;
    leaveLockFile(gone, lockFile);
    const second = await startEmbeddedPostgres({ dataDir, port, quiet: true, fast: true });
    expect(await selectOne(second.adminUrl)).toBe(1);
    await second.stop();

    const other = spawn('sleep', ['30']);
    try {
      leaveLockFile(other.pid as number, lockFile);
      const third = await startEmbeddedPostgres({ dataDir, port, quiet: true, fast: true });
      expect(await selectOne(third.adminUrl)).toBe(1);
      await third.stop();
    } finally {
      other.kill();
    }
  });

  it('starts the server again when it is killed', async () => {
    const messages: string[] = [];
    const cluster = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      quiet: true,
      fast: true,
      log: (m) => messages.push(m),
    });
    try {
      const killed = cluster.pid() as number;
      process.kill(killed, 'SIGKILL');
      const deadline = Date.now() + 20_000;
      while ((cluster.pid() === null || cluster.pid() === killed) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(cluster.pid()).not.toBe(killed);
      // The new postmaster replays the log before it accepts connections.
      await expect
        .poll(() => selectOne(cluster.adminUrl).catch(() => 0), { timeout: 20_000, interval: 100 })
        .toBe(1);
      expect(messages).toContain(`PostgreSQL (pid ${killed}) exited (SIGKILL); starting it again`);
    } finally {
      await cluster.stop();
    }
  });
});
