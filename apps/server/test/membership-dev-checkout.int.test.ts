import { defaultPlanSettings, syncPlans } from '@quire/api';
import { Membership, User } from '@quire/db';
import type { PostContent } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { authHeaders, useTestApp } from './helpers';

/*
 * The test-mode provider over HTTP, across a restart: a second server on the same database (a new process
 * would start the same way) finds the checkout session the first one created, and completes it.
 */

const t = useTestApp();
const opened: FastifyInstance[] = [];

beforeAll(async () => {
  await syncPlans(t.db.em(), defaultPlanSettings());
});
afterAll(async () => {
  for (const app of opened) await app.close();
});

/** Another server process on the same database. */
async function restarted() {
  const app = await buildApp({
    orm: t.db.orm,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_FRESH_MS: '0' }),
    logger: false,
  });
  await app.ready();
  opened.push(app);
  return app;
}

const mutate = (app: FastifyInstance, token: string, path: string, input: unknown) =>
  app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers: authHeaders(token) });

const query = (app: FastifyInstance, token: string, path: string, input: unknown) =>
  app.inject({
    method: 'GET',
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: authHeaders(token),
  });

const SECRET = 'The members-only ending nobody else may read.';
const content: PostContent = {
  paragraphs: [
    { name: 'p1', type: 'P', text: 'An opening anyone may read.', markups: [] },
    { name: 'p2', type: 'P', text: 'A second paragraph, still free.', markups: [] },
    { name: 'p3', type: 'P', text: 'A third, the last of the preview.', markups: [] },
    { name: 'p4', type: 'P', text: SECRET, markups: [] },
  ],
};

const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

describe('the test-mode checkout over HTTP', () => {
  it('keeps an open checkout across a restart; the restarted server takes the payment and the reader reads in full', async () => {
    const author = await buildUser(t.db.em());
    const story = await buildPost(t.db.em(), { creator: author, isLocked: true, content });
    const reader = await buildUser(t.db.em());
    const token = await buildSession(t.db.em(), reader);

    const started = await mutate(t.app, token, 'membership.checkout', {
      planCode: 'yearly-usd',
      requestId: 'restart-checkout-0001',
    });
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().result.data.url);
    expect(url.pathname).toBe('/payment/test-checkout');
    const sessionId = url.searchParams.get('session')!;

    const second = await restarted();
    const page = await query(second, token, 'membership.testCheckout', { sessionId });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result.data).toMatchObject({
      planName: 'Yearly membership',
      price: '$25.00',
      status: 'open',
      testMode: true,
    });

    const declined = await mutate(second, token, 'membership.completeTestCheckout', {
      sessionId,
      card: { ...card, number: '4000000000000002' },
    });
    expect([declined.statusCode, declined.json().error.message]).toEqual([400, 'Your card was declined.']);
    expect(Number((await t.db.em().findOneOrFail(User, reader.id)).mediumMemberAt)).toBe(0);
    const missingCard = await mutate(second, token, 'membership.completeTestCheckout', { sessionId });
    expect(missingCard.statusCode).toBe(400);

    const paid = await mutate(second, token, 'membership.completeTestCheckout', { sessionId, card });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result.data).toEqual({ redirect: '/welcome-member' });
    expect(Number((await t.db.em().findOneOrFail(User, reader.id)).mediumMemberAt)).toBeGreaterThan(0);

    const read = await query(second, token, 'posts.byId', { id: story.id });
    expect(read.json().result.data.meterState).toBe('member');
    expect(read.body).toContain(SECRET);

    // A third start still knows the subscription: cancelling goes through it.
    const third = await restarted();
    const canceled = await mutate(third, token, 'membership.cancel', { requestId: 'restart-cancel-0001' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().result.data.membership.cancelAtPeriodEnd).toBe(true);
    expect((await t.db.em().findOneOrFail(Membership, { user: reader.id })).cancelAtPeriodEnd).toBe(true);
  });
});
