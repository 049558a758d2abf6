import { OAUTH_TOKEN_PATH } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppBeside, useTestApp } from './helpers';

/*
 * The abuse throttles (@fastify/rate-limit) count in usage_counts: two app processes on one database share an
 * address's allowance. The token endpoint allows 60 requests a minute (oauth-routes.ts).
 */

const t = useTestApp();
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildAppBeside(t);
  await other.ready();
});
afterAll(async () => {
  await other?.close();
});

const ALLOWANCE = 60;
const WINDOW_MS = 60_000;

const token = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: OAUTH_TOKEN_PATH,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=authorization_code',
  });

describe('throttles across processes', () => {
  it("counts one address's requests to both processes against one allowance, at once and exactly", async () => {
    // Stay inside one fixed window: start just after a window begins if the current one is nearly over.
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const extra = 10;
    const answers = await Promise.all(
      Array.from({ length: ALLOWANCE + extra }, (_, i) => token(i % 2 ? other : t.app, '198.51.100.7')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
    // The rest reach the endpoint, which refuses them on their merits (no client).
    expect(statuses.filter((s) => s !== 429).every((s) => s === 401)).toBe(true);
    // Another address has its own allowance, in either process.
    expect((await token(other, '198.51.100.8')).statusCode).toBe(401);
    expect((await token(t.app, '198.51.100.8')).statusCode).toBe(401);
  }, 30_000);
});
