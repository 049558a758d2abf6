import { Migration } from '@mikro-orm/migrations';

/**
 * Daily stats rows (post, writer, publication) the stats pages read, and the follower log that tells followers
 * lost. Also holds tables of the Partner Program's tax forms and payouts that were in the entities when it was
 * generated.
 */
export class Migration20261128201144_stats_daily extends Migration {
  override name = 'Migration20261128201144_stats_daily';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "follower_changes" ("id" bigserial primary key, "subject_id" varchar(16) not null, "subject_kind" text not null, "delta" smallint not null, "occurred_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "follower_changes_occurred_at_index" on "follower_changes" ("occurred_at");`);
    this.addSql(
      `create index "follower_changes_subject_id_occurred_at_index" on "follower_changes" ("subject_id", "occurred_at");`,
    );

    this.addSql(
      `create table "tax_notices" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "notice_key" varchar(120) not null, "notification_type" varchar(64) not null, "sent_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "tax_notices" add constraint "tax_notices_user_id_notice_key_unique" unique ("user_id", "notice_key");`,
    );

    this.addSql(
      `create table "tax_forms" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "form_type" text not null, "status" smallint not null default 1, "fields" jsonb not null, "tin_type" varchar(8) null, "tin_ciphertext" text null, "tin_last4" varchar(4) null, "review_flag" varchar(32) null, "submitted_at" timestamptz not null, "review_due_at" timestamptz not null, "reviewed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "tax_forms_user_id_submitted_at_index" on "tax_forms" ("user_id", "submitted_at");`,
    );
    this.addSql(
      `create index "tax_forms_status_review_due_at_index" on "tax_forms" ("status", "review_due_at");`,
    );

    this.addSql(
      `create table "collection_daily_stats" ("collection_id" varchar(16) not null, "day" date not null, "views" int not null default 0, "reads" int not null default 0, "member_reading_seconds" bigint not null default '0', "claps" int not null default 0, "responses" int not null default 0, "followers_gained" int not null default 0, "followers_lost" int not null default 0, primary key ("collection_id", "day"));`,
    );

    this.addSql(
      `create table "post_daily_stats" ("post_id" varchar(16) not null, "day" date not null, "creator_id" varchar(16) not null, "collection_id" varchar(16) null, "views" int not null default 0, "reads" int not null default 0, "member_reading_seconds" bigint not null default '0', "claps" int not null default 0, "responses" int not null default 0, "earnings_cents" bigint not null default '0', primary key ("post_id", "day"));`,
    );
    this.addSql(
      `create index "post_daily_stats_creator_id_day_index" on "post_daily_stats" ("creator_id", "day");`,
    );
    this.addSql(
      `create index "post_daily_stats_collection_id_day_index" on "post_daily_stats" ("collection_id", "day");`,
    );

    this.addSql(
      `create table "user_daily_stats" ("user_id" varchar(16) not null, "day" date not null, "views" int not null default 0, "reads" int not null default 0, "member_reading_seconds" bigint not null default '0', "claps" int not null default 0, "responses" int not null default 0, "earnings_cents" bigint not null default '0', "followers_gained" int not null default 0, "followers_lost" int not null default 0, primary key ("user_id", "day"));`,
    );

    this.addSql(`create index "post_daily_stats_day_index" on "post_daily_stats" ("day");`);
    this.addSql(
      `create index "post_daily_stats_sums_index" on "post_daily_stats" ("post_id", "day") include ("views", "reads", "member_reading_seconds", "claps", "responses", "earnings_cents");`,
    );
    this.addSql(`create index "user_daily_stats_day_index" on "user_daily_stats" ("day");`);
    this.addSql(`create index "collection_daily_stats_day_index" on "collection_daily_stats" ("day");`);

    this.addSql(`drop index "payouts_user_id_period_start_index";`);
    this.addSql(
      `alter table "payouts" add constraint "payouts_user_id_period_start_unique" unique ("user_id", "period_start");`,
    );

    this.addSql(
      `alter table "partner_enrollments" add "enrolled_at" timestamptz null, add "unenrolled_at" timestamptz null, add "details_submitted" boolean not null default false, add "payouts_enabled" boolean not null default false;`,
    );

    // Follows and unfollows logged as +1 and -1 (stats-triggers.ts); a follow row deleted because its writer or
    // publication is being deleted logs nothing.
    this.addSql(`create or replace function "follower_changes_log"() returns trigger language plpgsql as $$
      declare
        subject varchar(16);
      begin
        if tg_argv[0] = 'USER' then
          subject := case when tg_op = 'INSERT' then new.target_id else old.target_id end;
          if tg_op = 'DELETE' and not exists (select 1 from users where id = subject) then return null; end if;
        else
          subject := case when tg_op = 'INSERT' then new.collection_id else old.collection_id end;
          if tg_op = 'DELETE' and not exists (select 1 from collections where id = subject) then return null; end if;
        end if;
        insert into follower_changes (subject_id, subject_kind, delta, occurred_at)
        values (subject, tg_argv[0], case when tg_op = 'INSERT' then 1 else -1 end, now());
        return null;
      end
    $$;`);
    // The follows made before the log began, each a +1 when it was made.
    this.addSql(`insert into follower_changes (subject_id, subject_kind, delta, occurred_at)
      select target_id, 'USER', 1, created_at from follow_users
      union all select collection_id, 'COLLECTION', 1, created_at from follow_collections;`);
    this.addSql(
      `create trigger "follower_changes_users" after insert or delete on "follow_users" for each row execute function "follower_changes_log"('USER');`,
    );

    this.addSql(
      `create trigger "follower_changes_collections" after insert or delete on "follow_collections" for each row execute function "follower_changes_log"('COLLECTION');`,
    );

    this.addSql(
      `alter table "follower_changes" add constraint "follower_changes_subject_kind_check" check ("subject_kind" in ('USER', 'COLLECTION'));`,
    );

    this.addSql(
      `alter table "tax_notices" add constraint "tax_notices_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "tax_forms" add constraint "tax_forms_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tax_forms" add constraint "tax_forms_status_check" check (status in (1, 2, 3, 4));`,
    );
    this.addSql(
      `alter table "tax_forms" add constraint "tax_forms_form_type_check" check ("form_type" in ('W9', 'W8BEN'));`,
    );

    this.addSql(
      `alter table "collection_daily_stats" add constraint "collection_daily_stats_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "post_daily_stats" add constraint "post_daily_stats_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "post_daily_stats" add constraint "post_daily_stats_creator_id_foreign" foreign key ("creator_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "post_daily_stats" add constraint "post_daily_stats_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "user_daily_stats" add constraint "user_daily_stats_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "follower_changes_users" on "follow_users";`);
    this.addSql(`drop trigger if exists "follower_changes_collections" on "follow_collections";`);
    this.addSql(`drop function if exists "follower_changes_log"();`);
    this.addSql(`drop table if exists "follower_changes" cascade;`);
    this.addSql(`drop table if exists "tax_notices" cascade;`);
    this.addSql(`drop table if exists "tax_forms" cascade;`);
    this.addSql(`drop table if exists "collection_daily_stats" cascade;`);
    this.addSql(`drop table if exists "post_daily_stats" cascade;`);
    this.addSql(`drop table if exists "user_daily_stats" cascade;`);

    this.addSql(
      `alter table "partner_enrollments" drop column "enrolled_at", drop column "unenrolled_at", drop column "details_submitted", drop column "payouts_enabled";`,
    );

    this.addSql(`alter table "payouts" drop constraint "payouts_user_id_period_start_unique";`);
    this.addSql(
      `create index "payouts_user_id_period_start_index" on "payouts" ("user_id", "period_start");`,
    );
  }
}
