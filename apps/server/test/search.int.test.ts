import {
  AnalyticsEvent,
  Block,
  type Collection,
  FeatureFlag,
  FeatureFlagOverride,
  Tag,
  type User,
} from '@quire/db';
import { CARD_THUMBNAIL, imageUrl } from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser, sampleContent } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HEADERS } from '../src/search';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const KEY_HEADERS = { [SEARCH_HEADERS.applicationId]: 'quire', [SEARCH_HEADERS.apiKey]: 'search-only' };

const service = (requests: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    payload: { requests },
    headers: {
      ...(opts.headers ?? KEY_HEADERS),
      ...(opts.token ? { cookie: `sid=${opts.token}` } : {}),
    },
  });

const page = (url: string) => t.app.inject({ url });

let ada: User;
let grace: User;
let engines: Collection;
let staffToken = '';

beforeAll(async () => {
  const em = t.db.em();
  ada = await buildUser(em, { name: 'Ada Lovelace', username: 'adalove' });
  ada.isHighQuality = true;
  grace = await buildUser(em, { name: 'Grace Hopper', username: 'gracehop' });
  engines = await buildCollection(em, { creator: ada, name: 'Analytical Engines', slug: 'engines' });
  engines.isHighQuality = true;
  em.create(Tag, { slug: 'engineering', name: 'Engineering', postCount: 3 });
  await em.flush();
  await buildPost(em, { creator: ada, collection: engines, title: 'Notes on the difference engine' });
  await buildPost(em, { creator: ada, title: 'Engine poetry outside the publication' });
  await buildPost(em, { creator: ada, title: 'Engine secrets still drafting', status: 'DRAFT' });
  await buildPost(em, { creator: grace, title: 'Engine compilers by Grace' });
  const staff = await buildUser(em, { name: 'Search Staff' });
  const flag = em.create(FeatureFlag, { name: 'can_view_unfiltered_search', boolValue: false });
  em.create(FeatureFlagOverride, { flag, user: staff, boolValue: true });
  await em.flush();
  staffToken = await buildSession(em, staff);
});

describe('search service POST /1/indexes/*/queries (spec §7)', () => {
  it('answers results[] with hits (objectID, queryId) and queryID per request', async () => {
    const res = await service([
      { indexName: 'quire_user', params: { query: 'ada', hitsPerPage: 3 } },
      { indexName: 'quire_tag', params: { query: 'engin' } },
      {
        indexName: 'quire_post',
        params: { query: 'engine', attributesToRetrieve: ['title', 'postId', 'latestPublishedAt'] },
      },
    ]);
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results).toHaveLength(3);
    const [users, tags, posts] = results;
    expect(users.index).toBe('quire_user');
    expect(users.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(users.hits).toEqual([
      expect.objectContaining({
        objectID: ada.id,
        userId: ada.id,
        username: 'adalove',
        name: 'Ada Lovelace',
        imageId: null,
        queryId: users.queryID,
      }),
    ]);
    expect(tags.hits[0]).toMatchObject({ tagSlug: 'engineering', displayText: 'Engineering', postCount: 3 });
    expect(posts.hits.length).toBeLessThanOrEqual(3);
    for (const hit of posts.hits) {
      expect(Object.keys(hit).sort()).toEqual([
        'latestPublishedAt',
        'objectID',
        'postId',
        'queryId',
        'title',
      ]);
    }
  });

  it('filters people to high quality for everyone without can_view_unfiltered_search, whatever the request says', async () => {
    const anonymous = await service([
      { indexName: 'quire_user', params: { query: 'grace' } },
      { indexName: 'quire_post', params: { query: 'compilers' } },
      { indexName: 'quire_post', params: { query: 'compilers', filters: 'highQualityUser:true' } },
    ]);
    const [people, stories, highQualityStories] = anonymous.json().results;
    expect(people.hits).toEqual([]);
    // Spec §5 filters writers and publications: every public story stays findable, unless a client asks.
    expect(stories.hits.map((h: { title: string }) => h.title)).toEqual(['Engine compilers by Grace']);
    expect(highQualityStories.hits).toEqual([]);
    const staff = await service(
      [
        { indexName: 'quire_user', params: { query: 'grace' } },
        { indexName: 'quire_post', params: { query: 'compilers' } },
      ],
      { token: staffToken, headers: KEY_HEADERS },
    );
    const [users, posts] = staff.json().results;
    expect(users.hits.map((h: { name: string }) => h.name)).toEqual(['Grace Hopper']);
    expect(posts.hits.map((h: { title: string }) => h.title)).toEqual(['Engine compilers by Grace']);
  });

  it('scopes post search with facetFilters and never returns drafts', async () => {
    const res = await service([
      { indexName: 'quire_post', params: { query: 'engine', facetFilters: [`collectionId:${engines.id}`] } },
      { indexName: 'quire_post', params: { query: 'secrets still drafting' } },
    ]);
    const [scoped, drafts] = res.json().results;
    expect(scoped.hits.map((h: { title: string }) => h.title)).toEqual(['Notes on the difference engine']);
    expect(drafts.hits).toEqual([]);
  });

  it('refuses a wrong search key (403) and malformed requests (400) with a reason', async () => {
    const wrongKey = await service([{ indexName: 'quire_user', params: { query: 'ada' } }], {
      headers: { [SEARCH_HEADERS.applicationId]: 'quire', [SEARCH_HEADERS.apiKey]: 'admin' },
    });
    expect(wrongKey.statusCode).toBe(403);
    const unknownIndex = await service([{ indexName: 'quire_secrets', params: { query: 'x' } }]);
    expect(unknownIndex.statusCode).toBe(400);
    expect(unknownIndex.json().message).toContain('quire_secrets');
    const badFilter = await service([
      { indexName: 'quire_user', params: { query: 'x', numericFilters: ['age>3'] } },
    ]);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toContain('numericFilters');
    const badFacet = await service([
      { indexName: 'quire_user', params: { query: 'x', facetFilters: ['authorId:abc'] } },
    ]);
    expect(badFacet.statusCode).toBe(400);
    const tooMany = await service(Array.from({ length: 9 }, () => ({ indexName: 'quire_user', params: {} })));
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('search pages (spec §2 Paths Search), rendered on the server', () => {
  it('shows post hits on /search and people on /search/users', async () => {
    const posts = await page('/search?q=difference%20engine');
    expect(posts.statusCode).toBe(200);
    expect(posts.body).toContain('Notes on the difference engine');
    expect(posts.body).not.toContain('Engine secrets still drafting');
    const people = await page('/search/users?q=ada');
    expect(people.statusCode).toBe(200);
    expect(people.body).toContain('Ada Lovelace');
    expect(people.body).toContain('@adalove');
  });

  it('shows a story hit with the thumbnail its cards show, and never members-only text', async () => {
    const em = t.db.em();
    const pictured = await buildPost(em, { creator: grace, title: 'Pictured zeppelin hangar' });
    pictured.previewImageId = 'hangar-picture.jpg';
    const content = sampleContent('Members zeppelin diary', 'An open first paragraph.');
    content.paragraphs.push({ name: 'a006', type: 'P', text: 'Secret gondola paragraph.', markups: [] });
    await buildPost(em, { creator: grace, title: 'Members zeppelin diary', isLocked: true, content });
    await em.flush();
    // The picture cropped to a card's thumbnail box, as a story card serves it.
    const card = imageUrl('hangar-picture.jpg', {
      width: CARD_THUMBNAIL.width,
      height: CARD_THUMBNAIL.height,
      strategy: 'crop',
    }).replaceAll('&', '&amp;');
    const res = await page('/search?q=zeppelin');
    expect(res.statusCode).toBe(200);
    const hits = res.body.slice(res.body.indexOf('q-search-results'));
    expect(hits).toContain('Pictured zeppelin hangar');
    expect(hits).toContain('Members zeppelin diary');
    expect(hits).toContain(`class="q-story-card-thumb" src="${card}"`);
    // One picture: the members-only story has none, and no broken image stands in for it.
    expect(hits.match(/data-testid="thumbnail"/g)).toHaveLength(1);
    expect(res.body).not.toContain('Secret gondola paragraph.');
  });

  it('scopes /{collectionSlug}/search and /@{username}/search to their stories', async () => {
    const inEngines = await page('/engines/search?q=engine');
    expect(inEngines.statusCode).toBe(200);
    expect(inEngines.body).toContain('Notes on the difference engine');
    expect(inEngines.body).not.toContain('Engine poetry outside the publication');
    expect(inEngines.body).toContain('Search all of Quire');
    const byAda = await page('/@adalove/search/posts?q=engine');
    expect(byAda.statusCode).toBe(200);
    expect(byAda.body).toContain('Engine poetry outside the publication');
    expect(byAda.body).not.toContain('Engine compilers by Grace');
  });

  it('answers 404 for an unknown publication or category, and an empty page without q', async () => {
    expect((await page('/no-such-publication/search?q=engine')).statusCode).toBe(404);
    expect((await page('/engines/search/secrets?q=engine')).statusCode).toBe(404);
    const empty = await page('/search/tags');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('data-testid="search"');
    // Spec §3 client config: the search service's app id, key, index prefix and host reach the browser.
    expect(empty.body).toContain('"search":{"appId":"quire","key":"search-only","indexPrefix":"quire_"');
  });
});

describe('searchClickEvent (spec §7 GraphQL)', () => {
  const click = (variables: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      payload: { operationName: 'searchClickEvent', variables },
      headers,
    });
  const queryId = 'a'.repeat(32);
  const clicks = () => t.db.em().count(AnalyticsEvent, { key: 'search.click' });

  it('stores the click with queryId, index name, object ids and positions', async () => {
    const res = await click(
      { queryId, indexName: 'quire_user', objectIds: [ada.id], positions: [1] },
      authHeaders(null),
    );
    expect(res.json().errors).toBeUndefined();
    const rows = await t.db.em().find(AnalyticsEvent, { key: 'search.click' });
    expect(rows.map((r) => r.data)).toContainEqual(
      expect.objectContaining({ queryId, indexName: 'quire_user', objectIds: [ada.id], positions: [1] }),
    );
  });

  it('refuses a click without the anti-forgery token, or with mismatched lists, and stores nothing', async () => {
    const before = await clicks();
    const noToken = await click(
      { queryId, indexName: 'quire_user', objectIds: [ada.id], positions: [1] },
      {},
    );
    expect(noToken.statusCode).toBe(403);
    const mismatched = await click(
      { queryId, indexName: 'quire_user', objectIds: [ada.id, grace.id], positions: [1] },
      authHeaders(null),
    );
    expect(mismatched.json().errors?.[0]?.message).toContain('same length');
    expect(await clicks()).toBe(before);
  });
});

describe('blocks in search (spec §4 Block)', () => {
  it('leaves out the profile and stories of a writer who blocked the reader, for that reader only', async () => {
    const em = t.db.em();
    const blocker = await buildUser(em, { name: 'Zebulon Blockwright', username: 'zebblock' });
    blocker.isHighQuality = true;
    await buildPost(em, { creator: blocker, title: 'Zebulon and the quiet harbour' });
    const reader = await buildUser(em, { name: 'Blocked Reader' });
    em.create(Block, { blocker, blocked: reader });
    await em.flush();
    const find = async (token?: string) => {
      const input = encodeURIComponent(JSON.stringify({ q: 'zebulon', entities: ['user', 'post'] }));
      const res = await t.app.inject({
        url: `/trpc/search.query?input=${input}`,
        headers: token ? authHeaders(token) : {},
      });
      const results = res.json().result.data.results as { entity: string; hits: unknown[] }[];
      return Object.fromEntries(results.map((r) => [r.entity, r.hits.length]));
    };
    expect(await find()).toEqual({ user: 1, post: 1 });
    expect(await find(await buildSession(em, reader))).toEqual({ user: 0, post: 0 });
    expect(await find(await buildSession(em, await buildUser(em)))).toEqual({ user: 1, post: 1 });
  });

  it("keeps a page full: the blocker's stories are left out before the page is cut", async () => {
    const em = t.db.em();
    const blocker = await buildUser(em, { name: 'Quentin Blockmore', username: 'quentinb' });
    const other = await buildUser(em, { name: 'Olive Open', username: 'oliveopen' });
    blocker.isHighQuality = true;
    other.isHighQuality = true;
    // The blocker's stories rank first (as well matched, and newer), so a cut-then-filter page would
    // come back short.
    const day = 24 * 60 * 60 * 1000;
    for (const n of [1, 2, 3]) {
      const publishedAt = new Date(Date.now() - 10 * day + n);
      await buildPost(em, { creator: other, title: `Lighthouse keeping ${n}`, publishedAt });
    }
    for (const n of [4, 5, 6]) await buildPost(em, { creator: blocker, title: `Lighthouse keeping ${n}` });
    const reader = await buildUser(em);
    em.create(Block, { blocker, blocked: reader });
    await em.flush();
    const input = encodeURIComponent(JSON.stringify({ q: 'lighthouse', entities: ['post'], hitsPerPage: 3 }));
    const res = await t.app.inject({
      url: `/trpc/search.query?input=${input}`,
      headers: authHeaders(await buildSession(em, reader)),
    });
    const [posts] = res.json().result.data.results as { hits: { title: string }[] }[];
    expect(posts?.hits.map((h) => h.title).sort()).toEqual([
      'Lighthouse keeping 1',
      'Lighthouse keeping 2',
      'Lighthouse keeping 3',
    ]);
  });
});
