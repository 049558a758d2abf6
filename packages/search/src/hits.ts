import type { HitsByEntity, SearchEntity, SearchHit } from './types';

/*
 * What both backends share: which rows anyone may find (PostgresSearchIndex queries them, searchDocuments
 * copies them to OpenSearch), and the fields of each entity's hit, read from a table row or an indexed document.
 * The tables are aliased u (users), c (collections), t (tags), p (posts, joined to their creator as u).
 */

export type Row = Record<string, unknown>;

/** Live accounts only: not deleted, not suspended. */
export const LIVE_USER_SQL = 'not u.is_deleted and u.deleted_at is null and not u.is_suspended';

/** Publications anyone may see: not PRIVATE (the policy's viewPublication for a visitor). */
export const SEARCHABLE_COLLECTION_SQL = "c.visibility <> 'PRIVATE'";

/** Tags anyone may see: not STAFF (the policy's viewTag for a visitor). */
export const SEARCHABLE_TAG_SQL = "t.visibility <> 'STAFF'";

/**
 * Published, listed stories (never a response or a draft) by live accounts, outside private publications (the
 * listing rule of packages/api/src/policies/listing.ts, which depends on this package; policies.int.test.ts
 * checks that each of these selects what the policy allows).
 */
export const SEARCHABLE_POST_SQL = `p.status = 'PUBLISHED' and p.deleted_at is null and p.visibility <> 'UNLISTED'
  and p.in_response_to_post_id is null and not p.is_suspended and p.latest_published_at is not null
  and ${LIVE_USER_SQL}
  and not exists (select 1 from collections private_c where private_c.id = p.collection_id and private_c.visibility = 'PRIVATE')`;

/**
 * A story's searchable text: its title, subtitle and body (story_search_text, migration search_story_text),
 * cut at 100,000 characters, as trigger posts_search_text stores it for the PostgreSQL search (migration
 * post_search_texts); the OpenSearch documents read it here.
 */
const storyText = (alias: string, previewOnly: string) =>
  `left(coalesce(${alias}.title, '') || ' ' || coalesce(${alias}.subtitle, '') || ' ' || story_search_text(${alias}.content, ${previewOnly}), 100000)`;

/** The text anyone may find a story by: all of it, but only the locked preview of a members-only story. */
export const openTextSql = (alias = 'p') => storyText(alias, `${alias}.is_locked`);

/** The whole text, members-only stories included: what a member, who may read them all, finds them by. */
export const membersTextSql = (alias = 'p') => storyText(alias, 'false');

/** The columns each entity's hit is read from (named as HIT_FIELDS says). */
export const HIT_COLUMNS: Record<SearchEntity, string> = {
  user: 'u.id, u.username, u.name, u.image_id, u.bio',
  collection: 'c.id, c.name, c.slug, c.avatar_id, c.description',
  tag: 't.slug, t.name, t.post_count',
  post: `p.id, p.title, p.subtitle, p.latest_published_at, u.name as author_name,
         u.username as author_username, p.preview_image_id`,
};

/**
 * How a hit field is read: `id` is the hit's own id (the objectID too), `text` reads '' when missing,
 * `nullable` keeps a missing value as null, `number` reads 0 when missing, `time` is epoch milliseconds.
 */
type FieldKind = 'id' | 'text' | 'nullable' | 'number' | 'time';

/** Each entity's hit fields (spec §3 Search hits plus display fields): the column each is read from, and how. */
export const HIT_FIELDS: {
  [E in SearchEntity]: Record<Exclude<keyof HitsByEntity[E], 'objectID'>, [column: string, kind: FieldKind]>;
} = {
  user: {
    userId: ['id', 'id'],
    username: ['username', 'text'],
    name: ['name', 'text'],
    imageId: ['image_id', 'nullable'],
    bio: ['bio', 'text'],
  },
  collection: {
    collectionId: ['id', 'id'],
    name: ['name', 'text'],
    slug: ['slug', 'text'],
    imageId: ['avatar_id', 'nullable'],
    description: ['description', 'text'],
  },
  tag: {
    tagSlug: ['slug', 'id'],
    displayText: ['name', 'text'],
    postCount: ['post_count', 'number'],
  },
  post: {
    postId: ['id', 'id'],
    title: ['title', 'text'],
    subtitle: ['subtitle', 'nullable'],
    latestPublishedAt: ['latest_published_at', 'time'],
    authorName: ['author_name', 'text'],
    authorUsername: ['author_username', 'text'],
    previewImageId: ['preview_image_id', 'nullable'],
  },
};

function readField(kind: FieldKind, value: unknown, objectID: string): unknown {
  switch (kind) {
    case 'id':
      return String(value ?? '') || objectID;
    case 'text':
      return String(value ?? '');
    case 'nullable':
      return value == null ? null : String(value);
    case 'number':
      return Number(value ?? 0);
    case 'time':
      // PostgreSQL answers a Date, an indexed document holds the milliseconds already.
      return value instanceof Date || typeof value === 'string'
        ? new Date(value).getTime()
        : Number(value ?? 0);
  }
}

/** A hit from `source`, whose values are keyed by hit field (`byColumn` false) or by column (true). */
export function hitFrom(entity: SearchEntity, objectID: string, source: Row, byColumn: boolean): SearchHit {
  const hit: Row = { objectID };
  const fields: Record<string, [string, FieldKind]> = HIT_FIELDS[entity];
  for (const [field, [column, kind]] of Object.entries(fields)) {
    hit[field] = readField(kind, source[byColumn ? column : field], objectID);
  }
  return hit as unknown as SearchHit;
}

/** A row of HIT_COLUMNS as the entity's hit. */
export function hitFromRow<E extends SearchEntity>(entity: E, row: Row) {
  const fields: Record<string, [string, FieldKind]> = HIT_FIELDS[entity];
  const idColumn = Object.values(fields).find(([, kind]) => kind === 'id')![0];
  return hitFrom(entity, String(row[idColumn]), row, true) as HitsByEntity[E];
}
