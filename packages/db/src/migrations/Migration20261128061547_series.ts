import { Migration } from '@mikro-orm/migrations';

export class Migration20261128061547_series extends Migration {
  override name = 'Migration20261128061547_series';

  override up(): void | Promise<void> {
    this.addSql(`alter table "catalogs" add "published_at" timestamptz null;`);
    this.addSql(
      `create index "catalogs_creator_id_type_updated_at_index" on "catalogs" ("creator_id", "type", "updated_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "catalogs_creator_id_type_updated_at_index";`);
    this.addSql(`alter table "catalogs" drop column "published_at";`);
  }
}
