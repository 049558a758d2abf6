import { errorPageTexts } from '@quire/domain';
import { postmasterPid } from '@quire/e2e';
import { describe, expect, it } from 'vitest';
import { REQUEST_DEADLINE_MS } from '../src/health';
import { useOwnDatabase } from './own-database';

// Regression: after the embedded PostgreSQL was killed under load the app hung for good (requests, health, SIGTERM).
const db = useOwnDatabase('quire-outage-');
const DATABASE_TEXT = /ECONN|terminat|postmaster|database system|connect|timeout exceeded|recovery/i;

interface Outcome {
  status: number | 'failed';
  retryAfter: string | null;
  ms: number;
  body: string;
}

async function request(url: string, init: RequestInit = {}): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_DEADLINE_MS + 5_000) });
    const body = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - started,
      body,
    };
  } catch (error) {
    return { status: 'failed', retryAfter: null, ms: performance.now() - started, body: String(error) };
  }
}

/** Signs up a reader (a write), with the double-submit anti-forgery token. */
function signUp(origin: string, username: string) {
  return request(`${origin}/trpc/auth.createAccount`, signUpRequest(username));
}

/** A reader signed up before the outage: their session cookie. */
async function signedUpCookie(origin: string, username: string) {
  const res = await fetch(`${origin}/trpc/auth.createAccount`, signUpRequest(username));
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  expect(cookie).toBeTruthy();
  return cookie!.split(';', 1)[0]!;
}

function signUpRequest(username: string): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: 'xsrf=outage-test',
      'x-xsrf-token': 'outage-test',
    },
    body: JSON.stringify({
      email: `${username}@example.com`,
      name: 'Outage Reader',
      password: 'a long enough password',
      username,
    }),
  };
}

describe('the embedded PostgreSQL dies under load (kill -9 of the postmaster)', () => {
  it('answers 503 with Retry-After meanwhile, reports it on /_/health, restarts it and serves again', async () => {
    // No page cache and no shared reads (a list's first page would be answered from them): every request reads the
    // database.
    const server = await db.start({ env: { PAGE_CACHE_FRESH_MS: '0', FOR_YOU_CACHE_MS: '0' } });
    const { origin } = server;
    const api = `${origin}/trpc/posts.latest?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`;
    const writer = /"username":"([^"]+)"/.exec((await request(api)).body)?.[1];
    expect(writer).toBeTruthy();
    // A signed-in reader's pages read their session and the page's data through prepared statements.
    const sessionCookie = await signedUpCookie(origin, 'before_outage');
    const outcomes: Outcome[] = [];
    const pages: Outcome[] = [];
    let loading = true;
    const load = async (url: string, into: Outcome[], headers: Record<string, string> = {}) => {
      while (loading) into.push(await request(url, { headers }));
    };
    const loaders = [
      ...Array.from({ length: 6 }, () => load(api, outcomes)),
      load(`${origin}/@${writer}`, pages, { accept: 'text/html' }),
      load(`${origin}/`, pages, { accept: 'text/html', cookie: sessionCookie }),
    ];
    await new Promise((r) => setTimeout(r, 300));

    const killed = postmasterPid(db.dataDir);
    expect(killed).not.toBeNull();
    process.kill(killed as number, 'SIGKILL');
    // The health check answers quickly throughout: down while the database is away, up once it is back.
    const health: Outcome[] = [];
    const healthDeadline = performance.now() + 25_000;
    while (performance.now() < healthDeadline) {
      const answer = await request(`${origin}/_/health`);
      health.push(answer);
      if (answer.status === 200 && health.some((h) => h.status === 503)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    loading = false;
    await Promise.all(loaders);

    expect(health.filter((h) => h.ms > 1_500)).toEqual([]);
    const down = health.find((h) => h.status === 503);
    expect(down && JSON.parse(down.body)).toEqual({ ok: false, database: 'down' });
    expect(down?.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(health.at(-1)?.body ?? '{}')).toEqual({ ok: true, database: 'up' });
    // Every request got an answer within its deadline: a success, or 503 with Retry-After and no database text.
    for (const outcome of [...outcomes, ...pages]) {
      expect(outcome.ms).toBeLessThan(REQUEST_DEADLINE_MS + 1_000);
      if (outcome.status === 200) continue;
      expect(outcome.status).toBe(503);
      expect(outcome.retryAfter).toMatch(/^\d+$/);
      expect(outcome.body).not.toMatch(DATABASE_TEXT);
    }
    expect(outcomes.some((o) => o.status === 503)).toBe(true);
    const apiRefusal = outcomes.find((o) => o.status === 503);
    expect(JSON.parse(apiRefusal?.body ?? '{}').error.message).toBe(errorPageTexts.serverError);
    expect(pages.some((p) => p.status === 503)).toBe(true);
    for (const page of pages.filter((p) => p.status === 503))
      expect(page.body).toContain(errorPageTexts.serverError);

    // The app's supervisor started a new postmaster; reads and writes work again.
    const restarted = postmasterPid(db.dataDir);
    expect(restarted).not.toBeNull();
    expect(restarted).not.toBe(killed);
    expect(server.output()).toContain(`PostgreSQL (pid ${killed}) exited (SIGKILL); starting it again`);
    expect((await request(api)).status).toBe(200);
    const signedUp = await signUp(origin, 'after_outage');
    expect(signedUp.status).toBe(200);
    expect(JSON.parse(signedUp.body).result.data.__typename).toBe('AuthInfo');
    const profile = await request(
      `${origin}/trpc/profiles.byUsername?input=${encodeURIComponent(JSON.stringify({ username: 'after_outage' }))}`,
    );
    expect(profile.body).toContain('Outage Reader');
    // The reader signed in before the outage is still signed in, on connections made since.
    const home = await request(`${origin}/`, { headers: { accept: 'text/html', cookie: sessionCookie } });
    expect(home.status).toBe(200);
    expect(home.body).toContain('"username":"before_outage"');

    expect(await server.stop()).toBe(0);
    expect(postmasterPid(db.dataDir)).toBeNull();
  });
});
