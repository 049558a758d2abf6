import { Post, PostTag, Tag } from '@quire/db';
import { feedPaths, feedTexts, NEWS_FEED_WINDOW_MS, type PostContent, SYNDICATED_IMAGE } from '@quire/domain';
import { buildCollection, buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { xml2js } from 'xml-js';
import { lockedStoryContent, useTestApp } from './helpers';

const BASE = 'https://quire.test';
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', PUBLIC_URL: BASE });

const HOUR = 3_600_000;
const HIDDEN = 'The members-only ending Flipboard and Google News may never carry.';
const lockedContent = lockedStoryContent(HIDDEN);
const openContent: PostContent = {
  paragraphs: [
    { name: 'o1', type: 'P', text: 'An open opening & more.', markups: [] },
    { name: 'o2', type: 'P', text: 'The open ending everyone may read.', markups: [] },
  ],
};

interface Text {
  _text?: string;
  _cdata?: string;
}
interface RssItem {
  title: Text;
  link: Text;
  author?: unknown;
  'content:encoded'?: Text;
  'dc:creator'?: Text[];
  'media:content'?: Array<{ _attributes: Record<string, string> }>;
}
interface Rss {
  _attributes: Record<string, string>;
  channel: { title: Text; image?: { url: Text; link: Text }; item?: RssItem[] };
}

/** The feed read by a strict XML parser (it throws on anything not well-formed). */
function parseRss(xml: string): Rss {
  const doc = xml2js(xml, { compact: true, alwaysArray: ['item', 'dc:creator', 'media:content'] });
  return (doc as { rss: Rss }).rss;
}

const itemTitles = (rss: Rss) => (rss.channel.item ?? []).map((item) => item.title._cdata);

async function world() {
  const em = t.db.em();
  const author = await buildUser(em, { name: 'Syndicated Writer' });
  const collection = await buildCollection(em, { creator: author });
  collection.avatarId = 'publication-avatar.png';
  const topic = em.create(Tag, { slug: `flip-${author.id}`, name: 'Flip topic', isTopic: true });
  const tag = em.create(Tag, { slug: `newsy-${author.id}`, name: 'Newsy' });
  const hidden = await buildCollection(em, { creator: author });
  hidden.visibility = 'PRIVATE';
  await em.flush();
  const story = (
    title: string,
    hoursAgo: number,
    extra: { content?: PostContent; isLocked?: boolean } = {},
  ) =>
    buildPost(em, {
      creator: author,
      collection,
      title,
      publishedAt: new Date(Date.now() - hoursAgo * HOUR),
      ...extra,
    });
  const windowHours = NEWS_FEED_WINDOW_MS / HOUR;
  const open = await story('A fresh open story', 0, { content: openContent });
  const locked = await story('A fresh members-only story', 0.1, { content: lockedContent, isLocked: true });
  const inside = await story('A story from just inside the window', windowHours - 1);
  const old = await story('A story from just outside the window', windowHours + 1);
  // First published before the window, republished after an edit today: no news.
  const edited = await story('An old story edited today', windowHours + 1);
  await em.nativeUpdate(Post, { id: edited.id }, { latestPublishedAt: new Date() });
  await em.nativeUpdate(Post, { id: open.id }, { primaryTopic: topic.id, previewImageId: 'open-cover.jpg' });
  await em.nativeUpdate(
    Post,
    { id: locked.id },
    { primaryTopic: topic.id, previewImageId: 'locked-cover.jpg' },
  );
  await buildPost(em, { creator: author, collection: hidden, title: 'A private publication story' });
  for (const post of [open, locked, old, edited]) em.create(PostTag, { post: post.id, tag });
  await em.flush();
  return { author, collection, hidden, topic, tag, open, locked, inside, old, edited };
}

const get = (url: string) => t.app.inject({ url });

async function rssAt(url: string): Promise<{ xml: string; rss: Rss }> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('application/rss+xml; charset=utf-8');
  return { xml: res.body, rss: parseRss(res.body) };
}

describe('/feed/flipboard/{topicSlug} (spec §2 Feeds)', () => {
  it("carries the topic feed's stories with full content, a picture, the writer and a channel image", async () => {
    const w = await world();
    const { xml, rss } = await rssAt(feedPaths.flipboard(w.topic.slug));
    expect(rss._attributes).toMatchObject({
      version: '2.0',
      'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      'xmlns:media': 'http://search.yahoo.com/mrss/',
    });
    expect(rss.channel.title._text).toBe(feedTexts.tagTitle('Flip topic'));
    expect(rss.channel.image?.url._text).toBe(`${BASE}/favicon.ico`);

    // The same stories as the topic's own feed.
    const topicFeed = parseRss((await get(feedPaths.topic(w.topic.slug))).body);
    expect(itemTitles(rss)).toEqual(['A fresh open story', 'A fresh members-only story']);
    expect(itemTitles(rss)).toEqual(itemTitles(topicFeed));

    const [open, locked] = rss.channel.item ?? [];
    for (const [item, cover] of [
      [open, 'open-cover.jpg'],
      [locked, 'locked-cover.jpg'],
    ] as const) {
      expect(item?.['dc:creator']?.map((c) => c._text)).toEqual(['Syndicated Writer']);
      // RSS's own author element wants an email address: dc:creator replaces it.
      expect(item?.author).toBeUndefined();
      expect(item?.['media:content']?.map((m) => m._attributes)).toEqual([
        {
          url: `${BASE}/media/${cover}?w=${SYNDICATED_IMAGE.width}&h=${SYNDICATED_IMAGE.height}&s=crop`,
          medium: 'image',
          width: String(SYNDICATED_IMAGE.width),
          height: String(SYNDICATED_IMAGE.height),
        },
      ]);
    }
    expect(open?.['content:encoded']?._cdata).toContain('<p>An open opening &amp; more.</p>');
    expect(open?.['content:encoded']?._cdata).toContain('The open ending everyone may read.');

    // A members-only story: its locked preview and a link, never its full text.
    const lockedLink = `${BASE}/${w.collection.slug}/${w.locked.uniqueSlug}`;
    expect(locked?.link._text).toBe(lockedLink);
    expect(locked?.['content:encoded']?._cdata).toContain('The last paragraph of the preview.');
    expect(locked?.['content:encoded']?._cdata).toContain(`<a href="${lockedLink}">`);
    expect(xml).not.toContain(HIDDEN);
  });

  it('answers 404 for an unknown topic, a plain tag and a staff-only topic', async () => {
    const w = await world();
    const em = t.db.em();
    const staff = em.create(Tag, {
      slug: `staff-flip-${w.author.id}`,
      name: 'Staff topic',
      isTopic: true,
      visibility: 'STAFF',
    });
    await em.flush();
    for (const slug of ['no-such-topic', w.tag.slug, staff.slug]) {
      const url = feedPaths.flipboard(slug);
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('/feed/{collectionSlug}/news[/tagged/{tagSlug}] (spec §2 Feeds)', () => {
  it("lists the publication's stories first published in the news window, newest first, syndicated", async () => {
    const w = await world();
    const { xml, rss } = await rssAt(feedPaths.publicationNews(w.collection.slug));
    expect(rss.channel.title._text).toBe(feedTexts.newsTitle(w.collection.name));
    expect(itemTitles(rss)).toEqual([
      'A fresh open story',
      'A fresh members-only story',
      'A story from just inside the window',
    ]);
    expect(rss._attributes['xmlns:media']).toBe('http://search.yahoo.com/mrss/');
    expect(rss.channel.image?.url._text).toBe(`${BASE}/media/publication-avatar.png?w=144&h=144&s=crop`);
    expect(rss.channel.image?.link._text).toBe(`${BASE}/${w.collection.slug}`);
    expect(rss.channel.item?.[0]?.['dc:creator']?.[0]?._text).toBe('Syndicated Writer');
    expect(rss.channel.item?.[0]?.['media:content']?.[0]?._attributes.url).toContain(
      '/media/open-cover.jpg?',
    );
    expect(xml).toContain('The last paragraph of the preview.');
    expect(xml).not.toContain(HIDDEN);

    // The publication's own feed still has them all.
    const all = parseRss((await get(feedPaths.publication(w.collection.slug))).body);
    expect(itemTitles(all)).toEqual(
      expect.arrayContaining(['A story from just outside the window', 'An old story edited today']),
    );
  });

  it('keeps the tagged news feed to the tag', async () => {
    const w = await world();
    const { rss } = await rssAt(feedPaths.publicationNewsTag(w.collection.slug, w.tag.slug));
    expect(rss.channel.title._text).toBe(feedTexts.newsTagTitle(w.collection.name, 'Newsy'));
    expect(itemTitles(rss)).toEqual(['A fresh open story', 'A fresh members-only story']);
  });

  it('answers 404 for an unknown publication or tag and for a private publication', async () => {
    const w = await world();
    for (const url of [
      feedPaths.publicationNews('no-such-publication'),
      feedPaths.publicationNewsTag('no-such-publication', w.tag.slug),
      feedPaths.publicationNewsTag(w.collection.slug, 'no-such-tag'),
      feedPaths.publicationNews(w.hidden.slug),
      feedPaths.publicationNewsTag(w.hidden.slug, w.tag.slug),
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
