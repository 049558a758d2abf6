import { Migration } from '@mikro-orm/migrations';

/** Subscriber exports: the CSV of a newsletter's subscribers a job builds and mails as a link. */
export class Migration20261128230953_subscriber_exports extends Migration {
  override name = 'Migration20261128230953_subscriber_exports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "subscriber_exports" ("id" varchar(32) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "newsletter_id" varchar(16) not null, "requested_by_id" varchar(16) not null, "status" text not null default 'QUEUED', "file_key" varchar(300) null, "row_count" int not null default 0, "attempts" int not null default 0, "started_at" timestamptz null, "finished_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "subscriber_exports_requested_by_id_index" on "subscriber_exports" ("requested_by_id");`,
    );
    this.addSql(
      `create index "subscriber_exports_newsletter_id_created_at_index" on "subscriber_exports" ("newsletter_id", "created_at");`,
    );
    this.addSql(
      `create index "subscriber_exports_status_expires_at_index" on "subscriber_exports" ("status", "expires_at");`,
    );
    this.addSql(
      `create unique index "subscriber_exports_one_active_per_newsletter" on "subscriber_exports" ("newsletter_id") where status in ('QUEUED', 'RUNNING');`,
    );

    this.addSql(
      `alter table "subscriber_exports" add constraint "subscriber_exports_newsletter_id_foreign" foreign key ("newsletter_id") references "newsletters" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subscriber_exports" add constraint "subscriber_exports_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subscriber_exports" add constraint "subscriber_exports_status_check" check ("status" in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "subscriber_exports" cascade;`);
  }
}
