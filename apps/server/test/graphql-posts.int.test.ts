import { Catalog, Post } from '@quire/db';
import { accessTexts, responseTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const gql = t.gql;

describe('GraphQL deletePost / undeletePost', () => {
  it('moves the author’s story to the trash and back; others get an error and change nothing', async () => {
    const author = await buildUser(t.db.em());
    const other = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: author, title: 'Trash me' });
    const notMine = await gql(
      'deletePost',
      { targetPostId: post.id },
      authHeaders(await buildSession(t.db.em(), other)),
    );
    expect(notMine.json().errors[0].message).toBe('Only the author can delete this story.');
    expect((await t.db.em().findOneOrFail(Post, post.id)).deletedAt).toBeNull();

    const headers = authHeaders(await buildSession(t.db.em(), author));
    const deleted = await gql('deletePost', { targetPostId: post.id }, headers);
    expect(deleted.json().data.deletePost.message).toBe(
      "Trash me moved to Trash. After 14 days, it'll be permanently deleted.",
    );
    const restored = await gql('undeletePost', { targetPostId: post.id }, headers);
    expect(restored.json().data.undeletePost.redirect).toBe(
      `/me/stories/deleted?undeletedPost=true&undeletedPostId=${post.id}&undeletedPostTitle=Trash+me&tab=public`,
    );
  });
});

describe('GraphQL PostCacheController / TopicCacheController', () => {
  it('answers a story’s cache facts and a tag id by slug', async () => {
    const author = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: author, title: 'Cache me' });
    const draft = await buildPost(t.db.em(), { creator: author, status: 'DRAFT' });
    const info = await gql('PostCacheController', { id: post.id }, {});
    expect(info.json().data.postResult).toEqual({
      id: post.id,
      isPublished: true,
      collection: null,
      creator: { id: author.id },
    });
    // Another user's draft answers exactly as an unknown id: its existence is not confirmed.
    const unknown = await gql('PostCacheController', { id: 'ffffffffffff' }, {});
    expect(unknown.json().data.postResult).toBeNull();
    const stranger = authHeaders(await buildSession(t.db.em(), await buildUser(t.db.em())));
    for (const headers of [{}, stranger]) {
      const hidden = await gql('PostCacheController', { id: draft.id }, headers);
      expect(hidden.json()).toEqual(unknown.json());
      const direct = await t.app.inject({
        url: `/trpc/cache.post?input=${encodeURIComponent(JSON.stringify({ id: draft.id }))}`,
        headers,
      });
      expect(direct.json().result.data).toBeNull();
    }
    // The author still sees their own draft as unpublished.
    const own = await gql(
      'PostCacheController',
      { id: draft.id },
      authHeaders(await buildSession(t.db.em(), author)),
    );
    expect(own.json().data.postResult).toEqual({
      id: draft.id,
      isPublished: false,
      collection: null,
      creator: null,
    });
    const { Tag } = await import('@quire/db');
    const em = t.db.em();
    const tag = em.create(Tag, { slug: 'cache-topic', name: 'Cache topic' });
    await em.flush();
    expect(
      (await gql('TopicCacheController', { topicSlug: 'cache-topic' }, {})).json().data.tagFromSlug,
    ).toEqual({ id: tag.id });
    expect((await gql('TopicCacheController', { topicSlug: 'nope' }, {})).json().data.tagFromSlug).toBeNull();
  });
});

describe('GraphQL unhidePostResponseOnParentPost', () => {
  it("shows a hidden response on its story again, for the story's author only", async () => {
    const em = t.db.em();
    const author = await buildUser(em);
    const responder = await buildUser(em);
    const post = await buildPost(em, { creator: author });
    const response = await buildPost(em, { creator: responder, title: 'A hidden reply' });
    response.inResponseToPost = post;
    response.isResponseHidden = true;
    await em.flush();
    const ids = { parentPostId: post.id, postResponseId: response.id };

    const refused = await gql(
      'unhidePostResponseOnParentPost',
      ids,
      authHeaders(await buildSession(t.db.em(), responder)),
    );
    expect(refused.json().errors[0].message).toBe(responseTexts.onlyAuthorHides);
    expect((await t.db.em().findOneOrFail(Post, response.id)).isResponseHidden).toBe(true);

    const shown = await gql(
      'unhidePostResponseOnParentPost',
      ids,
      authHeaders(await buildSession(t.db.em(), author)),
    );
    expect(shown.json().data.unhidePostResponseOnParentPost).toEqual({ ...ids, isHidden: false });
    expect((await t.db.em().findOneOrFail(Post, response.id)).isResponseHidden).toBe(false);
  });
});

describe('GraphQL threaded responses refetch (ThreadedPostResponsesQuery)', () => {
  it("pages a story's responses and a response's replies, with the count and next.to", async () => {
    const writer = await buildUser(t.db.em());
    const reader = await buildUser(t.db.em(), { name: 'Thread Reader' });
    const post = await buildPost(t.db.em(), { creator: writer, title: 'Threaded' });
    const headers = authHeaders(await buildSession(t.db.em(), reader));
    const respond = async (postId: string, text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/posts.respond',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: { postId, text },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.data.id as string;
    };
    const first = await respond(post.id, 'One');
    const second = await respond(post.id, 'Two');
    const reply = await respond(first, 'A reply');

    const page = async (postId: string, to?: string) =>
      (
        await gql('ThreadedPostResponsesQuery', {
          postId,
          postResponsesPaging: { limit: 1, ...(to ? { to } : {}) },
          sortType: 'NEWEST',
        })
      ).json().data.threadedPostResponses;
    const one = await page(post.id);
    expect(one.postResponses.count).toBe(2);
    expect(one.posts.map((p: { id: string }) => p.id)).toEqual([second]);
    expect(one.posts[0]).toMatchObject({
      depth: 1,
      creator: { name: 'Thread Reader' },
      paragraphs: [{ text: 'Two' }],
    });
    expect(one.pagingInfo.next.limit).toBe(1);
    const two = await page(post.id, one.pagingInfo.next.to);
    expect(
      two.posts.map((p: { id: string; postResponses: { count: number } }) => [p.id, p.postResponses.count]),
    ).toEqual([[first, 1]]);
    expect(two.pagingInfo.next).toBeNull();
    const replies = await page(first);
    expect(replies.posts.map((p: { id: string; depth: number }) => [p.id, p.depth])).toEqual([[reply, 2]]);

    const bad = await gql('ThreadedPostResponsesQuery', {
      postId: post.id,
      postResponsesPaging: { to: 'x' },
    });
    expect(bad.json().errors[0].message).toContain('cursor must be the next of a previous page.');
  });
});

describe('GraphQL catalog responses (catalog responses refetch, showCatalogResponseOnParent)', () => {
  it("pages a list's responses, and lets the list's creator show a hidden one again", async () => {
    const owner = await buildUser(t.db.em());
    const reader = await buildUser(t.db.em(), { name: 'List Responder' });
    const em = t.db.em();
    const list = em.create(Catalog, { creator: owner, name: 'Discussed list' });
    await em.flush();
    const call = async (token: string, path: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...authHeaders(token), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.data;
    };
    const readerToken = await buildSession(t.db.em(), reader);
    const ownerToken = await buildSession(t.db.em(), owner);
    const response = await call(readerToken, 'lists.respond', { catalogId: list.id, text: 'A list reply' });
    await call(ownerToken, 'lists.setResponseHidden', {
      catalogId: list.id,
      responseId: response.id,
      hidden: true,
    });
    const page = async () =>
      (
        await gql('CatalogResponsesQuery', { catalogId: list.id, paging: { limit: 10 }, sortType: 'NEWEST' })
      ).json().data.threadedCatalogResponses;
    expect((await page()).posts).toEqual([]);

    const ids = { parentCatalogId: list.id, catalogResponseId: response.id };
    const refused = await gql('showCatalogResponseOnParent', ids, authHeaders(readerToken));
    expect(refused.json().errors[0].message).toBe(accessTexts.editList);
    const shown = await gql('showCatalogResponseOnParent', ids, authHeaders(ownerToken));
    expect(shown.json().data.showCatalogResponseOnParent).toEqual({ ...ids, isHidden: false });
    const after = await page();
    expect(after.postResponses.count).toBe(1);
    expect(after.posts[0]).toMatchObject({
      id: response.id,
      creator: { name: 'List Responder' },
      paragraphs: [{ text: 'A list reply' }],
    });

    // A private list's responses are no stranger's business: its id answers as if it did not exist.
    const secret = em.create(Catalog, { creator: owner, name: 'Secret list', visibility: 'PRIVATE' });
    await em.flush();
    const guessed = await gql('CatalogResponsesQuery', { catalogId: secret.id }, authHeaders(readerToken));
    expect(guessed.json().errors[0].message).toBe(accessTexts.listNotFound);
    expect(guessed.json().data).toBeNull();
  });
});
