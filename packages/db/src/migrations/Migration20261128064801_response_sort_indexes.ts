import { Migration } from '@mikro-orm/migrations';

export class Migration20261128064801_response_sort_indexes extends Migration {
  override name = 'Migration20261128064801_response_sort_indexes';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "posts_in_response_to_post_id_clap_count_latest_pub_18484_index" on "posts" ("in_response_to_post_id", "clap_count", "latest_published_at", "id");`,
    );
    this.addSql(
      `create index "posts_in_response_to_post_id_latest_published_at_id_index" on "posts" ("in_response_to_post_id", "latest_published_at", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "posts_in_response_to_post_id_clap_count_latest_pub_18484_index";`);
    this.addSql(`drop index "posts_in_response_to_post_id_latest_published_at_id_index";`);
  }
}
