/**
 * Spec §7 search service on PostgreSQL: the trigram and full-text indexes the search queries use
 * (packages/search/src/postgres.ts), created by migrations search_indexes and search_story_text (which
 * also defines story_search_text). Declared on the entities by name so schema diffs keep them; the SQL
 * must stay equal to the migrations'.
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
  postsFullText: {
    name: 'posts_search_text_index',
    expression: `create index "posts_search_text_index" on "posts" using gin (to_tsvector('simple', left(coalesce("title", '') || ' ' || coalesce("subtitle", '') || ' ' || story_search_text("content", "is_locked"), 100000))) where "status" = 'PUBLISHED' and "deleted_at" is null`,
  },
  postsMembersText: {
    name: 'posts_search_members_text_index',
    expression: `create index "posts_search_members_text_index" on "posts" using gin (to_tsvector('simple', left(coalesce("title", '') || ' ' || coalesce("subtitle", '') || ' ' || story_search_text("content", false), 100000))) where "status" = 'PUBLISHED' and "deleted_at" is null and "is_locked"`,
  },
} as const;
