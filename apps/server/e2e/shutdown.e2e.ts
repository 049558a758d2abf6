import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postmasterPid, type ServerProcess, startServer, stopPostgres } from '@quire/e2e';
import { freePort } from '@quire/test-harness';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-shutdown-'));
chmodSync(dataDir, 0o755); // the postgres system user must reach its data directory
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.kill();
  await stopPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A status, 'refused' when no connection was made, or 'reset' when the request was sent and got no answer. */
async function statusOf(url: string): Promise<number | 'refused' | 'reset'> {
  try {
    return (await fetch(url)).status;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'reset';
  }
}

describe('Ctrl-C on ./quire start (SIGINT to the whole process group)', () => {
  it('answers the requests already in flight, then stops its embedded database and exits 0', async () => {
    server = await startServer({
      repoRoot,
      port: await freePort(),
      // Its own embedded database (never a shared DATABASE_URL), with the demo stories to read.
      env: {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        LOG_LEVEL: 'info',
      },
      captureOutput: true,
      viaQuire: true,
    });
    // Requests that read the database, started together; the signal arrives while they are being answered.
    const url = `${server.origin}/trpc/posts.latest?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`;
    const inFlight = Array.from({ length: 40 }, () => statusOf(url));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // As a terminal's Ctrl-C: pnpm, node and anything else in the group get SIGINT at once.
    const exitCode = await server.stop('SIGINT');
    const statuses = await Promise.all(inFlight);

    expect(exitCode).toBe(0);
    // Each request was answered in full, or refused with 503 once the close began (a load balancer retries
    // it), or never connected; none failed on a stopped database, and no connection was reset.
    expect(statuses.filter((s) => s !== 200 && s !== 503 && s !== 'refused')).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(server.output()).toContain('SIGINT: shutting down');
    expect(server.output()).not.toMatch(
      /request failed|procedure failed|ECONNREFUSED|terminating connection/,
    );
    expect(postmasterPid(dataDir)).toBeNull();
  });
});
