import type { TriggerDef } from '@mikro-orm/core';

/**
 * Spec §7 search service on PostgreSQL: the trigram and full-text indexes the search queries use
 * (packages/search/src/postgres.ts), created by migrations search_indexes and post_search_texts.
 * Declared on the entities by name so schema diffs keep them; the SQL must stay equal to the migrations'.
 */
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
  postsTrigram: {
    name: 'posts_search_trgm_index',
    expression: `create index "posts_search_trgm_index" on "posts" using gin ("title" gin_trgm_ops) where "status" = 'PUBLISHED' and "deleted_at" is null`,
  },
  // With the publication date in the same index (btree_gin), the last days' matches of a word are found without
  // reading the rows of the older ones (migration search_recent).
  postSearchText: {
    name: 'post_search_texts_text_published_at_index',
    expression: `create index "post_search_texts_text_published_at_index" on "post_search_texts" using gin ("text", "published_at")`,
  },
  postSearchMembersText: {
    name: 'post_search_texts_members_text_published_at_index',
    expression: `create index "post_search_texts_members_text_published_at_index" on "post_search_texts" using gin ("members_text", "published_at") where "members_text" is not null`,
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
