import { issueApiToken } from '@quire/api';
import { Post } from '@quire/db';
import { iftttTexts } from '@quire/domain';
import { buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const KEY = 'ifttt-test-service-key-0123456789';
const BASE = 'https://quire.test';
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', IFTTT_SERVICE_KEY: KEY, PUBLIC_URL: BASE });
const off = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0' });

async function tokenFor(scopes: ('basicProfile' | 'publishPost')[]) {
  const em = t.db.em();
  const user = await buildUser(em);
  const { token } = await issueApiToken(em, { user, kind: 'INTEGRATION', name: 'IFTTT', scopes });
  return { user, auth: { authorization: `Bearer ${token}` } };
}

describe('IFTTT service', () => {
  it('status answers 200 to the service key only; unconfigured, every IFTTT path is a 503', async () => {
    expect(
      (await t.app.inject({ url: '/ifttt/v1/status', headers: { 'ifttt-service-key': KEY } })).statusCode,
    ).toBe(200);
    const wrong = await t.app.inject({
      url: '/ifttt/v1/status',
      headers: { 'ifttt-service-key': `${KEY}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: [{ message: 'Invalid IFTTT service key.' }] });
    expect((await t.app.inject({ url: '/ifttt/v1/status' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/ifttt/v1/status'],
      ['GET', '/ifttt/v1/user/info'],
      ['POST', '/ifttt/v1/actions/publish_story'],
    ] as const) {
      const unset = await off.app.inject({ method, url, headers: { 'ifttt-service-key': KEY } });
      expect(unset.statusCode, url).toBe(503);
      expect(unset.json()).toEqual({ errors: [{ message: iftttTexts.notConfigured }] });
    }
  });

  it("user info names the token's user; a bad token is a 401 in IFTTT's shape", async () => {
    const { user, auth } = await tokenFor(['basicProfile']);
    const res = await t.app.inject({ url: '/ifttt/v1/user/info', headers: auth });
    expect(res.json()).toEqual({ data: { name: user.name, id: user.id, url: `${BASE}/@${user.username}` } });
    const bad = await t.app.inject({ url: '/ifttt/v1/user/info', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().errors[0].message).toBe('Invalid or expired access token.');
  });

  it('the new story trigger lists a writer’s public stories newest first, honouring limit', async () => {
    const { auth } = await tokenFor(['basicProfile']);
    const em = t.db.em();
    const writer = await buildUser(em);
    const older = await buildPost(em, {
      creator: writer,
      title: 'Older',
      publishedAt: new Date('2024-01-01T00:00:00Z'),
    });
    const newer = await buildPost(em, {
      creator: writer,
      title: 'Newer',
      publishedAt: new Date('2024-02-01T00:00:00Z'),
    });
    await buildPost(em, { creator: writer, title: 'Draft', status: 'DRAFT' });
    const trigger = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/ifttt/v1/triggers/new_story_by_writer',
        headers: auth,
        payload: body as object,
      });
    const all = (await trigger({ triggerFields: { username: writer.username } })).json().data;
    expect(all.map((i: { title: string }) => i.title)).toEqual(['Newer', 'Older']);
    expect(all[0].meta).toEqual({ id: newer.id, timestamp: Date.parse('2024-02-01T00:00:00Z') / 1000 });
    expect(all[1].meta.id).toBe(older.id);
    expect(
      (await trigger({ triggerFields: { username: writer.username }, limit: 1 })).json().data,
    ).toHaveLength(1);
    expect((await trigger({ triggerFields: { username: writer.username }, limit: 0 })).json().data).toEqual(
      [],
    );
    const missing = await trigger({ triggerFields: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe('The field username is required.');
  });

  it('the publish action publishes converted HTML as the token’s user, and needs publishPost', async () => {
    const { user, auth } = await tokenFor(['basicProfile', 'publishPost']);
    const act = (headers: Record<string, string>, actionFields: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/ifttt/v1/actions/publish_story',
        headers,
        payload: { actionFields } as object,
      });
    const res = await act(auth, {
      title: 'From IFTTT',
      content: '<h1>From IFTTT</h1><p>Hello <script>x()</script><b>world</b></p>',
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().data;
    const post = await t.db.em().findOneOrFail(Post, { id: item.id }, { populate: ['creator'] });
    expect(post.creator.id).toBe(user.id);
    expect(post.status).toBe('PUBLISHED');
    expect(post.title).toBe('From IFTTT');
    expect(post.content.paragraphs.map((p) => [p.type, p.text])).toEqual([['P', 'Hello world']]);
    expect(item.url.startsWith(`${BASE}/`)).toBe(true);
    expect(item.url).toContain(post.uniqueSlug);

    const readOnly = await tokenFor(['basicProfile']);
    const before = await t.db.em().count(Post, {});
    expect((await act(readOnly.auth, { title: 'x', content: '<p>y</p>' })).statusCode).toBe(401);
    const empty = await act(auth, { title: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ message: 'The field content is required.', status: 'SKIP' });
    expect(await t.db.em().count(Post, {})).toBe(before);
  });
});
