import { Migration } from '@mikro-orm/migrations';

export class Migration20261128201108_earnings_ledger extends Migration {
  override name = 'Migration20261128201108_earnings_ledger';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "earning_days" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "day" date not null, "revenue" bigint not null default '0', "allocated" bigint not null default '0', "referrals" bigint not null default '0', "members" int not null default 0, "readers" int not null default 0, "rows" int not null default 0, "computed_at" timestamptz not null, "duration_ms" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`alter table "earning_days" add constraint "earning_days_day_unique" unique ("day");`);

    this.addSql(
      `alter table "charges" add "last_refunded_at" timestamptz null, add "period_end" timestamptz null;`,
    );

    this.addSql(`alter table "memberships" add "referrer_id" varchar(16) null;`);
    this.addSql(
      `alter table "memberships" add constraint "memberships_referrer_id_foreign" foreign key ("referrer_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`create index "memberships_referrer_id_index" on "memberships" ("referrer_id");`);

    this.addSql(`alter table "earnings" add "referral" boolean not null default false;`);
    this.addSql(`create index "earnings_period_start_index" on "earnings" ("period_start");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "earning_days" cascade;`);

    this.addSql(`alter table "memberships" drop constraint "memberships_referrer_id_foreign";`);

    this.addSql(`alter table "charges" drop column "last_refunded_at", drop column "period_end";`);

    this.addSql(`drop index "earnings_period_start_index";`);
    this.addSql(`alter table "earnings" drop column "referral";`);

    this.addSql(`drop index "memberships_referrer_id_index";`);
    this.addSql(`alter table "memberships" drop column "referrer_id";`);
  }
}
