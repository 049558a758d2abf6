import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServer, stopPostgres } from '@quire/e2e';
import { freePort } from '@quire/test-harness';
import { afterAll } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Production server processes on a database of their own: a fresh embedded PostgreSQL in a temporary data
 * folder (never a shared DATABASE_URL), killed and removed after the file's tests. Every start uses the same data
 * and the same PostgreSQL port, so a restart finds what the last start left.
 */
export function useOwnDatabase(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dataDir, 0o755); // the postgres system user must reach its data directory
  let pgPort: number | null = null;
  let current: ServerProcess | null = null;
  afterAll(async () => {
    await current?.kill();
    await stopPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** Starts a server on the data (as `./quire start` does with `viaQuire`), its output kept. */
    async start(opts: { env?: Record<string, string>; viaQuire?: boolean } = {}): Promise<ServerProcess> {
      pgPort ??= await freePort();
      current = await startServer({
        repoRoot,
        port: await freePort(),
        env: { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...opts.env },
        captureOutput: true,
        viaQuire: opts.viaQuire,
      });
      return current;
    },
  };
}
