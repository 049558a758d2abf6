import { Migration } from '@mikro-orm/migrations';

/**
 * The story search looks for a word's newest matches among the last days' stories first (packages/search/src/
 * postgres.ts): with each story's publication date beside its words in one index (btree_gin), those matches are
 * found without reading the rows of the older ones. The indexes replace the text-only ones, which they also serve.
 * btree_gin is a trusted extension (PostgreSQL 13+), as pg_trgm is.
 */
export class Migration20261130004142_search_recent extends Migration {
  override name = 'Migration20261130004142_search_recent';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(
      `create index "post_search_texts_text_published_at_index" on "post_search_texts" using gin ("text", "published_at");`,
    );
    this.addSql(
      `create index "post_search_texts_members_text_published_at_index" on "post_search_texts" using gin ("members_text", "published_at") where "members_text" is not null;`,
    );
    this.addSql(`drop index "post_search_texts_text_index";`);
    this.addSql(`drop index "post_search_texts_members_text_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "post_search_texts_text_index" on "post_search_texts" using gin ("text");`);
    this.addSql(
      `create index "post_search_texts_members_text_index" on "post_search_texts" using gin ("members_text") where "members_text" is not null;`,
    );
    this.addSql(`drop index "post_search_texts_text_published_at_index";`);
    this.addSql(`drop index "post_search_texts_members_text_published_at_index";`);
  }
}
