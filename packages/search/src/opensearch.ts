import type { Client } from '@opensearch-project/opensearch';
import { TAG_SUGGESTION_MIN_POST_COUNT } from '@quire/domain';
import type { SearchDocument, SearchDocumentPage, SearchDocuments } from './documents';
import { HIT_FIELDS, hitFrom } from './hits';
import {
  type NumericFilter,
  type RawResult,
  SEARCH_ENTITIES,
  type SearchEntity,
  type SearchIndex,
  type SearchQuery,
} from './types';

/** Bulk requests are sent in slices of this many documents. */
const BULK_SLICE = 500;

const text = { type: 'text' } as const;
const keyword = { type: 'keyword' } as const;
/** Kept for display only: stored, never searched. */
const displayOnly = (type: 'keyword' | 'text') => ({ type, index: false }) as const;
/** When a sync last wrote the document (see `sync`). */
const syncedAt = { type: 'long' } as const;

/** Field mappings per index: text to match, keywords and numbers to filter on. */
export const INDEX_MAPPINGS: Record<SearchEntity, Record<string, unknown>> = {
  user: {
    userId: keyword,
    username: text,
    name: text,
    imageId: displayOnly('keyword'),
    bio: displayOnly('text'),
    highQualityUser: { type: 'boolean' },
    syncedAt,
  },
  collection: {
    collectionId: keyword,
    name: text,
    slug: keyword,
    imageId: displayOnly('keyword'),
    description: displayOnly('text'),
    isHighQualityCollection: { type: 'boolean' },
    syncedAt,
  },
  tag: {
    tagSlug: { type: 'text', fields: { raw: keyword } },
    displayText: text,
    postCount: { type: 'integer' },
    syncedAt,
  },
  post: {
    postId: keyword,
    title: text,
    subtitle: text,
    latestPublishedAt: { type: 'date', format: 'epoch_millis' },
    authorName: displayOnly('keyword'),
    authorUsername: displayOnly('keyword'),
    previewImageId: displayOnly('keyword'),
    authorId: keyword,
    collectionId: keyword,
    highQualityUser: { type: 'boolean' },
    searchText: text,
    membersSearchText: text,
    syncedAt,
  },
};

/** The fields a query's text is matched against, with their weight. */
const MATCH_FIELDS: Record<SearchEntity, string[]> = {
  user: ['name^2', 'username^2'],
  collection: ['name'],
  tag: ['displayText^2', 'tagSlug'],
  // searchText holds the title and subtitle too, so words from both and the body match together.
  post: ['title^3', 'subtitle^2', 'searchText'],
};

/** The fields a query matches: for a member, the whole text of members-only stories too. */
const matchFields = (q: SearchQuery) =>
  q.entity === 'post' && q.membersText ? [...MATCH_FIELDS.post, 'membersSearchText'] : MATCH_FIELDS[q.entity];

const RANGE_OPERATORS: Partial<Record<NumericFilter['op'], string>> = {
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
};

function numericClauses(filters: NumericFilter[] | undefined) {
  const must: unknown[] = [];
  const mustNot: unknown[] = [];
  for (const f of filters ?? []) {
    const op = RANGE_OPERATORS[f.op];
    if (op) must.push({ range: { [f.attribute]: { [op]: f.value } } });
    else if (f.op === '=') must.push({ term: { [f.attribute]: f.value } });
    else mustNot.push({ term: { [f.attribute]: f.value } });
  }
  return { must, mustNot };
}

/** The OpenSearch query for one SearchQuery: typo-tolerant prefix matching plus the server's filters. */
export function queryBody(q: SearchQuery): Record<string, unknown> {
  const filter: unknown[] = [];
  if (q.highQualityOnly && (q.entity === 'user' || q.entity === 'post'))
    filter.push({ term: { highQualityUser: true } });
  if (q.highQualityOnly && q.entity === 'collection')
    filter.push({ term: { isHighQualityCollection: true } });
  if (q.entity === 'tag') filter.push({ range: { postCount: { gte: TAG_SUGGESTION_MIN_POST_COUNT } } });
  if (q.entity === 'post') filter.push({ exists: { field: 'latestPublishedAt' } });
  if (q.entity === 'post' && q.scope) {
    filter.push(
      'collectionId' in q.scope
        ? { term: { collectionId: q.scope.collectionId } }
        : { term: { authorId: q.scope.authorId } },
    );
  }
  const numeric = numericClauses(q.numericFilters);
  filter.push(...numeric.must);
  const mustNot = [...numeric.mustNot];
  if (q.hiddenUserIds?.length && (q.entity === 'user' || q.entity === 'post')) {
    mustNot.push({ terms: { [q.entity === 'user' ? 'userId' : 'authorId']: [...q.hiddenUserIds] } });
  }
  const text = q.entity === 'user' ? q.query.replace(/^@/, '') : q.query;
  return {
    from: q.page * q.hitsPerPage,
    size: q.hitsPerPage + 1,
    _source: Object.keys(HIT_FIELDS[q.entity]),
    query: {
      bool: {
        must: [
          {
            multi_match: {
              query: text,
              type: 'bool_prefix',
              fields: matchFields(q),
              fuzziness: 'AUTO',
              operator: 'and',
            },
          },
        ],
        filter,
        ...(mustNot.length ? { must_not: mustNot } : {}),
      },
    },
  };
}

interface SearchHitsBody {
  responses: Array<{
    error?: { reason?: string; type?: string };
    hits?: { hits: Array<{ _id: string; _source?: Record<string, unknown> }> };
  }>;
}

/** Each entity's documents in bulk-sized slices. */
async function* slices(source: SearchDocuments | AsyncIterable<SearchDocumentPage>) {
  const pages: Iterable<SearchDocumentPage> | AsyncIterable<SearchDocumentPage> =
    Symbol.asyncIterator in source
      ? source
      : SEARCH_ENTITIES.map((entity) => ({ entity, documents: source[entity] }) as SearchDocumentPage);
  for await (const page of pages) {
    for (let i = 0; i < page.documents.length; i += BULK_SLICE) {
      yield { entity: page.entity, documents: page.documents.slice(i, i + BULK_SLICE) as SearchDocument[] };
    }
  }
}

/**
 * SearchIndex over an OpenSearch cluster (used when OPENSEARCH_URL is set). Indexes are named
 * `{prefix}{entity}`; `sync` copies the searchable rows in (see searchDocumentPages) and removes the rest,
 * `update` writes and removes a few documents at once (a story just published or changed).
 */
export class OpenSearchIndex implements SearchIndex {
  readonly backend = 'opensearch' as const;
  /** Set once `update` knows the indexes exist with their mappings. */
  private ready: Promise<void> | undefined;

  constructor(
    private readonly client: Client,
    private readonly prefix = 'quire_',
  ) {}

  indexName(entity: SearchEntity): string {
    return `${this.prefix}${entity}`;
  }

  async find(queries: readonly SearchQuery[]): Promise<RawResult[]> {
    const body = queries.flatMap((q) => [{ index: this.indexName(q.entity) }, queryBody(q)]);
    const response = await this.client.msearch({ body: body as never });
    const { responses } = response.body as unknown as SearchHitsBody;
    return queries.map((q, i) => {
      const answer = responses[i];
      if (!answer || answer.error || !answer.hits)
        throw new Error(
          `search on ${this.indexName(q.entity)} failed: ${answer?.error?.reason ?? 'no answer'}`,
        );
      const hits = answer.hits.hits.map((h) => hitFrom(q.entity, h._id, h._source ?? {}, false));
      return {
        entity: q.entity,
        hits: hits.slice(0, q.hitsPerPage),
        hasMore: hits.length > q.hitsPerPage,
      } as RawResult;
    });
  }

  /** Creates any missing index with its mappings, and adds fields new since to an existing one. */
  async ensureIndexes(): Promise<void> {
    for (const entity of SEARCH_ENTITIES) {
      const index = this.indexName(entity);
      const exists = await this.client.indices.exists({ index });
      if (exists.body) {
        await this.client.indices.putMapping({
          index,
          body: { properties: INDEX_MAPPINGS[entity] },
        } as never);
        continue;
      }
      await this.client.indices.create({
        index,
        body: { mappings: { properties: INDEX_MAPPINGS[entity] } } as never,
      });
    }
  }

  /** One bulk request: documents upserted (stamped), ids deleted; a failed item fails it all. */
  private async bulk(
    entity: SearchEntity,
    documents: SearchDocument[],
    removed: readonly string[],
    stamp: number,
  ) {
    const index = this.indexName(entity);
    const body = [
      ...documents.flatMap((doc) => [
        { index: { _index: index, _id: doc.objectID } },
        { ...doc, syncedAt: stamp },
      ]),
      ...removed.map((id) => ({ delete: { _index: index, _id: id } })),
    ];
    if (!body.length) return;
    const response = await this.client.bulk({ body: body as never });
    const result = response.body as {
      errors?: boolean;
      items?: Array<Record<string, { error?: unknown }>>;
    };
    if (result.errors) {
      const failed = (result.items ?? []).find((item) => Object.values(item)[0]?.error);
      throw new Error(`indexing into ${index} failed: ${JSON.stringify(failed ?? {})}`);
    }
  }

  /**
   * Makes the indexes hold exactly `source`'s documents: upserts each one stamped with `stamp`, then
   * deletes whatever is older (rows since deleted, unpublished or made private). Take the stamp before
   * reading the rows: a document `update` writes meanwhile is then newer, and stays.
   */
  async sync(
    source: SearchDocuments | AsyncIterable<SearchDocumentPage>,
    stamp = Date.now(),
  ): Promise<{ indexed: number }> {
    await this.ensureIndexes();
    let indexed = 0;
    for await (const slice of slices(source)) {
      await this.bulk(slice.entity, slice.documents, [], stamp);
      indexed += slice.documents.length;
    }
    for (const entity of SEARCH_ENTITIES) {
      await this.client.deleteByQuery({
        index: this.indexName(entity),
        body: { query: { range: { syncedAt: { lt: stamp } } } } as never,
        refresh: true,
        conflicts: 'proceed',
      } as never);
    }
    return { indexed };
  }

  /** Upserts `documents` and deletes the `removed` ids of one entity's index, in one request. */
  async update<E extends SearchEntity>(
    entity: E,
    documents: SearchDocuments[E],
    removed: readonly string[] = [],
    stamp = Date.now(),
  ): Promise<void> {
    if (!this.ready) {
      this.ready = this.ensureIndexes().catch((error) => {
        this.ready = undefined;
        throw error;
      });
    }
    await this.ready;
    await this.bulk(entity, documents as SearchDocument[], removed, stamp);
  }
}
