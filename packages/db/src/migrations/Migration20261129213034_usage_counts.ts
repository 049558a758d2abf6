import { Migration } from '@mikro-orm/migrations';

/** Counts every app process shares: /v1 rate windows and spent captcha nonces (UsageCount). */
export class Migration20261129213034_usage_counts extends Migration {
  override name = 'Migration20261129213034_usage_counts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "usage_counts" ("key" varchar(120) not null, "ends_at" timestamptz not null, "hits" int not null, primary key ("key", "ends_at"));`,
    );
    this.addSql(`create index "usage_counts_ends_at_index" on "usage_counts" ("ends_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "usage_counts" cascade;`);
  }
}
