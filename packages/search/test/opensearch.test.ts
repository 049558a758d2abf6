import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOpenSearchIndex,
  INDEX_MAPPINGS,
  queryBody,
  type SearchDocuments,
  type SearchQuery,
  search,
} from '../src';

/** What the fake cluster saw: method, path and the parsed (NDJSON or JSON) body. */
interface Seen {
  method: string;
  path: string;
  body: unknown;
}

let server: Server;
let url = '';
const seen: Seen[] = [];
/** Canned answers by "METHOD /path" (query string dropped). */
let answers: Record<string, { status?: number; body: unknown }> = {};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });

const parse = (raw: string) => {
  if (!raw) return null;
  const lines = raw.trim().split('\n');
  return lines.length > 1 ? lines.map((l) => JSON.parse(l)) : JSON.parse(raw);
};

beforeAll(async () => {
  // A stand-in for an OpenSearch node: the real client talks HTTP to it, so request shapes are checked end to end.
  server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    seen.push({ method: req.method ?? '', path, body: parse(await readBody(req)) });
    const answer = answers[`${req.method} ${path}`] ?? { status: 404, body: { error: 'not found' } };
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  answers = {};
});

const query = (entity: SearchQuery['entity'], extra: Partial<SearchQuery> = {}): SearchQuery => ({
  entity,
  query: 'ada',
  hitsPerPage: 3,
  page: 0,
  highQualityOnly: true,
  ...extra,
});

describe('OpenSearchIndex against a fake cluster (contract)', () => {
  it('sends one multi-search with the server filters and maps hits to spec §3 search hits', async () => {
    answers['POST /_msearch'] = {
      body: {
        responses: [
          {
            hits: {
              hits: [
                {
                  _id: 'u1',
                  _source: { userId: 'u1', username: 'ada', name: 'Ada Lovelace', imageId: null, bio: '' },
                },
              ],
            },
          },
          {
            hits: {
              hits: [
                {
                  _id: 'engineering',
                  _source: { tagSlug: 'engineering', displayText: 'Engineering', postCount: 4 },
                },
              ],
            },
          },
          {
            hits: {
              hits: [1, 2, 3].map((n) => ({
                _id: `p${n}`,
                _source: { postId: `p${n}`, title: `Story ${n}`, latestPublishedAt: 1700000000000 + n },
              })),
            },
          },
        ],
      },
    };
    const index = createOpenSearchIndex(url, 'test_');
    const [users, tags, posts] = await search(index, [
      query('user', { query: '@ada', hiddenUserIds: ['blocker1'] }),
      query('tag', { highQualityOnly: false, hiddenUserIds: ['blocker1'] }),
      query('post', {
        scope: { collectionId: 'c1' },
        hitsPerPage: 2,
        highQualityOnly: false,
        hiddenUserIds: ['blocker1', 'blocker2'],
      }),
    ]);

    const request = seen.find((s) => s.path === '/_msearch');
    // biome-ignore lint/suspicious/noExplicitAny: deep reads into the JSON the client sent
    const lines = request?.body as Array<Record<string, any>>;
    expect(lines.filter((_, i) => i % 2 === 0)).toEqual([
      { index: 'test_user' },
      { index: 'test_tag' },
      { index: 'test_post' },
    ]);
    const [userBody, tagBody, postBody] = [lines[1], lines[3], lines[5]];
    expect(userBody?.size).toBe(4);
    expect(userBody?.query.bool.must[0].multi_match).toMatchObject({ query: 'ada', fuzziness: 'AUTO' });
    expect(userBody?.query.bool.filter).toContainEqual({ term: { highQualityUser: true } });
    expect(tagBody?.query.bool.filter).toContainEqual({ range: { postCount: { gte: 1 } } });
    expect(postBody?.query.bool.filter).toEqual(
      expect.arrayContaining([{ term: { collectionId: 'c1' } }, { exists: { field: 'latestPublishedAt' } }]),
    );
    expect(postBody?.query.bool.filter).not.toContainEqual({ term: { highQualityUser: true } });
    // Writers who blocked the viewer are left out in the query itself (tags have no writer).
    expect(userBody?.query.bool.must_not).toEqual([{ terms: { userId: ['blocker1'] } }]);
    expect(postBody?.query.bool.must_not).toEqual([{ terms: { authorId: ['blocker1', 'blocker2'] } }]);
    expect(tagBody?.query.bool.must_not).toBeUndefined();

    expect(users?.hits).toEqual([
      {
        objectID: 'u1',
        userId: 'u1',
        username: 'ada',
        name: 'Ada Lovelace',
        imageId: null,
        bio: '',
        queryId: users?.queryID,
      },
    ]);
    expect(tags?.hits[0]).toMatchObject({ tagSlug: 'engineering', displayText: 'Engineering', postCount: 4 });
    expect(posts?.hits.map((h) => h.objectID)).toEqual(['p1', 'p2']);
    expect(posts?.hasMore).toBe(true);
  });

  it('gives story hits the thumbnail of their cards, and never the text the index matches', async () => {
    // The picture is kept for display only; what a story is matched by is never sent back.
    expect(INDEX_MAPPINGS.post.previewImageId).toEqual({ type: 'keyword', index: false });
    const source = (queryBody(query('post', { membersText: true })) as { _source: string[] })._source;
    expect(source).toContain('previewImageId');
    expect(source).not.toContain('searchText');
    expect(source).not.toContain('membersSearchText');
    answers['POST /_msearch'] = {
      body: {
        responses: [
          {
            hits: {
              hits: [
                {
                  _id: 'p1',
                  // A cluster that sends more than asked: the members-only text is still not passed on.
                  _source: {
                    postId: 'p1',
                    title: 'Falcons',
                    latestPublishedAt: 1,
                    previewImageId: 'falcon.jpg',
                    searchText: 'Falcons kestrels',
                    membersSearchText: 'Secret merlin',
                  },
                },
                { _id: 'p2', _source: { postId: 'p2', title: 'No picture', latestPublishedAt: 2 } },
              ],
            },
          },
        ],
      },
    };
    const [posts] = await search(createOpenSearchIndex(url, 'test_'), [
      query('post', { highQualityOnly: false, membersText: true }),
    ]);
    expect(posts?.hits.map((h) => ('previewImageId' in h ? h.previewImageId : undefined))).toEqual([
      'falcon.jpg',
      null,
    ]);
    expect(JSON.stringify(posts)).not.toContain('merlin');
    expect(JSON.stringify(posts)).not.toContain('kestrels');
  });

  it('matches stories by title, subtitle and text, members-only text for members, whatever the writer', () => {
    const match = (body: Record<string, unknown>) =>
      // biome-ignore lint/suspicious/noExplicitAny: deep reads into the query body
      (body as any).query.bool.must[0].multi_match.fields as string[];
    const open = queryBody(query('post', { highQualityOnly: false }));
    expect(match(open)).toEqual(['title^3', 'subtitle^2', 'searchText']);
    expect(match(queryBody(query('post', { highQualityOnly: false, membersText: true })))).toEqual([
      'title^3',
      'subtitle^2',
      'searchText',
      'membersSearchText',
    ]);
    expect(open.query).not.toMatchObject({ bool: { filter: [{ term: { highQualityUser: true } }] } });
    // Only a request's own filters:'highQualityUser:true' narrows stories to high-quality writers.
    // biome-ignore lint/suspicious/noExplicitAny: deep reads into the query body
    expect((queryBody(query('post')) as any).query.bool.filter).toContainEqual({
      term: { highQualityUser: true },
    });
  });

  it('updates a few stories at once: upserts the searchable ones and deletes the rest, in one request', async () => {
    for (const entity of ['user', 'collection', 'tag', 'post']) {
      answers[`HEAD /test_${entity}`] = { status: 200, body: {} };
      answers[`POST /test_${entity}/_mapping`] = { body: { acknowledged: true } };
    }
    answers['POST /_bulk'] = { body: { errors: false, items: [] } };
    const story: SearchDocuments['post'][number] = {
      objectID: 'p1',
      postId: 'p1',
      title: 'Falcons',
      subtitle: null,
      latestPublishedAt: 1,
      authorName: 'Ada',
      authorUsername: 'ada',
      previewImageId: 'falcon.jpg',
      authorId: 'u1',
      collectionId: null,
      highQualityUser: false,
      searchText: 'Falcons kestrels',
      membersSearchText: null,
    };
    const index = createOpenSearchIndex(url, 'test_');
    await index.update('post', [story], ['p2'], 7);
    await index.update('post', [], ['p3'], 8);
    // The indexes are checked once, before the first update.
    expect(seen.filter((s) => s.path.endsWith('/_mapping'))).toHaveLength(4);
    expect(seen.filter((s) => s.path === '/_bulk').map((s) => s.body)).toEqual([
      [
        { index: { _index: 'test_post', _id: 'p1' } },
        { ...story, syncedAt: 7 },
        { delete: { _index: 'test_post', _id: 'p2' } },
      ],
      { delete: { _index: 'test_post', _id: 'p3' } },
    ]);
  });

  it('fails loudly when the cluster reports an error for a query', async () => {
    answers['POST /_msearch'] = { body: { responses: [{ error: { reason: 'no such index [test_user]' } }] } };
    await expect(search(createOpenSearchIndex(url, 'test_'), [query('user')])).rejects.toThrow(
      /no such index/,
    );
  });

  it('syncs documents: creates missing indexes, bulk-indexes with a stamp, deletes older rows', async () => {
    for (const entity of ['user', 'collection', 'tag', 'post']) {
      answers[`HEAD /test_${entity}`] = { status: entity === 'user' ? 200 : 404, body: {} };
      answers[`PUT /test_${entity}`] = { body: { acknowledged: true } };
      answers[`POST /test_${entity}/_mapping`] = { body: { acknowledged: true } };
      answers[`POST /test_${entity}/_delete_by_query`] = { body: { deleted: 0 } };
    }
    answers['POST /_bulk'] = { body: { errors: false, items: [] } };
    const documents: SearchDocuments = {
      user: [
        {
          objectID: 'u1',
          userId: 'u1',
          username: 'ada',
          name: 'Ada',
          imageId: null,
          bio: '',
          highQualityUser: true,
        },
      ],
      collection: [],
      tag: [{ objectID: 'engineering', tagSlug: 'engineering', displayText: 'Engineering', postCount: 2 }],
      post: [],
    };
    const result = await createOpenSearchIndex(url, 'test_').sync(documents, 42);
    expect(result.indexed).toBe(2);
    const created = seen.filter((s) => s.method === 'PUT').map((s) => s.path);
    expect(created).toEqual(['/test_collection', '/test_tag', '/test_post']);
    // An existing index gets the fields added since (the story text fields, say).
    expect(seen.filter((s) => s.path.endsWith('/_mapping'))).toEqual([
      { method: 'POST', path: '/test_user/_mapping', body: { properties: INDEX_MAPPINGS.user } },
    ]);
    const bulk = seen.filter((s) => s.path === '/_bulk').map((s) => s.body);
    expect(bulk).toEqual([
      [{ index: { _index: 'test_user', _id: 'u1' } }, { ...documents.user[0], syncedAt: 42 }],
      [{ index: { _index: 'test_tag', _id: 'engineering' } }, { ...documents.tag[0], syncedAt: 42 }],
    ]);
    const cleanup = seen.filter((s) => s.path.endsWith('/_delete_by_query'));
    expect(cleanup).toHaveLength(4);
    expect(cleanup[0]?.body).toEqual({ query: { range: { syncedAt: { lt: 42 } } } });
  });

  it('reports a failed bulk item instead of pretending the sync worked', async () => {
    for (const entity of ['user', 'collection', 'tag', 'post']) {
      answers[`HEAD /test_${entity}`] = { status: 200, body: {} };
      answers[`POST /test_${entity}/_mapping`] = { body: { acknowledged: true } };
    }
    answers['POST /_bulk'] = {
      body: {
        errors: true,
        items: [{ index: { _id: 'u1', error: { reason: 'mapper_parsing_exception' } } }],
      },
    };
    const documents: SearchDocuments = {
      user: [
        {
          objectID: 'u1',
          userId: 'u1',
          username: 'a',
          name: 'A',
          imageId: null,
          bio: '',
          highQualityUser: false,
        },
      ],
      collection: [],
      tag: [],
      post: [],
    };
    await expect(createOpenSearchIndex(url, 'test_').sync(documents)).rejects.toThrow(
      /mapper_parsing_exception/,
    );
  });
});

// Against a real cluster only when one is configured (none can run on a development machine here).
describe.skipIf(!process.env.OPENSEARCH_URL)('OpenSearchIndex against OPENSEARCH_URL', () => {
  it('indexes documents and finds them by prefix and misspelling', async () => {
    const prefix = `quire_test_${Date.now().toString(36)}_`;
    const index = createOpenSearchIndex(process.env.OPENSEARCH_URL ?? '', prefix);
    await index.sync({
      user: [
        {
          objectID: 'u1',
          userId: 'u1',
          username: 'adalovelace',
          name: 'Ada Lovelace',
          imageId: null,
          bio: '',
          highQualityUser: true,
        },
      ],
      collection: [],
      tag: [],
      post: [],
    });
    const [byPrefix, byTypo] = await search(index, [
      query('user', { query: 'Ada Lov' }),
      query('user', { query: 'Lovelase' }),
    ]);
    expect(byPrefix?.hits.map((h) => h.objectID)).toEqual(['u1']);
    expect(byTypo?.hits.map((h) => h.objectID)).toEqual(['u1']);
  });

  it('finds a story updated just now by a word of its text, members-only text for members only', async () => {
    const prefix = `quire_test_${Date.now().toString(36)}_`;
    const index = createOpenSearchIndex(process.env.OPENSEARCH_URL ?? '', prefix);
    await index.sync({ user: [], collection: [], tag: [], post: [] });
    await index.update('post', [
      {
        objectID: 'p1',
        postId: 'p1',
        title: 'Falcons at Dusk',
        subtitle: 'A field guide',
        latestPublishedAt: 1,
        authorName: 'Ada',
        authorUsername: 'ada',
        previewImageId: null,
        authorId: 'u1',
        collectionId: null,
        highQualityUser: false,
        searchText: 'Falcons at Dusk A field guide Open words about kestrels.',
        membersSearchText: 'Falcons at Dusk A field guide Open words about kestrels. Secret merlin',
      },
    ]);
    const post = (text: string, membersText = false) =>
      query('post', { query: text, highQualityOnly: false, membersText });
    await expect
      .poll(async () => (await search(index, [post('kestrels')]))[0]?.hits.length, { timeout: 5_000 })
      .toBe(1);
    const [falconGuide, locked, asMember] = await search(index, [
      post('falcons guide'),
      post('merlin'),
      post('merlin', true),
    ]);
    expect(falconGuide?.hits.map((h) => h.objectID)).toEqual(['p1']);
    expect(locked?.hits).toEqual([]);
    expect(asMember?.hits.map((h) => h.objectID)).toEqual(['p1']);
  });
});
