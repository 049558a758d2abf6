import type { EntityManager } from '@mikro-orm/postgresql';
import {
  HIT_COLUMNS,
  hitFromRow,
  LIVE_USER_SQL,
  membersTextSql,
  openTextSql,
  type Row,
  SEARCHABLE_COLLECTION_SQL,
  SEARCHABLE_POST_SQL,
  SEARCHABLE_TAG_SQL,
} from './hits';
import {
  type CollectionHit,
  type PostHit,
  SEARCH_ENTITIES,
  type SearchEntity,
  type TagHit,
  type UserHit,
} from './types';

/** What an external index stores per entity: the hit fields plus the fields its filters and matching use. */
export interface SearchDocuments {
  user: (UserHit & { highQualityUser: boolean })[];
  collection: (CollectionHit & { isHighQualityCollection: boolean })[];
  tag: TagHit[];
  post: (PostHit & {
    subtitle: string | null;
    authorId: string;
    collectionId: string | null;
    highQualityUser: boolean;
    /** What anyone may find the story by: title, subtitle and body (a members-only story's locked preview). */
    searchText: string;
    /** The whole text of a members-only story, matched for members only; null for every other story. */
    membersSearchText: string | null;
  })[];
}
export type SearchDocument<E extends SearchEntity = SearchEntity> = SearchDocuments[E][number];

/** One entity's documents, a page at a time (see searchDocumentPages). */
export interface SearchDocumentPage<E extends SearchEntity = SearchEntity> {
  entity: E;
  documents: SearchDocuments[E];
}

/** Rows read per query when every document is copied out. */
const DOCUMENT_PAGE_SIZE = 500;

/**
 * Per entity: the searchable rows (the same visibility rules as PostgresSearchIndex: live accounts,
 * non-private publications, non-staff tags, published and listed stories), the key they are paged by,
 * and the document a row becomes.
 */
const SOURCES: {
  [E in SearchEntity]: { sql: string; key: [string, string]; document(r: Row): SearchDocument<E> };
} = {
  user: {
    sql: `select ${HIT_COLUMNS.user}, u.is_high_quality from users u where ${LIVE_USER_SQL}`,
    key: ['u.id', 'id'],
    document: (r) => ({ ...hitFromRow('user', r), highQualityUser: r.is_high_quality === true }),
  },
  collection: {
    sql: `select ${HIT_COLUMNS.collection}, c.is_high_quality from collections c where ${SEARCHABLE_COLLECTION_SQL}`,
    key: ['c.id', 'id'],
    document: (r) => ({
      ...hitFromRow('collection', r),
      isHighQualityCollection: r.is_high_quality === true,
    }),
  },
  tag: {
    sql: `select ${HIT_COLUMNS.tag} from tags t where ${SEARCHABLE_TAG_SQL}`,
    key: ['t.slug', 'slug'],
    document: (r) => hitFromRow('tag', r),
  },
  post: {
    sql: `select ${HIT_COLUMNS.post}, p.collection_id, p.creator_id, u.is_high_quality,
                   ${openTextSql()} as search_text,
                   case when p.is_locked then ${membersTextSql()} end as members_search_text
              from posts p join users u on u.id = p.creator_id
             where ${SEARCHABLE_POST_SQL}`,
    key: ['p.id', 'id'],
    document: (r) => ({
      ...hitFromRow('post', r),
      authorId: String(r.creator_id),
      collectionId: (r.collection_id as string | null) ?? null,
      highQualityUser: r.is_high_quality === true,
      searchText: String(r.search_text ?? ''),
      membersSearchText: (r.members_search_text as string | null) ?? null,
    }),
  },
};

const run = (em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<Row[]>(sql, params);

/**
 * Every searchable row, shaped for an external index (OpenSearch), one page of one entity at a time so a
 * large site is never held in memory at once.
 */
export async function* searchDocumentPages(
  em: EntityManager,
  pageSize = DOCUMENT_PAGE_SIZE,
): AsyncGenerator<SearchDocumentPage> {
  for (const entity of SEARCH_ENTITIES) {
    const source = SOURCES[entity] as (typeof SOURCES)[SearchEntity];
    const [key, column] = source.key;
    let after = '';
    for (;;) {
      const rows = await run(em, `${source.sql} and ${key} > ? order by ${key} limit ?`, [after, pageSize]);
      if (rows.length) yield { entity, documents: rows.map((r) => source.document(r)) } as SearchDocumentPage;
      if (rows.length < pageSize) break;
      after = String(rows[rows.length - 1]![column]);
    }
  }
}

/** Every searchable row, shaped for an external index (OpenSearch). */
export async function searchDocuments(em: EntityManager): Promise<SearchDocuments> {
  const all: SearchDocuments = { user: [], collection: [], tag: [], post: [] };
  for await (const page of searchDocumentPages(em))
    (all[page.entity] as SearchDocument[]).push(...page.documents);
  return all;
}

/** The documents of those of these stories that are searchable now (the others are to be removed). */
export async function postDocuments(
  em: EntityManager,
  ids: readonly string[],
): Promise<SearchDocuments['post']> {
  if (!ids.length) return [];
  const rows = await run(em, `${SOURCES.post.sql} and p.id in (${ids.map(() => '?').join(', ')})`, [...ids]);
  return rows.map((r) => SOURCES.post.document(r));
}
