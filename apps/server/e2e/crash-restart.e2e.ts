import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postmasterPid, type ServerProcess, startServer, stopPostgres } from '@quire/e2e';
import { freePort } from '@quire/test-harness';
import { afterAll, describe, expect, it } from 'vitest';

// Regression: after a kill -9 of the app its embedded PostgreSQL kept running and the next start died.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-crash-'));
chmodSync(dataDir, 0o755); // the postgres system user must reach its data directory
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  await stopPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = await startServer({ repoRoot, port: await freePort(), env, captureOutput: true });
  servers.push(server);
  return server;
}

const profileUrl = (origin: string, username: string) =>
  `${origin}/trpc/profiles.byUsername?input=${encodeURIComponent(JSON.stringify({ username }))}`;

describe('starting again after the app was killed (kill -9 of node)', () => {
  it('stops the PostgreSQL server the killed process left running, starts cleanly and keeps the data', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const first = await start(env);
    const signUp = await fetch(`${first.origin}/trpc/auth.createAccount`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'xsrf=crash-test',
        'x-xsrf-token': 'crash-test',
      },
      body: JSON.stringify({
        email: 'before_crash@example.com',
        name: 'Written Before The Crash',
        password: 'a long enough password',
        username: 'before_crash',
      }),
    });
    expect(signUp.status).toBe(200);
    const leftover = postmasterPid(dataDir);
    expect(leftover).not.toBeNull();

    await first.kill();
    // The database outlives the app (it runs in its own session).
    expect(postmasterPid(dataDir)).toBe(leftover);

    const second = await start(env);
    expect(second.output()).toContain(
      `quire: a PostgreSQL server left running by an earlier process (pid ${leftover}) was stopped`,
    );
    expect(postmasterPid(dataDir)).not.toBe(leftover);
    expect(await (await fetch(profileUrl(second.origin, 'before_crash'))).text()).toContain(
      'Written Before The Crash',
    );
    expect(await second.stop()).toBe(0);
    expect(postmasterPid(dataDir)).toBeNull();
  });
});
