import { Post } from '@quire/db';
import { errorPageTexts, inputTexts } from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const query = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
const mutate = (path: string, input: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers });

/** What a database or driver says when it fails; a client never reads it. */
const DATABASE_TEXT =
  /violates|syntax|relation|column|invalid byte sequence|unsupported Unicode|invalid message format|postgres|SQL/i;

describe('hostile text in the probe’s examples', () => {
  it('refuses /feed/tag/%00 with a clear 400 before the route runs', async () => {
    const res = await t.app.inject({ url: '/feed/tag/%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(inputTexts.invalidAddress);
  });

  it('refuses a NUL, a lone surrogate or a malformed escape in a page’s path or query with a plain 400 page', async () => {
    for (const url of [
      '/tag/a%00b',
      '/search?q=a%00',
      '/search?q=%ED%A0%80',
      '/search?q=100%',
      '/@x%E0%A4%A',
    ]) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain(inputTexts.invalidAddress);
    }
  });

  it('keeps well-formed escapes, non-ASCII text and plus signs working', async () => {
    const res = await t.app.inject({
      url: '/search?q=caf%C3%A9+%F0%9F%98%80%2B1',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers profiles.byUsername with a NUL username as a clear 400', async () => {
    const res = await query('profiles.byUsername', { username: '\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(inputTexts.invalidCharacters);
  });

  it('answers search.query with a NUL in the text as a clear 400', async () => {
    const res = await query('search.query', { q: 'a\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(inputTexts.invalidCharacters);
  });

  it('refuses a story title with a lone surrogate and writes nothing', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    const draft = await buildPost(em, { creator: me, status: 'DRAFT', title: 'Before' });
    const headers = authHeaders(await buildSession(em, me));
    for (const title of ['Broken \ud800 title', 'Broken \udc00 title', 'Broken \u0000 title']) {
      const res = await mutate(
        'posts.save',
        { id: draft.id, baseRev: draft.latestRev, title, content: draft.content },
        headers,
      );
      expect(res.statusCode, JSON.stringify(title)).toBe(400);
      expect(res.json().error.message).toContain(inputTexts.invalidCharacters);
    }
    const stored = await t.db.em().findOneOrFail(Post, draft.id);
    expect(stored.title).toBe('Before');
    expect(stored.latestRev).toBe(draft.latestRev);
  });

  it('refuses a NUL inside story text (jsonb cannot hold it) and a 1 MB title with a 400', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    const draft = await buildPost(em, { creator: me, status: 'DRAFT', title: 'Before' });
    const headers = authHeaders(await buildSession(em, me));
    const content = { paragraphs: [{ name: 'a001', type: 'P', text: 'a\u0000b', markups: [] }] };
    const nul = await mutate('posts.save', { id: draft.id, baseRev: 0, title: 'x', content }, headers);
    expect(nul.statusCode).toBe(400);
    const huge = await mutate(
      'posts.save',
      { id: draft.id, baseRev: 0, title: 'x'.repeat(1 << 20) },
      headers,
    );
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect((await t.db.em().findOneOrFail(Post, draft.id)).title).toBe('Before');
  });

  it('answers GraphQL operations given a NUL or a lone surrogate with a readable refusal', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    await buildCollection(em, { creator: me });
    const headers = authHeaders(await buildSession(em, me));
    for (const [name, variables] of [
      ['UserSearchQuery', { username: '\u0000' }],
      ['PublicationSearchQuery', { domainOrSlug: 'a\ud800' }],
      ['TopicCacheController', { topicSlug: '\u0000' }],
      ['DismissFlag', { userId: me.id, flag: 'A\u0000' }],
    ] as const) {
      const res = await t.gql(name, variables, headers);
      expect(res.statusCode, name).toBeLessThan(500);
      const messages = (res.json().errors ?? []).map((e: { message: string }) => e.message).join('\n');
      expect(messages, name).toContain(inputTexts.invalidCharacters);
      expect(messages, name).not.toMatch(DATABASE_TEXT);
    }
  });
});

describe('a failure inside the server is never shown to the client', () => {
  // A missing table is a real database failure: the driver's text names the relation.
  const withoutTable = async (table: string, run: () => Promise<void>) => {
    const connection = t.db.orm.em.getConnection();
    await connection.execute(`alter table ${table} rename to ${table}_gone`);
    try {
      await run();
    } finally {
      await connection.execute(`alter table ${table}_gone rename to ${table}`);
    }
  };

  it('tRPC answers the spec’s server error text', async () => {
    await withoutTable('feature_flags', async () => {
      const res = await query('flags.variantFlags', {});
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe(errorPageTexts.serverError);
      expect(res.body).not.toMatch(DATABASE_TEXT);
    });
  });

  it('GraphQL answers an internal error without its original message', async () => {
    await withoutTable('feature_flags', async () => {
      const res = await t.gql('variantFlags', {});
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toBe(errorPageTexts.serverError);
      expect(body.errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    });
  });

  it('a plain route answers the spec’s server error text', async () => {
    await withoutTable('tags', async () => {
      const res = await t.app.inject({ url: '/feed/tag/anything' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe(errorPageTexts.serverError);
      expect(res.body).not.toMatch(DATABASE_TEXT);
    });
  });
});
