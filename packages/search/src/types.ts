/** Spec §7 search service: the four indexes (prefix plus user, collection, tag, post). */
export const SEARCH_ENTITIES = ['user', 'collection', 'tag', 'post'] as const;
export type SearchEntity = (typeof SEARCH_ENTITIES)[number];

/** Numeric attributes a request may filter on, per index (spec §7 numericFilters). */
export const NUMERIC_ATTRIBUTES = { post: ['latestPublishedAt'], tag: ['postCount'] } as const;
export type NumericAttribute = 'latestPublishedAt' | 'postCount';
export type NumericOperator = '>' | '>=' | '<' | '<=' | '=' | '!=';

/** One numeric filter, e.g. `postCount>=1`; `latestPublishedAt` compares epoch milliseconds. */
export interface NumericFilter {
  attribute: NumericAttribute;
  op: NumericOperator;
  value: number;
}

/** Spec §7 facetFilters when scoped: collectionId:{id} or authorId:{id} (post index only). */
export type SearchScope = { collectionId: string } | { authorId: string };

/** One query against one index, already validated and with the server's filters decided. */
export interface SearchQuery {
  entity: SearchEntity;
  /** Trimmed, non-empty text; an empty query is answered with no hits before reaching an index. */
  query: string;
  hitsPerPage: number;
  /** Zero-based page. */
  page: number;
  /**
   * Spec §5: high-quality users and publications only, unless can_view_unfiltered_search. On posts (spec §7
   * filters highQualityUser:true) only when a request asks for it: every public story stays findable.
   */
  highQualityOnly: boolean;
  /** The viewer may read members-only stories in full (a member): their whole text is matched, not just the preview. */
  membersText?: boolean;
  scope?: SearchScope | null;
  numericFilters?: NumericFilter[];
  /** Spec §4 Block: writers who blocked the viewer; their profiles and stories are left out. */
  hiddenUserIds?: readonly string[];
}

/** Spec §3 Search hits, plus the few display fields the result rows need. */
export interface UserHit {
  objectID: string;
  userId: string;
  username: string;
  name: string;
  imageId: string | null;
  bio: string;
}
export interface CollectionHit {
  objectID: string;
  collectionId: string;
  name: string;
  slug: string;
  imageId: string | null;
  description: string;
}
export interface TagHit {
  objectID: string;
  tagSlug: string;
  displayText: string;
  postCount: number;
}
export interface PostHit {
  objectID: string;
  postId: string;
  title: string;
  subtitle: string | null;
  /** Epoch milliseconds. */
  latestPublishedAt: number;
  authorName: string;
  authorUsername: string;
  /** The story's picture (its first image, or the one its writer chose), the thumbnail its cards show. */
  previewImageId: string | null;
}

export interface HitsByEntity {
  user: UserHit;
  collection: CollectionHit;
  tag: TagHit;
  post: PostHit;
}
export type SearchHit = HitsByEntity[SearchEntity];

/** What an index answers for one query: a page of hits and whether another page follows. */
export interface RawResult<E extends SearchEntity = SearchEntity> {
  entity: E;
  hits: HitsByEntity[E][];
  hasMore: boolean;
}

/** Spec §7 response entry: hits (each with objectID and queryId) and the query's queryID. */
export type SearchResult = {
  [E in SearchEntity]: {
    entity: E;
    queryID: string;
    page: number;
    hitsPerPage: number;
    hasMore: boolean;
    hits: (HitsByEntity[E] & { queryId: string })[];
  };
}[SearchEntity];

/** The search backend: PostgreSQL (the embedded default) or OpenSearch (OPENSEARCH_URL). */
export interface SearchIndex {
  readonly backend: 'postgres' | 'opensearch';
  /** Answers each query, in order. Queries must be non-empty (see `search`). */
  find(queries: readonly SearchQuery[]): Promise<RawResult[]>;
}
