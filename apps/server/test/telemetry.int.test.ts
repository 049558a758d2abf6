import { randomBytes } from 'node:crypto';
import { AnalyticsEvent } from '@quire/db';
import { TELEMETRY_LIMITS } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

/** Headers with the xsrf pair and a fresh visitor id, so each test counts only its own rows. */
function client(session: string | null = null) {
  const visitor = randomBytes(8).toString('hex');
  const base = authHeaders(session);
  return {
    visitor,
    headers: { ...base, cookie: `${base.cookie}; qv=${visitor}`, 'content-type': 'application/json' },
  };
}

const rowsOf = (visitorId: string) =>
  t.db.em().find(AnalyticsEvent, { visitorId }, { orderBy: { key: 'asc' }, populate: ['user'] });

describe('POST /_/clientele/reports/performance/ (spec §7 client metrics)', () => {
  const body = {
    client: { name: 'lite', version: '1.2.3' },
    events: [
      { type: 'fcp', data: { value: 812, route: 'post' } },
      { type: 'nav', data: { domInteractive: 300 } },
      { type: 'timing.resource', data: { name: '/static/app.js', duration: 40 } },
    ],
  };

  it('stores one row per event and answers 204', async () => {
    const { visitor, headers } = client();
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/clientele/reports/performance/',
      headers: { ...headers, 'x-client-name': 'lite' },
      payload: body,
    });
    expect(res.statusCode).toBe(204);
    const rows = await rowsOf(visitor);
    expect(rows.map((r) => r.key)).toEqual(['metrics.fcp', 'metrics.nav', 'metrics.timing.resource']);
    expect(rows[0]?.data).toMatchObject({
      value: 812,
      route: 'post',
      client: 'lite',
      clientVersion: '1.2.3',
    });
    expect(rows[0]?.type).toBe('m');
  });

  it('needs the lite-client header', async () => {
    const { visitor, headers } = client();
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/clientele/reports/performance/',
      headers,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('x-client-name');
    expect(await rowsOf(visitor)).toHaveLength(0);
  });
});

describe('POST /_/events (spec §7 batched analytics events)', () => {
  it('stores the batch with the common data and the signed-in user', async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    const { visitor, headers } = client(await buildSession(em, user));
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/events',
      headers,
      payload: {
        common: { service: 'lite', location: 'https://quire.test/p/1', browserWidth: 1280, referrer: '' },
        events: [
          { key: 'user.followed', type: 'e', data: { targetUserId: 'abc', followSource: 'post' } },
          { key: 'nav.clicked', type: 'e', data: {}, timestamp: Date.now() - 1000 },
        ],
      },
    });
    expect(res.statusCode).toBe(204);
    const rows = await rowsOf(visitor);
    expect(rows.map((r) => r.key)).toEqual(['nav.clicked', 'user.followed']);
    expect(rows[1]?.data).toMatchObject({ service: 'lite', browserWidth: 1280, targetUserId: 'abc' });
    expect(rows[1]?.user?.id).toBe(user.id);
    expect(rows[0]?.type).toBe('e');
  });

  it('answers malformed JSON and a wrong shape with 400 and stores nothing', async () => {
    const { visitor, headers } = client();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/_/events',
      headers,
      payload: '{"events": [',
    });
    expect(malformed.statusCode).toBe(400);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/_/events',
      headers,
      payload: {
        events: [
          { key: 'user.followed', type: 'e' },
          { key: 'not.an.event', type: 'e' },
        ],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/events\.1\.key/);
    expect(await rowsOf(visitor)).toHaveLength(0);
  });

  it('refuses more events than the cap', async () => {
    const { visitor, headers } = client();
    const events = Array.from({ length: TELEMETRY_LIMITS.analyticsEventsMax + 1 }, () => ({
      key: 'nav.clicked',
      type: 'e',
    }));
    const res = await t.app.inject({ method: 'POST', url: '/_/events', headers, payload: { events } });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(visitor)).toHaveLength(0);
  });
});

describe('POST /_/errors (spec §7 error reports)', () => {
  it('stores a JSON array of reports', async () => {
    const { visitor, headers } = client();
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/errors',
      headers,
      payload: [{ message: 'TypeError: x is undefined', stack: 'at y', url: '/p/1' }, { message: 'boom' }],
    });
    expect(res.statusCode).toBe(204);
    const rows = await rowsOf(visitor);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.key === 'client.error')).toBe(true);
  });

  it('needs the x-xsrf-token header', async () => {
    const { visitor, headers } = client();
    const { 'x-xsrf-token': _omit, ...withoutToken } = headers;
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/errors',
      headers: withoutToken,
      payload: [{ message: 'boom' }],
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(visitor)).toHaveLength(0);
  });

  it('refuses more reports than the cap and a non-array body', async () => {
    const { visitor, headers } = client();
    const reports = Array.from({ length: TELEMETRY_LIMITS.errorReportsMax + 1 }, () => ({ message: 'm' }));
    const many = await t.app.inject({ method: 'POST', url: '/_/errors', headers, payload: reports });
    expect(many.statusCode).toBe(400);
    const object = await t.app.inject({
      method: 'POST',
      url: '/_/errors',
      headers,
      payload: { message: 'm' },
    });
    expect(object.statusCode).toBe(400);
    expect(await rowsOf(visitor)).toHaveLength(0);
  });
});
