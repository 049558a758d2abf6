import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

// The page cache on, so a stale cached page would show as the old text after publishing.
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '60000' });

const content = (text: string) => ({ paragraphs: [{ name: 'v001', type: 'P', text, markups: [] }] });

/** A signed-in writer calling tRPC over HTTP, as the editor does. */
async function writerClient() {
  const em = t.db.em();
  const writer = await buildUser(em, { name: 'Revising Writer' });
  const headers = authHeaders(await buildSession(em, writer));
  const call = async (path: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  const query = async (path: string, input: Record<string, unknown>) => {
    const url = `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  /** A new draft of the writer's, at revision 0. */
  const draft = async () =>
    (await buildPost(t.db.em(), { creator: writer, status: 'DRAFT', title: '', content: { paragraphs: [] } }))
      .id;
  return { writer, call, query, draft };
}

/** The titles of the stories search finds by a word, as a signed-out visitor. */
async function searchTitles(q: string): Promise<string[]> {
  const input = encodeURIComponent(JSON.stringify({ q, entities: ['post'], hitsPerPage: 20 }));
  const res = await t.app.inject({ url: `/trpc/search.query?input=${input}` });
  expect(res.statusCode, res.body).toBe(200);
  const [result] = res.json().result.data.results as { hits: { title?: string }[] }[];
  return (result?.hits ?? []).map((h) => h.title ?? '');
}

/** What every reader gets: the story page (anonymous, cached), posts.byId and the writer's RSS feed. */
async function whatReadersSee(id: string, username: string) {
  const page = (await t.app.inject({ url: `/p/${id}` })).body;
  const input = encodeURIComponent(JSON.stringify({ id }));
  const byId = (await t.app.inject({ url: `/trpc/posts.byId?input=${input}` })).json().result.data;
  const rss = (await t.app.inject({ url: `/feed/@${username}` })).body;
  return {
    page: ['Old words', 'New words'].filter((text) => page.includes(text)),
    byId: [byId.title, byId.content.paragraphs[0].text],
    rss: ['Old words', 'New words', 'Old title', 'New title'].filter((text) => rss.includes(text)),
  };
}

describe('edits to a published story are unpublished changes until Publish changes', () => {
  it('leaves the story page, posts.byId and RSS on the published text until the changes are published', async () => {
    const { writer, call, query, draft } = await writerClient();
    const id = await draft();
    await call('posts.save', {
      id,
      baseRev: 0,
      title: 'Old title',
      content: content('Old words about quinces'),
    });
    await call('posts.publish', { id, baseRev: 1, topics: [] });
    const published = {
      page: ['Old words'],
      byId: ['Old title', 'Old words about quinces'],
      rss: ['Old words', 'Old title'],
    };
    expect(await whatReadersSee(id, writer.username)).toEqual(published);

    expect(
      await call('posts.save', {
        id,
        baseRev: 1,
        title: 'New title',
        content: content('New words about medlars'),
      }),
    ).toEqual({ __typename: 'Saved', rev: 2 });
    expect(await whatReadersSee(id, writer.username)).toEqual(published);
    expect([await searchTitles('quinces'), await searchTitles('medlars')]).toEqual([['Old title'], []]);
    expect(await query('posts.editorState', { id })).toMatchObject({
      title: 'New title',
      hasPendingChanges: true,
    });

    await call('posts.publishChanges', { id, baseRev: 2 });
    // The cached page is purged by tag when the changes are published (LISTEN/NOTIFY after commit).
    await expect
      .poll(async () => (await whatReadersSee(id, writer.username)).page, { timeout: 5000, interval: 50 })
      .toEqual(['New words']);
    expect(await whatReadersSee(id, writer.username)).toEqual({
      page: ['New words'],
      byId: ['New title', 'New words about medlars'],
      rss: ['New words', 'New title'],
    });
    expect([await searchTitles('quinces'), await searchTitles('medlars')]).toEqual([[], ['New title']]);
  });

  it('discards the changes: the editor reopens on the published text and readers never saw them', async () => {
    const { writer, call, query, draft } = await writerClient();
    const id = await draft();
    await call('posts.save', { id, baseRev: 0, title: 'Old title', content: content('Old words') });
    await call('posts.publish', { id, baseRev: 1, topics: [] });
    await call('posts.save', { id, baseRev: 1, title: 'New title', content: content('New words') });

    expect(await call('posts.discardChanges', { id, baseRev: 2 })).toEqual({
      rev: 3,
      title: 'Old title',
      content: content('Old words'),
    });
    expect(await query('posts.editorState', { id })).toMatchObject({
      title: 'Old title',
      content: content('Old words'),
      hasPendingChanges: false,
    });
    expect(await whatReadersSee(id, writer.username)).toEqual({
      page: ['Old words'],
      byId: ['Old title', 'Old words'],
      rss: ['Old words', 'Old title'],
    });
  });

  it('still saves a draft at once (drafts have no readers)', async () => {
    const { call, query, draft } = await writerClient();
    const id = await draft();
    await call('posts.save', { id, baseRev: 0, title: 'Draft title', content: content('Draft words') });
    expect(await query('posts.editorState', { id })).toMatchObject({
      title: 'Draft title',
      content: content('Draft words'),
      latestRev: 1,
      hasPendingChanges: false,
    });
  });
});
