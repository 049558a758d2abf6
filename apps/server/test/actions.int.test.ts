import { Catalog, CatalogItem, Clap, Highlight, Post } from '@quire/db';
import { accessTexts, clapTexts, highlightTexts, postResultTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

async function story() {
  const em = t.db.em();
  const writer = await buildUser(em);
  const post = await buildPost(em, { creator: writer });
  const reader = await buildUser(em);
  return { post, reader, token: await buildSession(em, reader), writerToken: await buildSession(em, writer) };
}

const send = (method: 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });

describe('clap action endpoints (spec §7 /_/vote/p/{postId}, /_/vote/{type}/{id})', () => {
  it('adds one clap, or the burst the body names, and answers the counts', async () => {
    const { post, token } = await story();
    const one = await send('POST', `/_/vote/p/${post.id}`, token);
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect(one.json()).toEqual({ postId: post.id, clapCount: 1, viewerClapCount: 1 });
    const burst = await send('POST', `/_/vote/post/${post.id}`, token, { count: 4 });
    expect(burst.json()).toEqual({ postId: post.id, clapCount: 5, viewerClapCount: 5 });
  });

  it('refuses without changing anything: no xsrf, signed out, a bad count, an unknown story or target', async () => {
    const { post, token, writerToken } = await story();
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: `/_/vote/p/${post.id}`,
      headers: { cookie: `sid=${token}` },
    });
    expect(noXsrf.statusCode).toBe(403);
    expect((await send('POST', `/_/vote/p/${post.id}`, null)).statusCode).toBe(401);
    const tooMany = await send('POST', `/_/vote/p/${post.id}`, token, { count: 51 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBeTruthy();
    const unknown = await send('POST', '/_/vote/p/0123456789ab', token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(postResultTexts.NotFound);
    const own = await send('POST', `/_/vote/p/${post.id}`, writerToken);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(clapTexts.ownStory);
    const series = await send('POST', `/_/vote/series/${post.id}`, token);
    expect(series.statusCode).toBe(404);
    expect(series.json().error.message).toBe(clapTexts.unknownTarget);
    // A story's id is no list's.
    const notAList = await send('POST', `/_/vote/catalog/${post.id}`, token);
    expect(notAList.statusCode).toBe(404);
    expect(notAList.json().error.message).toBe(accessTexts.listNotFound);
    expect(await t.db.em().count(Clap, { post: post.id })).toBe(0);
    expect((await t.db.em().findOneOrFail(Post, post.id)).clapCount).toBe(0);
  });
});

describe('list clap endpoint (spec §7 /_/vote/catalog/{id})', () => {
  it("claps for another reader's list and answers the counts", async () => {
    const { post, token } = await story();
    const em = t.db.em();
    const list = em.create(Catalog, { creator: post.creator, name: 'Picks', type: 'LISTS' });
    await em.flush();
    const clapped = await send('POST', `/_/vote/catalog/${list.id}`, token, { count: 3 });
    expect(clapped.statusCode).toBe(200);
    expect(clapped.json()).toEqual({ catalogId: list.id, clapCount: 3, viewerClapCount: 3 });
    expect((await t.db.em().findOneOrFail(Catalog, list.id)).clapCount).toBe(3);
  });
});

describe('quote action endpoint (spec §7 /_/p/{postId}/quotes/create)', () => {
  it('highlights a passage from its paragraph name and offsets, and refuses one outside the paragraph', async () => {
    const { post, token } = await story();
    const paragraph = post.content.paragraphs.find((p) => p.text.length > 10)!;
    const made = await send('POST', `/_/p/${post.id}/quotes/create`, token, {
      paragraphName: paragraph.name,
      startOffset: 0,
      endOffset: 5,
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ paragraphName: paragraph.name, quote: paragraph.text.slice(0, 5) });
    const outside = await send('POST', `/_/p/${post.id}/quotes/create`, token, {
      paragraphName: paragraph.name,
      startOffset: 0,
      endOffset: paragraph.text.length + 1,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(highlightTexts.notAPassage);
    expect(
      (await send('POST', `/_/p/${post.id}/quotes/create`, token, { paragraphName: 'x' })).statusCode,
    ).toBe(400);
    expect(await t.db.em().count(Highlight, { post: post.id })).toBe(1);
  });
});

describe('bookmark action endpoint (spec §7 /_/bookmark/p/{postId}, §3 viewerEdge.readingList)', () => {
  it("saves to the reader's private reading list once, and DELETE takes it out", async () => {
    const { post, reader, token } = await story();
    const edge = async () =>
      (
        await t.app.inject({
          url: `/trpc/posts.viewerEdge?input=${encodeURIComponent(JSON.stringify({ postId: post.id }))}`,
          headers: authHeaders(token),
        })
      ).json().result.data.readingList;

    for (let i = 0; i < 2; i++) {
      const saved = await send('POST', `/_/bookmark/p/${post.id}`, token);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ postId: post.id, readingList: 'READING_LIST' });
    }
    expect(await edge()).toBe('READING_LIST');
    const list = await t.db.em().findOneOrFail(Catalog, { creator: reader.id, predefined: 'READING_LIST' });
    expect(list).toMatchObject({ visibility: 'PRIVATE', type: 'PREDEFINED_LIST', itemsCount: 1 });
    expect(await t.db.em().count(CatalogItem, { catalog: list.id })).toBe(1);

    const removed = await send('DELETE', `/_/bookmark/p/${post.id}`, token);
    expect(removed.json()).toEqual({ postId: post.id, readingList: null });
    expect(await edge()).toBeNull();
    expect(await t.db.em().count(CatalogItem, { catalog: list.id })).toBe(0);
    expect((await t.db.em().findOneOrFail(Catalog, list.id)).itemsCount).toBe(0);
  });

  it('lists the saved stories newest first on the reading list (lists.readingList)', async () => {
    const { post, token } = await story();
    const em = t.db.em();
    const later = await buildPost(em, { creator: await buildUser(em), title: 'Saved second' });
    await send('POST', `/_/bookmark/p/${post.id}`, token);
    await send('POST', `/_/bookmark/p/${later.id}`, token);
    const res = await t.app.inject({
      url: `/trpc/lists.readingList?input=${encodeURIComponent(JSON.stringify({}))}`,
      headers: authHeaders(token),
    });
    const data = res.json().result.data;
    expect(data.itemCount).toBe(2);
    expect(data.posts.map((p: { id: string }) => p.id)).toEqual([later.id, post.id]);
    const signedOut = await t.app.inject({
      url: `/trpc/lists.readingList?input=${encodeURIComponent(JSON.stringify({}))}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 404 for a story the reader may not see, and 401 signed out', async () => {
    const { token } = await story();
    const em = t.db.em();
    const draft = await buildPost(em, { creator: await buildUser(em), status: 'DRAFT' });
    expect((await send('POST', `/_/bookmark/p/${draft.id}`, token)).statusCode).toBe(404);
    expect((await send('POST', `/_/bookmark/p/${draft.id}`, null)).statusCode).toBe(401);
  });
});
