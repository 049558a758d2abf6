import { Migration } from '@mikro-orm/migrations';

/**
 * Newsletter sending: an issue's recipients (one row per address), suppressed addresses, composed emails and
 * their counts, the per-story switch that mails a story to subscribers, the engagement-tracking switch, and the
 * confirmation of imported or signed-out subscriptions.
 */
export class Migration20261128230907_newsletter_sending extends Migration {
  override name = 'Migration20261128230907_newsletter_sending';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "email_suppressions" ("address" varchar(254) not null, "reason" text not null, "detail" text null, "created_at" timestamptz not null default now(), primary key ("address"));`,
    );

    this.addSql(
      `create table "newsletter_deliveries" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "email_id" varchar(16) not null, "subscription_id" varchar(16) null, "address" varchar(254) not null, "status" text not null default 'PENDING', "attempts" int not null default 0, "available_at" timestamptz not null default now(), "claimed_until" timestamptz null, "sent_at" timestamptz null, "message_id" varchar(200) null, "error" text null, "opened_at" timestamptz null, "clicked_at" timestamptz null, "unsubscribed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "newsletter_deliveries_subscription_id_index" on "newsletter_deliveries" ("subscription_id");`,
    );
    this.addSql(
      `create index "newsletter_deliveries_status_available_at_index" on "newsletter_deliveries" ("status", "available_at");`,
    );
    this.addSql(
      `alter table "newsletter_deliveries" add constraint "newsletter_deliveries_email_id_address_unique" unique ("email_id", "address");`,
    );

    this.addSql(`alter table "newsletters" add "track_engagement" boolean not null default true;`);

    this.addSql(
      `alter table "newsletter_subscriptions" add "source" text not null default 'READER', add "confirm_token_hash" varchar(64) null, add "confirm_sent_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_confirm_token_hash_unique" unique ("confirm_token_hash");`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_source_check" check ("source" in ('READER', 'IMPORT'));`,
    );

    this.addSql(`alter table "posts" add "email_subscribers" boolean not null default true;`);

    this.addSql(
      `alter table "newsletter_emails" add "created_by_id" varchar(16) null, add "subject" varchar(300) not null default '', add "body" jsonb null, add "status" text not null default 'DRAFT', add "queued_at" timestamptz null, add "delivered_count" int not null default 0, add "bounced_count" int not null default 0, add "open_count" int not null default 0, add "click_count" int not null default 0, add "unsubscribe_count" int not null default 0;`,
    );
    this.addSql(
      `alter table "newsletter_emails" add constraint "newsletter_emails_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`alter table "newsletter_emails" alter column "post_id" drop not null;`);
    this.addSql(
      `create index "newsletter_emails_newsletter_id_created_at_index" on "newsletter_emails" ("newsletter_id", "created_at");`,
    );
    this.addSql(
      `alter table "newsletter_emails" add constraint "newsletter_emails_status_check" check ("status" in ('DRAFT', 'QUEUED', 'SENDING', 'SENT'));`,
    );

    this.addSql(
      `alter table "email_suppressions" add constraint "email_suppressions_reason_check" check ("reason" in ('BOUNCE', 'COMPLAINT'));`,
    );

    this.addSql(
      `alter table "newsletter_deliveries" add constraint "newsletter_deliveries_email_id_foreign" foreign key ("email_id") references "newsletter_emails" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "newsletter_deliveries" add constraint "newsletter_deliveries_subscription_id_foreign" foreign key ("subscription_id") references "newsletter_subscriptions" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "newsletter_deliveries" add constraint "newsletter_deliveries_status_check" check ("status" in ('PENDING', 'SENDING', 'SENT', 'SKIPPED', 'BOUNCED', 'FAILED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "email_suppressions" cascade;`);
    this.addSql(`drop table if exists "newsletter_deliveries" cascade;`);

    this.addSql(`alter table "newsletter_emails" drop constraint "newsletter_emails_created_by_id_foreign";`);

    this.addSql(`drop index "newsletter_emails_newsletter_id_created_at_index";`);
    this.addSql(`alter table "newsletter_emails" drop constraint "newsletter_emails_status_check";`);
    this.addSql(
      `alter table "newsletter_emails" drop column "created_by_id", drop column "subject", drop column "body", drop column "status", drop column "queued_at", drop column "delivered_count", drop column "bounced_count", drop column "open_count", drop column "click_count", drop column "unsubscribe_count";`,
    );
    this.addSql(`alter table "newsletter_emails" alter column "post_id" set not null;`);

    this.addSql(
      `alter table "newsletter_subscriptions" drop constraint "newsletter_subscriptions_confirm_token_hash_unique";`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" drop constraint "newsletter_subscriptions_source_check";`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" drop column "source", drop column "confirm_token_hash", drop column "confirm_sent_at";`,
    );

    this.addSql(`alter table "newsletters" drop column "track_engagement";`);

    this.addSql(`alter table "posts" drop column "email_subscribers";`);
  }
}
