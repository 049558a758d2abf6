import { randomBytes } from 'node:crypto';
import type { RawResult, SearchIndex, SearchQuery, SearchResult } from './types';

/** Longest query text kept; longer input is cut (no index benefits from more). */
export const MAX_QUERY_LENGTH = 100;
/** Largest page a request may ask for (spec §9 uses 3 and 8; the full search pages use 20). */
export const MAX_HITS_PER_PAGE = 50;

/** Trims, collapses spaces and caps the text of a query. */
export function normalizeQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

const newQueryId = () => randomBytes(16).toString('hex');

/**
 * Runs queries on an index and tags each answer with a fresh queryID (copied onto every hit as
 * queryId, spec §3 Search hits) so clicks can be tied to the query (spec §7 searchClickEvent).
 * An empty query answers no hits without touching the index (spec §5).
 */
export async function search(index: SearchIndex, queries: readonly SearchQuery[]): Promise<SearchResult[]> {
  const normalized = queries.map((q) => ({ ...q, query: normalizeQuery(q.query) }));
  const live = normalized.filter((q) => q.query !== '');
  const answers = live.length ? await index.find(live) : [];
  let next = 0;
  return normalized.map((q) => {
    const raw: RawResult = q.query === '' ? { entity: q.entity, hits: [], hasMore: false } : answers[next++]!;
    const queryID = newQueryId();
    return {
      entity: q.entity,
      queryID,
      page: q.page,
      hitsPerPage: q.hitsPerPage,
      hasMore: raw.hasMore,
      hits: raw.hits.map((hit) => ({ ...hit, queryId: queryID })),
    } as SearchResult;
  });
}
