import type { EntityManager } from '@mikro-orm/postgresql';
import { HIT_COLUMNS, hitFromRow, LIVE_USER_SQL, type Row, SEARCHABLE_POST_SQL } from './hits';
import type { CollectionHit, PostHit, SearchEntity, TagHit, UserHit } from './types';

/** What an external index stores per entity: the hit fields plus the fields its filters use. */
export interface SearchDocuments {
  user: (UserHit & { highQualityUser: boolean })[];
  collection: (CollectionHit & { isHighQualityCollection: boolean })[];
  tag: TagHit[];
  post: (PostHit & {
    subtitle: string | null;
    authorId: string;
    collectionId: string | null;
    highQualityUser: boolean;
  })[];
}
export type SearchDocument<E extends SearchEntity = SearchEntity> = SearchDocuments[E][number];

/**
 * Every searchable row, shaped for an external index (OpenSearch). The same visibility rules as
 * PostgresSearchIndex: live accounts, non-private publications, non-staff tags, and only the titles
 * and subtitles of published, listed, unsuspended stories — story bodies are never indexed.
 */
export async function searchDocuments(em: EntityManager): Promise<SearchDocuments> {
  const run = (sql: string) => em.getConnection().execute<Row[]>(sql);
  const [users, collections, tags, posts] = await Promise.all([
    run(`select ${HIT_COLUMNS.user}, u.is_high_quality from users u where ${LIVE_USER_SQL}`),
    run(`select ${HIT_COLUMNS.collection}, c.is_high_quality from collections c
          where c.visibility <> 'PRIVATE'`),
    run(`select ${HIT_COLUMNS.tag} from tags t where t.visibility <> 'STAFF'`),
    run(`select ${HIT_COLUMNS.post}, p.collection_id, p.creator_id, u.is_high_quality
           from posts p join users u on u.id = p.creator_id
          where ${SEARCHABLE_POST_SQL}`),
  ]);
  return {
    user: users.map((r) => ({ ...hitFromRow('user', r), highQualityUser: r.is_high_quality === true })),
    collection: collections.map((r) => ({
      ...hitFromRow('collection', r),
      isHighQualityCollection: r.is_high_quality === true,
    })),
    tag: tags.map((r) => hitFromRow('tag', r)),
    post: posts.map((r) => ({
      ...hitFromRow('post', r),
      authorId: String(r.creator_id),
      collectionId: (r.collection_id as string | null) ?? null,
      highQualityUser: r.is_high_quality === true,
    })),
  };
}
