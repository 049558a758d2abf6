import { Client } from '@opensearch-project/opensearch';
import { OpenSearchIndex } from './opensearch';

export {
  postDocuments,
  type SearchDocument,
  type SearchDocumentPage,
  type SearchDocuments,
  searchDocumentPages,
  searchDocuments,
} from './documents';
export { LIVE_USER_SQL, SEARCHABLE_COLLECTION_SQL, SEARCHABLE_POST_SQL, SEARCHABLE_TAG_SQL } from './hits';
export { INDEX_MAPPINGS, OpenSearchIndex, queryBody } from './opensearch';
export { PostgresSearchIndex, publishedOn, SEARCH_CANDIDATES_PER_HIT, SEARCH_RECENT_DAYS } from './postgres';
export { MAX_HITS_PER_PAGE, MAX_QUERY_LENGTH, normalizeQuery, search } from './search';
export * from './types';

/** An OpenSearch-backed index for a cluster URL (credentials may ride in the URL). */
export function createOpenSearchIndex(url: string, prefix?: string): OpenSearchIndex {
  return new OpenSearchIndex(new Client({ node: url }), prefix);
}
