import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@quire/e2e';
import { freePort } from '@quire/test-harness';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-shutdown-'));
chmodSync(dataDir, 0o755); // the postgres system user must reach its data directory
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('stopping the server (SIGTERM)', () => {
  it('answers the requests already in flight, then stops its embedded database and exits 0', async () => {
    const server = await startServer({
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
    });
    // Requests that read the database, started together; the signal arrives while they are being answered.
    const url = `${server.origin}/trpc/posts.latest?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`;
    const inFlight = Array.from({ length: 40 }, () =>
      fetch(url).then(
        (res) => res.status,
        () => 'refused' as const,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const exitCode = await server.stop();
    const statuses = await Promise.all(inFlight);

    expect(exitCode).toBe(0);
    // Each request was answered in full, or refused with 503 once the close began (a load balancer retries
    // it), or never connected; none failed on a stopped database.
    expect(statuses.filter((s) => s !== 200 && s !== 503 && s !== 'refused')).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(server.output()).toContain('SIGTERM: shutting down');
    expect(server.output()).not.toMatch(/request failed|ECONNREFUSED|terminating connection/);
  });
});
