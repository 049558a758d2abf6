import { User } from '@quire/db';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const gql = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/_/graphql', payload: payload as object, headers });

describe('GraphQL shim at POST /_/graphql', () => {
  it('runs ViewerQuery by operation name alone (persisted document) and answers null when signed out', async () => {
    const res = await gql({ operationName: 'ViewerQuery', variables: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { viewer: null } });
  });

  it('answers ViewerQuery with the signed-in user’s real fields and counts', async () => {
    const em = t.db.em();
    const me = await buildUser(em, { name: 'Ada Lovelace', username: 'ada' });
    const fan = await buildUser(em);
    const { CustomDomain, FollowUser, MuteUser } = await import('@quire/db');
    em.create(FollowUser, { follower: fan, target: me });
    em.create(FollowUser, { follower: me, target: fan });
    em.create(MuteUser, { user: me, target: await buildUser(em) });
    em.create(CustomDomain, { domain: `ada-${me.id}.example.org`, status: 'LIVE', user: me });
    await em.flush();
    const token = await buildSession(em, me);
    const res = await gql({ operationName: 'ViewerQuery' }, authHeaders(token));
    const viewer = res.json().data.viewer;
    expect(viewer).toMatchObject({
      id: me.id,
      name: 'Ada Lovelace',
      username: 'ada',
      mediumMemberAt: 0,
      // Never a member: trial-eligible (spec §3); group gifting is off unless turned on.
      isMembershipTrialEligible: true,
      hasGroupGiftingEnabled: false,
      customDomainState: { live: { domain: `ada-${me.id}.example.org` } },
      customStyleSheet: null,
    });
    expect(viewer.socialStats).toEqual({ followerCount: 1, followingCount: 1 });
    expect(viewer.counts).toEqual({ followedAuthors: 1 });
    expect(viewer.missionControl).toEqual({
      followedAuthors: 1,
      followedCollections: 0,
      mutedAuthors: 1,
      mutedCollections: 0,
    });
  });

  it('runs VisitorQuery with the bot flag and the country header', async () => {
    const res = await gql(
      { operationName: 'VisitorQuery' },
      { 'user-agent': 'Googlebot/2.1', 'cf-ipcountry': 'de', cookie: 'qv=0123456789abcdef' },
    );
    expect(res.json().data.visitor).toEqual({
      id: '0123456789abcdef',
      isBot: true,
      geolocation: { country: 'DE' },
    });
  });

  // Regression: a visitor cookie holding a NUL reached PostgreSQL through analytics rows (a 5xx).
  it('replaces a visitor id it did not issue, and never stores one', async () => {
    for (const cookie of ['qv=%00', 'qv=abc123', `qv=${'a'.repeat(5000)}`]) {
      const res = await gql({ operationName: 'VisitorQuery' }, { cookie });
      expect(res.json().data.visitor.id, cookie).toMatch(/^[0-9a-f]{16}$/);
      expect(res.cookies.find((c) => c.name === 'qv')?.value).toBe(res.json().data.visitor.id);
    }
    const click = await t.app.inject({
      method: 'POST',
      url: '/trpc/search.click',
      headers: { cookie: 'qv=%00; xsrf=x', 'x-xsrf-token': 'x', 'content-type': 'application/json' },
      payload: { queryId: 'a'.repeat(32), indexName: 'posts', objectIds: ['0123456789ab'], positions: [1] },
    });
    expect(click.statusCode).toBeLessThan(500);
  });

  it('honours the operation-name header when the body names none', async () => {
    const res = await gql({}, { 'graphql-operation': 'VisitorQuery' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.visitor.isBot).toBe(false);
  });

  it('accepts a batch of 20 operations and answers them in order', async () => {
    const batch = Array.from({ length: 20 }, (_, i) => ({
      operationName: i % 2 ? 'VisitorQuery' : 'ViewerQuery',
    }));
    const res = await gql(batch);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(20);
    expect(body[0]).toEqual({ data: { viewer: null } });
    expect(body[1].data.visitor).toBeDefined();
  });

  it('rejects a batch of 21 with a clear 400', async () => {
    const res = await gql(Array.from({ length: 21 }, () => ({ operationName: 'ViewerQuery' })));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('A batch may hold at most 20 operations; this one has 21.');
  });

  it('refuses an unknown operation name with 400, never 500', async () => {
    const res = await gql({ operationName: 'NoSuchQuery', variables: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('Unknown operation name "NoSuchQuery".');
  });

  it('refuses malformed JSON and wrong types with 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      payload: '{"operationName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    const wrongType = await gql({ operationName: 42 });
    expect(wrongType.statusCode).toBe(400);
    const badQuery = await gql({ query: 'query { nope' });
    expect(badQuery.statusCode).toBe(400);
  });

  it('refuses a mutation without the anti-forgery token and changes nothing', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    const token = await buildSession(em, me);
    const res = await gql(
      { operationName: 'setUserStyleReminderSeen' },
      { cookie: `sid=${token}; xsrf=abc` },
    );
    expect(res.statusCode).toBe(403);
    expect((await t.db.em().findOneOrFail(User, me.id)).hasSeenStyleReminder).toBe(false);

    const ok = await gql({ operationName: 'setUserStyleReminderSeen' }, authHeaders(token));
    expect(ok.json()).toEqual({ data: { setUserStyleReminderSeen: true } });
    expect((await t.db.em().findOneOrFail(User, me.id)).hasSeenStyleReminder).toBe(true);
  });

  it('serves the same shim at /_/batch', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/batch',
      payload: [{ operationName: 'VisitorQuery' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].data.visitor).toBeDefined();
  });
});
