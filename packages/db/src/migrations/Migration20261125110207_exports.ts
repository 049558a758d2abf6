import { Migration } from '@mikro-orm/migrations';

export class Migration20261125110207_exports extends Migration {
  override name = 'Migration20261125110207_exports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "exports" ("id" varchar(32) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "status" text not null default 'QUEUED', "progress" int not null default 0, "file_key" varchar(300) null, "file_size" bigint null, "attempts" int not null default 0, "started_at" timestamptz null, "finished_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "exports_user_id_created_at_index" on "exports" ("user_id", "created_at");`);
    this.addSql(`create index "exports_status_expires_at_index" on "exports" ("status", "expires_at");`);
    this.addSql(
      `create unique index "exports_one_active_per_user" on "exports" ("user_id") where status in ('QUEUED', 'RUNNING');`,
    );

    this.addSql(
      `alter table "exports" add constraint "exports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "exports" add constraint "exports_progress_check" check (progress >= 0 and progress <= 100);`,
    );
    this.addSql(
      `alter table "exports" add constraint "exports_status_check" check ("status" in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "exports" cascade;`);
  }
}
