import { Migration } from '@mikro-orm/migrations';

/**
 * Spec §7 search service on PostgreSQL: trigram (typo and substring) and full-text indexes for the
 * search sources. pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it
 * on an external DATABASE_URL too; the embedded PostgreSQL ships it. The expressions here must stay in
 * step with the queries in packages/search/src/postgres.ts, or the planner will not use them.
 */
export class Migration20261122015039_search_indexes extends Migration {
  override name = 'Migration20261122015039_search_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create index "users_search_trgm_index" on "users" using gin ("name" gin_trgm_ops, "username" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "collections_search_trgm_index" on "collections" using gin ("name" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "tags_search_trgm_index" on "tags" using gin ("name" gin_trgm_ops, "slug" gin_trgm_ops);`,
    );
    // Only published, live stories are ever searched: the partial indexes leave drafts out entirely.
    this.addSql(
      `create index "posts_search_trgm_index" on "posts" using gin ("title" gin_trgm_ops) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
    this.addSql(
      `create index "posts_search_fts_index" on "posts" using gin (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("subtitle", ''))) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "posts_search_fts_index";`);
    this.addSql(`drop index if exists "posts_search_trgm_index";`);
    this.addSql(`drop index if exists "tags_search_trgm_index";`);
    this.addSql(`drop index if exists "collections_search_trgm_index";`);
    this.addSql(`drop index if exists "users_search_trgm_index";`);
    // The extension stays: other objects may have come to depend on it.
  }
}
