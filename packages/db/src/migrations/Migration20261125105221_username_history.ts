import { Migration } from '@mikro-orm/migrations';

export class Migration20261125105221_username_history extends Migration {
  override name = 'Migration20261125105221_username_history';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "username_history" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "username" varchar(50) not null, primary key ("id"));`,
    );
    this.addSql(`create index "username_history_user_id_index" on "username_history" ("user_id");`);
    this.addSql(`create index "username_history_username_index" on "username_history" ("username");`);

    this.addSql(
      `alter table "username_history" add constraint "username_history_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "username_history" cascade;`);
  }
}
