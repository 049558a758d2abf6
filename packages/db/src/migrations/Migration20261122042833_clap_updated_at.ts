import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042833_clap_updated_at extends Migration {
  override name = 'Migration20261122042833_clap_updated_at';

  override up(): void | Promise<void> {
    this.addSql(`create index "claps_updated_at_index" on "claps" ("updated_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "claps_updated_at_index";`);
  }
}
