import { Migration } from '@mikro-orm/migrations';

/**
 * The story search's recent-first look (packages/search/src/postgres.ts) by publication day, not instant: a range of
 * days is a few keys of a GIN index where a range of instants was thousands (1.2 ms a scan at 100,000 stories, paid
 * by every search). The title's trigrams get the day beside them too, for a one-word query's misspellings; each index
 * replaces one that it also serves.
 */
export class Migration20261130011434_search_recent_days extends Migration {
  override name = 'Migration20261130011434_search_recent_days';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "posts_search_trgm_published_on_index" on "posts" using gin ("title" gin_trgm_ops, (date_trunc('day', "latest_published_at" at time zone 'UTC'))) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
    this.addSql(
      `create index "post_search_texts_text_published_on_index" on "post_search_texts" using gin ("text", (date_trunc('day', "published_at" at time zone 'UTC')));`,
    );
    this.addSql(
      `create index "post_search_texts_members_text_published_on_index" on "post_search_texts" using gin ("members_text", (date_trunc('day', "published_at" at time zone 'UTC'))) where "members_text" is not null;`,
    );
    this.addSql(`drop index "posts_search_trgm_index";`);
    this.addSql(`drop index "post_search_texts_text_published_at_index";`);
    this.addSql(`drop index "post_search_texts_members_text_published_at_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create index "posts_search_trgm_index" on "posts" using gin ("title" gin_trgm_ops) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
    this.addSql(
      `create index "post_search_texts_text_published_at_index" on "post_search_texts" using gin ("text", "published_at");`,
    );
    this.addSql(
      `create index "post_search_texts_members_text_published_at_index" on "post_search_texts" using gin ("members_text", "published_at") where "members_text" is not null;`,
    );
    this.addSql(`drop index "posts_search_trgm_published_on_index";`);
    this.addSql(`drop index "post_search_texts_text_published_on_index";`);
    this.addSql(`drop index "post_search_texts_members_text_published_on_index";`);
  }
}
