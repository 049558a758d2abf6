import { Migration } from '@mikro-orm/migrations';

export class Migration20261125082949_membership_payment_events extends Migration {
  override name = 'Migration20261125082949_membership_payment_events';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_events" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "provider" text not null, "provider_event_id" varchar(255) not null, "type" varchar(64) not null, "occurred_at" timestamptz not null, "subject_id" varchar(255) null, "payload" jsonb not null default '{}', "outcome" varchar(20) not null default 'applied', primary key ("id"));`,
    );
    this.addSql(
      `create index "payment_events_subject_id_type_index" on "payment_events" ("subject_id", "type");`,
    );
    this.addSql(
      `alter table "payment_events" add constraint "payment_events_provider_provider_event_id_unique" unique ("provider", "provider_event_id");`,
    );

    this.addSql(`alter table "charges" add "amount_refunded" int not null default 0;`);

    this.addSql(
      `alter table "memberships" add "past_due_at" timestamptz null, add "state_at" timestamptz null;`,
    );

    this.addSql(
      `alter table "payment_events" add constraint "payment_events_provider_check" check ("provider" in ('APPLE', 'BRAINTREE', 'GOOGLE', 'MEDIUM_GIFT', 'PAYPAL', 'STRIPE', 'UNKNOWN'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_events" cascade;`);

    this.addSql(`alter table "charges" drop column "amount_refunded";`);

    this.addSql(`alter table "memberships" drop column "past_due_at", drop column "state_at";`);
  }
}
