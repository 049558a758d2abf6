import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '60000' });

describe('anonymous page micro-cache', () => {
  it('serves the home page to anonymous readers from the cache, with its surrogate key', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    await buildPost(em, { creator: writer, title: 'Cached story' });
    const first = await t.app.inject({ url: '/' });
    const second = await t.app.inject({ url: '/' });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['surrogate-key']).toBe('group-edgeCacheHome');
    // Each visitor still gets their own anti-forgery cookie.
    expect(second.cookies.find((c) => c.name === 'xsrf')?.value).not.toBe(
      first.cookies.find((c) => c.name === 'xsrf')?.value,
    );
  });

  it('renders afresh for signed-in readers and never stores their page', async () => {
    const em = t.db.em();
    const reader = await buildUser(em, { name: 'Signed In Reader' });
    const token = await buildSession(em, reader);
    const res = await t.app.inject({ url: '/', headers: { cookie: `sid=${token}` } });
    expect(res.headers['x-cache']).toBe('BYPASS');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Signed In Reader');
    const anonymous = await t.app.inject({ url: '/' });
    expect(anonymous.body).not.toContain('Signed In Reader');
  });

  it('tags a published story by post, author and group, and purges it by tag', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const post = await buildPost(em, { creator: writer, title: 'Tagged story' });
    const url = `/p/${post.id}`;
    const first = await t.app.inject({ url });
    expect(first.headers['surrogate-key']).toBe(`group-edgeCachePosts post-${post.id} user-${writer.id}`);
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('HIT');
    expect(t.app.pageCache?.purgeTag(`post-${post.id}`)).toBe(1);
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('MISS');
  });

  it('does not cache members-only stories or missing pages', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const locked = await buildPost(em, { creator: writer, isLocked: true });
    for (const url of [`/p/${locked.id}`, '/p/0123456789ab']) {
      await t.app.inject({ url });
      const again = await t.app.inject({ url });
      expect(again.headers['x-cache'], url).toBe('MISS');
      expect(again.headers['cache-control']).toBe('private, no-store');
    }
  });
});
