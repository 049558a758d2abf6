import { Migration } from '@mikro-orm/migrations';

/**
 * Spec §8 fewer-stories-like-this signals for the For you feed, and the §4 meter state on story views.
 * (The search indexes of the previous migration are raw SQL, outside the entity snapshot: left alone here.)
 */
export class Migration20261122015809_feed_signals extends Migration {
  override name = 'Migration20261122015809_feed_signals';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "negative_signals" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "post_id" varchar(16) not null, "creator_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(`create index "negative_signals_post_id_index" on "negative_signals" ("post_id");`);
    this.addSql(
      `create index "negative_signals_user_id_creator_id_index" on "negative_signals" ("user_id", "creator_id");`,
    );
    this.addSql(
      `alter table "negative_signals" add constraint "negative_signals_user_id_post_id_unique" unique ("user_id", "post_id");`,
    );

    this.addSql(`alter table "read_events" add "meter_state" text null;`);
    this.addSql(
      `alter table "read_events" add constraint "read_events_meter_state_check" check ("meter_state" in ('paywalled', 'member', 'metered', 'not_metered'));`,
    );

    this.addSql(
      `alter table "negative_signals" add constraint "negative_signals_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "negative_signals" add constraint "negative_signals_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "negative_signals" add constraint "negative_signals_creator_id_foreign" foreign key ("creator_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "negative_signals" cascade;`);

    this.addSql(`alter table "read_events" drop constraint "read_events_meter_state_check";`);
    this.addSql(`alter table "read_events" drop column "meter_state";`);
  }
}
