import type { EntityManager } from '@mikro-orm/postgresql';
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

type Row = Record<string, unknown>;

/**
 * Every searchable row, shaped for an external index (OpenSearch). The same visibility rules as
 * PostgresSearchIndex: live accounts, non-private publications, non-staff tags, and only the titles
 * and subtitles of published, listed, unsuspended stories — story bodies are never indexed.
 */
export async function searchDocuments(em: EntityManager): Promise<SearchDocuments> {
  const run = (sql: string) => em.getConnection().execute<Row[]>(sql);
  const [users, collections, tags, posts] = await Promise.all([
    run(`select id, username, name, image_id, bio, is_high_quality from users
          where not is_deleted and deleted_at is null and not is_suspended`),
    run(`select id, name, slug, avatar_id, description, is_high_quality from collections
          where visibility <> 'PRIVATE'`),
    run(`select slug, name, post_count from tags where visibility <> 'STAFF'`),
    run(`select p.id, p.title, p.subtitle, p.latest_published_at, p.collection_id, p.creator_id,
                u.name as author_name, u.username as author_username, u.is_high_quality
           from posts p join users u on u.id = p.creator_id
          where p.status = 'PUBLISHED' and p.deleted_at is null and p.visibility <> 'UNLISTED'
            and p.in_response_to_post_id is null and not p.is_suspended
            and p.latest_published_at is not null
            and not u.is_suspended and not u.is_deleted and u.deleted_at is null`),
  ]);
  return {
    user: users.map((r) => ({
      objectID: String(r.id),
      userId: String(r.id),
      username: String(r.username),
      name: String(r.name),
      imageId: (r.image_id as string | null) ?? null,
      bio: String(r.bio ?? ''),
      highQualityUser: r.is_high_quality === true,
    })),
    collection: collections.map((r) => ({
      objectID: String(r.id),
      collectionId: String(r.id),
      name: String(r.name),
      slug: String(r.slug),
      imageId: (r.avatar_id as string | null) ?? null,
      description: String(r.description ?? ''),
      isHighQualityCollection: r.is_high_quality === true,
    })),
    tag: tags.map((r) => ({
      objectID: String(r.slug),
      tagSlug: String(r.slug),
      displayText: String(r.name),
      postCount: Number(r.post_count),
    })),
    post: posts.map((r) => ({
      objectID: String(r.id),
      postId: String(r.id),
      title: String(r.title),
      subtitle: (r.subtitle as string | null) ?? null,
      latestPublishedAt: new Date(r.latest_published_at as string | Date).getTime(),
      authorName: String(r.author_name),
      authorUsername: String(r.author_username),
      authorId: String(r.creator_id),
      collectionId: (r.collection_id as string | null) ?? null,
      highQualityUser: r.is_high_quality === true,
    })),
  };
}
