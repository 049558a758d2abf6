import { Catalog, CatalogItem, Clap, Post, PostTag, Tag } from '@quire/db';
import type { PostContent } from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, lockedStoryContent, useTestApp } from './helpers';

const BASE = 'https://quire.test';
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', PUBLIC_URL: BASE });

const HIDDEN = 'The members-only ending that no feed may carry.';
const lockedContent = lockedStoryContent(HIDDEN);
const openContent: PostContent = {
  paragraphs: [
    { name: 'o1', type: 'H3', text: 'Heading <one>', markups: [] },
    { name: 'o2', type: 'P', text: 'Bold & linked text', markups: [{ type: 'STRONG', start: 0, end: 4 }] },
    { name: 'o3', type: 'ULI', text: 'A point', markups: [] },
    { name: 'o4', type: 'IMG', text: 'A caption', markups: [], metadata: { id: 'img-1.png' } },
    { name: 'o5', type: 'HR', text: '', markups: [] },
    { name: 'o6', type: 'P', text: 'The open ending everyone may read.', markups: [] },
  ],
};

async function world() {
  const em = t.db.em();
  const author = await buildUser(em, { name: 'Feed Writer' });
  const collection = await buildCollection(em, { creator: author });
  const open = await buildPost(em, {
    creator: author,
    collection,
    title: 'An open story',
    content: openContent,
  });
  const locked = await buildPost(em, {
    creator: author,
    collection,
    title: 'A members-only story',
    content: lockedContent,
    isLocked: true,
    publishedAt: new Date(Date.now() - 60_000),
  });
  const draft = await buildPost(em, {
    creator: author,
    collection,
    title: 'A secret draft',
    status: 'DRAFT',
  });
  const unlisted = await buildPost(em, { creator: author, title: 'An unlisted story', status: 'UNLISTED' });
  const trashed = await buildPost(em, { creator: author, title: 'A trashed story' });
  await em.nativeUpdate(Post, { id: trashed.id }, { deletedAt: new Date() });
  const tag = em.create(Tag, { slug: `feeds-${author.id}`, name: 'Feeds' });
  const topic = em.create(Tag, { slug: `topic-${author.id}`, name: 'Topic', isTopic: true });
  for (const post of [open, locked, draft]) em.create(PostTag, { post: post.id, tag });
  await em.flush();
  await em.nativeUpdate(Post, { id: locked.id }, { primaryTopic: topic.id });
  return { author, collection, open, locked, draft, unlisted, trashed, tag, topic };
}

const get = (url: string) => t.app.inject({ url });

function titles(xml: string): string[] {
  return [...xml.matchAll(/<item>\s*<title><!\[CDATA\[(.*?)\]\]><\/title>/g)].map((m) => m[1] as string);
}

describe('RSS feeds (spec §2 Feeds)', () => {
  it('lists published public and members-only stories with full text or the locked preview', async () => {
    const w = await world();
    const res = await get(`/feed/@${w.author.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const xml = res.body;
    expect(xml).toContain('<rss version="2.0"');
    expect(titles(xml)).toEqual(['An open story', 'A members-only story']);
    expect(xml).toContain(`<link>${BASE}/${w.collection.slug}/${w.open.uniqueSlug}</link>`);
    expect(xml).toContain(`${BASE}/${w.collection.slug}/${w.locked.uniqueSlug}`);
    // Full HTML for the open story, text escaped.
    expect(xml).toContain('<h3>Heading &lt;one&gt;</h3>');
    expect(xml).toContain('<strong>Bold</strong> &amp; linked text');
    expect(xml).toContain('<ul>\n<li>A point</li>\n</ul>');
    expect(xml).toContain(`<img src="${BASE}/media/img-1.png?w=1400"`);
    expect(xml).toContain('<hr>');
    expect(xml).toContain('The open ending everyone may read.');
    // Only the preview of the members-only story.
    expect(xml).toContain('The last paragraph of the preview.');
    expect(xml).not.toContain(HIDDEN);
    expect(xml).toContain('Read the rest on Quire');
    for (const hidden of ['A secret draft', 'An unlisted story', 'A trashed story'])
      expect(xml).not.toContain(hidden);

    const alias = await get(`/@${w.author.username}/feed`);
    expect(alias.statusCode).toBe(200);
    expect(titles(alias.body)).toEqual(['An open story', 'A members-only story']);
  });

  it('serves latest, publication, tag, publication-tag and topic feeds', async () => {
    const w = await world();
    const latest = await get('/feed/latest');
    expect(latest.statusCode).toBe(200);
    expect(titles(latest.body)).toContain('An open story');
    expect(latest.body).not.toContain(HIDDEN);
    expect(latest.body).not.toContain('A secret draft');

    expect(titles((await get(`/feed/${w.collection.slug}`)).body)).toEqual([
      'An open story',
      'A members-only story',
    ]);
    expect(titles((await get(`/feed/tag/${w.tag.slug}`)).body)).toEqual([
      'An open story',
      'A members-only story',
    ]);
    expect(titles((await get(`/feed/${w.collection.slug}/tagged/${w.tag.slug}`)).body)).toEqual([
      'An open story',
      'A members-only story',
    ]);
    const topic = await get(`/feed/topic/${w.topic.slug}`);
    expect(topic.statusCode).toBe(200);
    expect(titles(topic.body)).toEqual(['A members-only story']);
    expect(topic.body).not.toContain(HIDDEN);
  });

  it("serves a public list's stories in the list's order, and the stories a writer clapped for", async () => {
    const w = await world();
    const em = t.db.em();
    const reader = await buildUser(em, { name: 'Listing Reader' });
    const list = em.create(Catalog, {
      creator: reader,
      name: 'Picks',
      slug: 'picks',
      description: 'My picks',
    });
    const secret = em.create(Catalog, { creator: reader, name: 'Secret', visibility: 'PRIVATE' });
    // The draft is in the list too: a feed leaves out what it may not list.
    for (const [position, post] of [w.locked, w.open, w.draft].entries()) {
      em.create(CatalogItem, { catalog: list, itemType: 'POST', post, position });
    }
    em.create(CatalogItem, { catalog: secret, itemType: 'POST', post: w.open });
    em.create(Clap, { user: reader, post: w.open, count: 3 });
    await em.flush();

    const feed = await get(`/feed/collections/picks-${list.id}`);
    expect(feed.statusCode).toBe(200);
    expect(titles(feed.body)).toEqual(['A members-only story', 'An open story']);
    expect(feed.body).toContain('My picks');
    expect(feed.body).not.toContain(HIDDEN);
    expect(feed.body).toContain(`${BASE}/@${reader.username}/list/picks-${list.id}`);
    expect((await get(`/feed/collections/${secret.id}`)).statusCode).toBe(404);
    expect((await get('/feed/collections/0123456789ab')).statusCode).toBe(404);

    const clapped = await get(`/feed/@${reader.username}/has-recommended`);
    expect(clapped.statusCode).toBe(200);
    expect(titles(clapped.body)).toEqual(['An open story']);
  });

  it('answers 404 for unknown writers, publications, tags and topics', async () => {
    const w = await world();
    for (const url of [
      '/feed/@nobody-at-all',
      '/@nobody-at-all/feed',
      '/feed/@nobody-at-all/has-recommended',
      '/feed/no-such-publication',
      `/feed/${w.collection.slug}/tagged/no-such-tag`,
      '/feed/tag/no-such-tag',
      '/feed/topic/no-such-topic',
      `/feed/topic/${w.tag.slug}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

/** The page head's RSS links: [title, href] of each `<link rel="alternate" type="application/rss+xml">`. */
function alternateFeeds(html: string): Array<[string, string]> {
  const head = html.slice(0, html.indexOf('</head>'));
  return [
    ...head.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)">/g),
  ].map((m) => [m[1] as string, m[2] as string]);
}

describe('feeds are discoverable from their pages', () => {
  it('profile, publication, tag and topic pages link their feed in the head and visibly, and the feed answers', async () => {
    const w = await world();
    const pages = [
      {
        page: `/@${w.author.username}`,
        feed: `/feed/@${w.author.username}`,
        title: 'Stories by Feed Writer on Quire',
      },
      {
        page: `/@${w.author.username}/about`,
        feed: `/feed/@${w.author.username}`,
        title: 'Stories by Feed Writer on Quire',
      },
      { page: `/${w.collection.slug}`, feed: `/feed/${w.collection.slug}`, title: w.collection.name },
      { page: `/tag/${w.tag.slug}`, feed: `/feed/tag/${w.tag.slug}`, title: 'Feeds on Quire' },
      { page: `/topic/${w.topic.slug}`, feed: `/feed/topic/${w.topic.slug}`, title: 'Topic on Quire' },
    ];
    for (const { page, feed, title } of pages) {
      const html = await get(page);
      expect(html.statusCode, page).toBe(200);
      expect(alternateFeeds(html.body), page).toEqual([[title, `${BASE}${feed}`]]);
      // The visible link in the page's header.
      expect(html.body, page).toMatch(
        new RegExp(`<a class="q-feed-link" href="${feed.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>`),
      );
      const rss = await get(feed);
      expect(rss.statusCode, feed).toBe(200);
      expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(rss.body).toContain('<rss version="2.0"');
      // The feed calls itself what the page's link calls it.
      expect(/<channel>\s*<title>([^<]*)<\/title>/.exec(rss.body)?.[1]).toBe(title);
    }
    // Pages without a feed of their own link none.
    expect(alternateFeeds((await get('/about')).body)).toEqual([]);
  });
});

describe('feeds ask the same rules as the pages', () => {
  it('has no feed for a staff-only tag or topic, a private publication, or a writer who is gone', async () => {
    const w = await world();
    const em = t.db.em();
    const staffTag = em.create(Tag, { slug: `staff-${w.author.id}`, name: 'Staff', visibility: 'STAFF' });
    const staffTopic = em.create(Tag, {
      slug: `staff-topic-${w.author.id}`,
      name: 'Staff topic',
      isTopic: true,
      visibility: 'STAFF',
    });
    em.create(PostTag, { post: w.open.id, tag: staffTag });
    em.create(PostTag, { post: w.open.id, tag: staffTopic });
    const hidden = await buildCollection(em, { creator: w.author });
    hidden.visibility = 'PRIVATE';
    await buildPost(em, { creator: w.author, collection: hidden, title: 'A private publication story' });
    const gone = await buildUser(em, { name: 'Gone Writer' });
    await buildPost(em, { creator: gone, title: 'A story by a suspended writer' });
    gone.isSuspended = true;
    await em.flush();
    for (const url of [
      `/feed/tag/${staffTag.slug}`,
      `/feed/topic/${staffTopic.slug}`,
      `/feed/${w.collection.slug}/tagged/${staffTag.slug}`,
      `/feed/${hidden.slug}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get('/feed/latest')).body).not.toContain('A story by a suspended writer');
    expect((await get(`/feed/@${gone.username}`)).body).not.toContain('A story by a suspended writer');
  });
});

describe('/p/{postId}/state/read', () => {
  it('tells the current reader whether they read the story, never cached', async () => {
    const w = await world();
    const reader = await buildUser(t.db.em());
    const headers = authHeaders(await buildSession(t.db.em(), reader));
    const before = await t.app.inject({ url: `/p/${w.open.id}/state/read`, headers });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(before.json()).toEqual({ read: false });
    const read = await t.app.inject({
      method: 'POST',
      url: '/trpc/reading.read',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { postId: w.open.id, readingSeconds: 42 },
    });
    expect(read.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/p/${w.open.id}/state/read`, headers });
    expect(after.json()).toEqual({ read: true });
  });
});
