import { Migration } from '@mikro-orm/migrations';

export class Migration20261125110500_account_purge extends Migration {
  override name = 'Migration20261125110500_account_purge';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "purged_at" timestamptz null;`);
    // The purge job looks for deleted accounts not purged yet.
    this.addSql(
      `create index "users_deleted_unpurged_index" on "users" ("deleted_at") where "is_deleted" and "purged_at" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "users_deleted_unpurged_index";`);
    this.addSql(`alter table "users" drop column if exists "purged_at";`);
  }
}
