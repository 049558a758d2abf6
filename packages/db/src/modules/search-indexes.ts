import type { TriggerDef } from '@mikro-orm/core';

/**
 * Spec §7 search service on PostgreSQL: the trigram and full-text indexes the search queries use
 * (packages/search/src/postgres.ts), created by migrations search_indexes and post_search_texts.
 * Declared on the entities by name so schema diffs keep them; the SQL must stay equal to the migrations'.
 */
/**
 * A publication time as its UTC day, as the search indexes hold it beside a story's words: a range of days is a few
 * keys of the index where a range of instants was thousands (1.2 ms a scan at 100,000 stories). The search's
 * statements name it the same way, so the index serves them (packages/search/src/postgres.ts).
 */
export const PUBLISHED_ON = (column: string) => `(date_trunc('day', ${column} at time zone 'UTC'))`;

export const SEARCH_INDEXES = {
  users: {
    name: 'users_search_trgm_index',
    expression: `create index "users_search_trgm_index" on "users" using gin ("name" gin_trgm_ops, "username" gin_trgm_ops)`,
  },
  collections: {
    name: 'collections_search_trgm_index',
    expression: `create index "collections_search_trgm_index" on "collections" using gin ("name" gin_trgm_ops)`,
  },
  tags: {
    name: 'tags_search_trgm_index',
    expression: `create index "tags_search_trgm_index" on "tags" using gin ("name" gin_trgm_ops, "slug" gin_trgm_ops)`,
  },
  // The title's trigrams with the publication day (btree_gin): a one-word query's misspellings are looked for among
  // the last days' stories first (migration search_recent_days).
  postsTrigram: {
    name: 'posts_search_trgm_published_on_index',
    expression: `create index "posts_search_trgm_published_on_index" on "posts" using gin ("title" gin_trgm_ops, ${PUBLISHED_ON('"latest_published_at"')}) where "status" = 'PUBLISHED' and "deleted_at" is null`,
  },
  // With the publication day in the same index (btree_gin), the last days' matches of a word are found without
  // reading the rows of the older ones (migrations search_recent, search_recent_days).
  postSearchText: {
    name: 'post_search_texts_text_published_on_index',
    expression: `create index "post_search_texts_text_published_on_index" on "post_search_texts" using gin ("text", ${PUBLISHED_ON('"published_at"')})`,
  },
  postSearchMembersText: {
    name: 'post_search_texts_members_text_published_on_index',
    expression: `create index "post_search_texts_members_text_published_on_index" on "post_search_texts" using gin ("members_text", ${PUBLISHED_ON('"published_at"')}) where "members_text" is not null`,
  },
} as const;

/**
 * Trigger posts_search_text (migrations post_search_texts and search_published_at): stores a published story's searchable text in
 * post_search_texts whenever a column it depends on changes. Declared on Post by name so schema diffs keep it.
 */
export const SEARCH_TRIGGERS: Record<'postsSearchText', TriggerDef> = {
  postsSearchText: {
    name: 'posts_search_text',
    timing: 'after',
    events: ['insert', 'update'],
    forEach: 'row',
    expression: `create trigger "posts_search_text" after insert or update of "title", "subtitle", "content", "is_locked", "status", "deleted_at", "in_response_to_post_id", "latest_published_at" on "posts" for each row execute function "post_search_texts_refresh"()`,
  },
};
