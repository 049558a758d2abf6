import { Migration } from '@mikro-orm/migrations';

/**
 * The story search sorts each branch's matches by post_search_texts.published_at after that branch's own index found
 * them (packages/search/src/postgres.ts), so no query reads the column's index: it only cost writes.
 */
export class Migration20261129063706_search_published_at_unindexed extends Migration {
  override name = 'Migration20261129063706_search_published_at_unindexed';

  override up(): void | Promise<void> {
    this.addSql(`drop index "post_search_texts_published_at_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create index "post_search_texts_published_at_index" on "post_search_texts" ("published_at");`,
    );
  }
}
