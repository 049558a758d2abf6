import { Migration } from '@mikro-orm/migrations';

export class Migration20261125114500_custom_domain_checks extends Migration {
  override name = 'Migration20261125114500_custom_domain_checks';

  override up(): void | Promise<void> {
    // A removed domain's row is deleted now (its name is free again): REMOVED gives way to VERIFYING.
    this.addSql(`delete from "custom_domains" where "status" = 'REMOVED';`);
    this.addSql(`alter table "custom_domains" drop constraint if exists "custom_domains_status_check";`);
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_status_check" check ("status" in ('PENDING', 'VERIFYING', 'LIVE', 'FAILED'));`,
    );
    this.addSql(
      `alter table "custom_domains" add column "check_started_at" timestamptz not null default now(), add column "next_check_at" timestamptz null, add column "checked_at" timestamptz null, add column "check_requested_at" timestamptz null, add column "streak" int not null default 0, add column "found" varchar(500) null, add column "failure" text null;`,
    );
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_failure_check" check ("failure" in ('NOT_SEEN', 'RECORDS_GONE'));`,
    );
    // Domains already waiting or live are checked by the job from now on.
    this.addSql(`update "custom_domains" set "next_check_at" = now() where "status" <> 'FAILED';`);
    this.addSql(`create index "custom_domains_next_check_at_index" on "custom_domains" ("next_check_at");`);
    // One domain per profile and per publication.
    this.addSql(`drop index if exists "custom_domains_user_id_index";`);
    this.addSql(`drop index if exists "custom_domains_collection_id_index";`);
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_user_id_unique" unique ("user_id");`,
    );
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_collection_id_unique" unique ("collection_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "custom_domains" drop constraint if exists "custom_domains_user_id_unique";`);
    this.addSql(
      `alter table "custom_domains" drop constraint if exists "custom_domains_collection_id_unique";`,
    );
    this.addSql(`create index "custom_domains_user_id_index" on "custom_domains" ("user_id");`);
    this.addSql(`create index "custom_domains_collection_id_index" on "custom_domains" ("collection_id");`);
    this.addSql(`drop index if exists "custom_domains_next_check_at_index";`);
    this.addSql(`alter table "custom_domains" drop constraint if exists "custom_domains_failure_check";`);
    this.addSql(
      `alter table "custom_domains" drop column "check_started_at", drop column "next_check_at", drop column "checked_at", drop column "check_requested_at", drop column "streak", drop column "found", drop column "failure";`,
    );
    this.addSql(`update "custom_domains" set "status" = 'PENDING' where "status" = 'VERIFYING';`);
    this.addSql(`alter table "custom_domains" drop constraint if exists "custom_domains_status_check";`);
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_status_check" check ("status" in ('PENDING', 'LIVE', 'FAILED', 'REMOVED'));`,
    );
  }
}
