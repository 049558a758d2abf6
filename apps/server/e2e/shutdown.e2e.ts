import { postmasterPid } from '@quire/e2e';
import { describe, expect, it } from 'vitest';
import { useOwnDatabase } from './own-database';

const db = useOwnDatabase('quire-shutdown-');

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
    // Its own embedded database, with the demo stories to read.
    const server = await db.start({ env: { LOG_LEVEL: 'info' }, viaQuire: true });
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
    expect(postmasterPid(db.dataDir)).toBeNull();
  });
});
