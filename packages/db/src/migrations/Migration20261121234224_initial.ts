import { Migration } from '@mikro-orm/migrations';

export class Migration20261121234224_initial extends Migration {
  override name = 'Migration20261121234224_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "email_outbox" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "to" varchar(254) not null, "subject" varchar(300) not null, "template" varchar(100) not null, "payload" jsonb not null default '{}', "dedupe_key" varchar(200) null, "status" text not null default 'PENDING', "attempts" int not null default 0, "available_at" timestamptz not null default now(), "sent_at" timestamptz null, "error" text null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "email_outbox" add constraint "email_outbox_dedupe_key_unique" unique ("dedupe_key");`,
    );
    this.addSql(
      `create index "email_outbox_status_available_at_index" on "email_outbox" ("status", "available_at");`,
    );

    this.addSql(
      `create table "feature_flags" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(100) not null, "bool_value" boolean null, "string_value" varchar(500) null, "description" varchar(500) not null default '', primary key ("id"));`,
    );
    this.addSql(`alter table "feature_flags" add constraint "feature_flags_name_unique" unique ("name");`);

    this.addSql(
      `create table "lockouts" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "kind" text not null, "key" varchar(100) not null, "fail_count" int not null default 0, "last_failed_at" timestamptz null, "locked_out_until" timestamptz null, "permanent" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(`alter table "lockouts" add constraint "lockouts_kind_key_unique" unique ("kind", "key");`);

    this.addSql(
      `create table "outbox_events" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "topic" varchar(100) not null, "payload" jsonb not null default '{}', "status" text not null default 'PENDING', "attempts" int not null default 0, "available_at" timestamptz not null default now(), "processed_at" timestamptz null, "error" text null, primary key ("id"));`,
    );
    this.addSql(
      `create index "outbox_events_status_available_at_index" on "outbox_events" ("status", "available_at");`,
    );

    this.addSql(
      `create table "plans" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "code" varchar(50) not null, "name" varchar(100) not null, "period" text not null, "currency" text not null default 'USD', "amount" int not null, "stripe_price_id" varchar(100) null, "provider_price_ids" jsonb not null default '{}', "is_active" boolean not null default true, primary key ("id"));`,
    );
    this.addSql(`alter table "plans" add constraint "plans_code_unique" unique ("code");`);
    this.addSql(
      `alter table "plans" add constraint "plans_stripe_price_id_unique" unique ("stripe_price_id");`,
    );

    this.addSql(
      `create table "tags" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "slug" varchar(100) not null, "name" varchar(100) not null, "post_count" int not null default 0, "follower_count" int not null default 0, "visibility" text not null default 'PUBLIC', "is_topic" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(`alter table "tags" add constraint "tags_slug_unique" unique ("slug");`);

    this.addSql(
      `create table "users" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(100) not null, "username" varchar(50) not null, "email" varchar(254) null, "unverified_email" varchar(254) null, "email_verified_at" timestamptz null, "bio" varchar(500) not null default '', "image_id" varchar(200) null, "password_hash" varchar(255) null, "tipping_link" varchar(2048) null, "twitter_screen_name" varchar(50) null, "geolocation_country" varchar(2) null, "onboarding_status" text not null default 'NOT_ONBOARDED', "medium_member_at" bigint not null default '0', "has_past_memberships" boolean not null default false, "is_membership_trial_eligible" boolean not null default false, "has_group_gifting_enabled" boolean not null default false, "is_partner_program_enrolled" boolean not null default false, "hightower_terms_accepted_at" timestamptz null, "ats_qualified_at" timestamptz null, "post_subscribe_membership_upsell_shown_at" timestamptz null, "has_subdomain" boolean not null default false, "is_aurora_visible" boolean not null default false, "is_eligible_to_view_new_responses" boolean not null default false, "is_eligible_to_import_emails" boolean not null default false, "is_high_quality" boolean not null default false, "is_suspended" boolean not null default false, "is_deleted" boolean not null default false, "deleted_at" timestamptz null, "is_staff" boolean not null default false, "style_editor_onboarding_version_seen" int not null default 0, "allow_email_address_sharing_editor_writer" boolean not null default false, "has_seen_style_reminder" boolean not null default false, "notifications_last_viewed_at" timestamptz null, "allow_all_emails" boolean not null default true, "emails_enabled" boolean not null default true, "email_follower" boolean not null default true, "email_membership" boolean not null default true, "email_newsletter_v3" boolean not null default true, "email_author_newsletter_v3" boolean not null default true, "email_catalog" boolean not null default true, "email_collection" boolean not null default true, "email_topic_digest" boolean not null default true, "email_product" boolean not null default true, "email_outreach" boolean not null default true, "email_editorial_outreach" boolean not null default true, "email_mention" boolean not null default true, "email_social" boolean not null default true, "hide_external_services" boolean not null default false, "allow_private_notes" boolean not null default true, "email_digest_frequency" text not null default 'DAILY', "notification_scope" text not null default 'ALL', primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "two_factor_backup_codes" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "code_hash" varchar(64) not null, "used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "two_factor_backup_codes" add constraint "two_factor_backup_codes_user_id_code_hash_unique" unique ("user_id", "code_hash");`,
    );

    this.addSql(
      `create table "two_factor_auths" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "preferred_method" text not null default 'AUTH_APP', "totp_secret" varchar(100) null, "authy_id" varchar(50) null, "country_code" varchar(5) null, "phone_number" varchar(20) null, "verified_at" timestamptz null, "enabled" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(
      `alter table "two_factor_auths" add constraint "two_factor_auths_user_id_unique" unique ("user_id");`,
    );

    this.addSql(
      `create table "tax_documents" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "status" smallint not null default 0, "submitted_at" timestamptz null, "earnings_first_withheld_at" timestamptz null, "earnings_limited_at" timestamptz null, "earnings_forfeited_at" timestamptz null, "earnings_internally_forfeited_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "tax_documents" add constraint "tax_documents_user_id_unique" unique ("user_id");`,
    );

    this.addSql(
      `create table "signup_attempts" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "ip" varchar(64) not null, "email" varchar(254) null, "succeeded" boolean not null default false, "user_id" varchar(16) null, primary key ("id"));`,
    );
    this.addSql(`create index "signup_attempts_user_id_index" on "signup_attempts" ("user_id");`);
    this.addSql(
      `create index "signup_attempts_ip_created_at_index" on "signup_attempts" ("ip", "created_at");`,
    );
    this.addSql(
      `create index "signup_attempts_email_created_at_index" on "signup_attempts" ("email", "created_at");`,
    );

    this.addSql(
      `create table "sessions" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "token_hash" varchar(64) not null, "user_id" varchar(16) not null, "xsrf_token" varchar(100) null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "last_seen_at" timestamptz null, "ip" varchar(64) null, "user_agent" varchar(500) null, "is_spoofed" boolean not null default false, "spoofed_by_id" varchar(16) null, primary key ("id"));`,
    );
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_spoofed_by_id_index" on "sessions" ("spoofed_by_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `create table "reports" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "reporter_id" varchar(16) null, "target_type" text not null, "target_id" varchar(16) not null, "reason" text not null default '', "also_blocked" boolean not null default false, "resolved_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "reports_reporter_id_index" on "reports" ("reporter_id");`);
    this.addSql(
      `create index "reports_target_type_target_id_index" on "reports" ("target_type", "target_id");`,
    );
    this.addSql(
      `create index "reports_resolved_at_created_at_index" on "reports" ("resolved_at", "created_at");`,
    );

    this.addSql(
      `create table "payouts" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) null, "period_start" date not null, "period_end" date not null, "amount" int not null, "currency" text not null default 'USD', "status" text not null default 'PENDING', "provider_payout_id" varchar(255) null, "paid_at" timestamptz null, "failure_reason" varchar(500) null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "payouts" add constraint "payouts_provider_payout_id_unique" unique ("provider_payout_id");`,
    );
    this.addSql(
      `create index "payouts_user_id_period_start_index" on "payouts" ("user_id", "period_start");`,
    );

    this.addSql(
      `create table "payment_customers" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "provider" text not null, "customer_id" varchar(255) not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "payment_customers" add constraint "payment_customers_user_id_provider_unique" unique ("user_id", "provider");`,
    );
    this.addSql(
      `alter table "payment_customers" add constraint "payment_customers_provider_customer_id_unique" unique ("provider", "customer_id");`,
    );

    this.addSql(
      `create table "partner_enrollments" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "status" text not null default 'NOT_ENROLLED', "terms_accepted_at" timestamptz null, "stripe_account_id" varchar(255) null, "country" varchar(2) null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "partner_enrollments" add constraint "partner_enrollments_user_id_unique" unique ("user_id");`,
    );
    this.addSql(
      `alter table "partner_enrollments" add constraint "partner_enrollments_stripe_account_id_unique" unique ("stripe_account_id");`,
    );

    this.addSql(
      `create table "oauth_identities" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "provider" text not null, "provider_user_id" varchar(255) not null, "user_id" varchar(16) not null, "email" varchar(254) null, primary key ("id"));`,
    );
    this.addSql(`create index "oauth_identities_user_id_index" on "oauth_identities" ("user_id");`);
    this.addSql(
      `alter table "oauth_identities" add constraint "oauth_identities_provider_provider_user_id_unique" unique ("provider", "provider_user_id");`,
    );

    this.addSql(
      `create table "mute_users" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "target_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(`create index "mute_users_target_id_index" on "mute_users" ("target_id");`);
    this.addSql(
      `alter table "mute_users" add constraint "mute_users_user_id_target_id_unique" unique ("user_id", "target_id");`,
    );

    this.addSql(
      `create table "media" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "uploader_id" varchar(16) null, "mime" varchar(100) not null, "width" int null, "height" int null, "bytes" int not null, "storage_key" varchar(300) not null, "sha256" varchar(64) not null, primary key ("id"));`,
    );
    this.addSql(`create index "media_uploader_id_index" on "media" ("uploader_id");`);
    this.addSql(`alter table "media" add constraint "media_storage_key_unique" unique ("storage_key");`);
    this.addSql(`create index "media_sha256_index" on "media" ("sha256");`);

    this.addSql(
      `create table "follow_users" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "follower_id" varchar(16) not null, "target_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "follow_users_target_id_created_at_index" on "follow_users" ("target_id", "created_at");`,
    );
    this.addSql(
      `alter table "follow_users" add constraint "follow_users_follower_id_target_id_unique" unique ("follower_id", "target_id");`,
    );

    this.addSql(
      `create table "follow_tags" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "follower_id" varchar(16) not null, "tag_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(`create index "follow_tags_tag_id_index" on "follow_tags" ("tag_id");`);
    this.addSql(
      `alter table "follow_tags" add constraint "follow_tags_follower_id_tag_id_unique" unique ("follower_id", "tag_id");`,
    );

    this.addSql(
      `create table "feature_flag_overrides" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "flag_id" varchar(16) not null, "user_id" varchar(16) not null, "bool_value" boolean null, "string_value" varchar(500) null, primary key ("id"));`,
    );
    this.addSql(
      `create index "feature_flag_overrides_user_id_index" on "feature_flag_overrides" ("user_id");`,
    );
    this.addSql(
      `alter table "feature_flag_overrides" add constraint "feature_flag_overrides_flag_id_user_id_unique" unique ("flag_id", "user_id");`,
    );

    this.addSql(
      `create table "export_requests" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "kind" varchar(50) not null, "target_id" varchar(16) null, "status" text not null default 'PENDING', "storage_key" varchar(300) null, "completed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "export_requests_user_id_index" on "export_requests" ("user_id");`);

    this.addSql(
      `create table "collections" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(100) not null, "slug" varchar(100) not null, "domain" varchar(253) null, "description" varchar(500) not null default '', "tagline" varchar(200) not null default '', "avatar_id" varchar(200) null, "favicon_id" varchar(200) null, "logo_id" varchar(200) null, "creator_id" varchar(16) not null, "visibility" text not null default 'PUBLIC', "is_aurora_eligible" boolean not null default false, "is_aurora_visible" boolean not null default false, "is_high_quality" boolean not null default false, "header_scale" text not null default 'MEDIUM', "name_treatment" text not null default 'TEXT', "tagline_treatment" text not null default 'HEADER', "color_display" text not null default 'SOLID', "font_set" text not null default 'SERIF_1', "blogroll_visibility" text not null default 'VISIBLE', "nav_type" text not null default 'LINK', "background_color" varchar(9) null, "tint_color" varchar(9) null, "header_image_id" varchar(200) null, "nav_items" jsonb not null default '[]', primary key ("id"));`,
    );
    this.addSql(`alter table "collections" add constraint "collections_slug_unique" unique ("slug");`);
    this.addSql(`alter table "collections" add constraint "collections_domain_unique" unique ("domain");`);
    this.addSql(`create index "collections_creator_id_index" on "collections" ("creator_id");`);

    this.addSql(
      `create table "newsletters" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(100) not null, "slug" varchar(120) not null, "type" text not null, "user_id" varchar(16) null, "collection_id" varchar(16) null, "description" varchar(500) not null default '', "subscriber_count" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "newsletters_slug_index" on "newsletters" ("slug");`);
    this.addSql(`alter table "newsletters" add constraint "newsletters_user_id_unique" unique ("user_id");`);
    this.addSql(
      `alter table "newsletters" add constraint "newsletters_collection_id_unique" unique ("collection_id");`,
    );

    this.addSql(
      `create table "newsletter_subscriptions" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "newsletter_id" varchar(16) not null, "user_id" varchar(16) null, "email" varchar(254) not null, "entity_kind" text not null, "confirmed_at" timestamptz null, "unsubscribed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "newsletter_subscriptions_user_id_index" on "newsletter_subscriptions" ("user_id");`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_newsletter_id_email_unique" unique ("newsletter_id", "email");`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_newsletter_id_user_id_unique" unique ("newsletter_id", "user_id");`,
    );

    this.addSql(
      `create table "mute_collections" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "collection_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "mute_collections_collection_id_index" on "mute_collections" ("collection_id");`,
    );
    this.addSql(
      `alter table "mute_collections" add constraint "mute_collections_user_id_collection_id_unique" unique ("user_id", "collection_id");`,
    );

    this.addSql(
      `create table "follow_collections" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "follower_id" varchar(16) not null, "collection_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "follow_collections_collection_id_created_at_index" on "follow_collections" ("collection_id", "created_at");`,
    );
    this.addSql(
      `alter table "follow_collections" add constraint "follow_collections_follower_id_collection_id_unique" unique ("follower_id", "collection_id");`,
    );

    this.addSql(
      `create table "custom_style_sheets" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) null, "collection_id" varchar(16) null, "font1" varchar(100) null, "font2" varchar(100) null, "font3" varchar(100) null, "palettes" jsonb not null default '[]', primary key ("id"));`,
    );
    this.addSql(
      `alter table "custom_style_sheets" add constraint "custom_style_sheets_user_id_unique" unique ("user_id");`,
    );
    this.addSql(
      `alter table "custom_style_sheets" add constraint "custom_style_sheets_collection_id_unique" unique ("collection_id");`,
    );

    this.addSql(
      `create table "custom_domains" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "domain" varchar(253) not null, "status" text not null default 'PENDING', "user_id" varchar(16) null, "collection_id" varchar(16) null, "live_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_domain_unique" unique ("domain");`,
    );
    this.addSql(`create index "custom_domains_user_id_index" on "custom_domains" ("user_id");`);
    this.addSql(`create index "custom_domains_collection_id_index" on "custom_domains" ("collection_id");`);

    this.addSql(
      `create table "collection_members" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "collection_id" varchar(16) not null, "user_id" varchar(16) not null, "role" text not null default 'WRITER', primary key ("id"));`,
    );
    this.addSql(
      `create index "collection_members_user_id_role_index" on "collection_members" ("user_id", "role");`,
    );
    this.addSql(
      `alter table "collection_members" add constraint "collection_members_collection_id_user_id_unique" unique ("collection_id", "user_id");`,
    );

    this.addSql(
      `create table "charges" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) null, "membership_id" varchar(16) null, "amount" int not null, "currency" text not null, "status" text not null default 'PENDING', "provider" text not null, "provider_charge_id" varchar(255) null, "card_brand" text null, "last4" varchar(4) null, "receipt_number" varchar(50) null, "description" varchar(200) not null default '', "refunded_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "charges_membership_id_index" on "charges" ("membership_id");`);
    this.addSql(
      `alter table "charges" add constraint "charges_provider_charge_id_unique" unique ("provider_charge_id");`,
    );
    this.addSql(
      `alter table "charges" add constraint "charges_receipt_number_unique" unique ("receipt_number");`,
    );
    this.addSql(`create index "charges_user_id_created_at_index" on "charges" ("user_id", "created_at");`);

    this.addSql(
      `create table "gifts" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "purchaser_id" varchar(16) null, "type" text not null, "product_id" int not null, "plan_id" varchar(16) null, "code" varchar(64) not null, "recipient_email" varchar(254) null, "recipient_name" varchar(100) null, "message" varchar(1000) null, "quantity" int not null default 1, "redeemed_count" int not null default 0, "redeemed_by_id" varchar(16) null, "redeemed_at" timestamptz null, "charge_id" varchar(16) null, primary key ("id"));`,
    );
    this.addSql(`create index "gifts_purchaser_id_index" on "gifts" ("purchaser_id");`);
    this.addSql(`create index "gifts_plan_id_index" on "gifts" ("plan_id");`);
    this.addSql(`alter table "gifts" add constraint "gifts_code_unique" unique ("code");`);
    this.addSql(`create index "gifts_redeemed_by_id_index" on "gifts" ("redeemed_by_id");`);
    this.addSql(`create index "gifts_charge_id_index" on "gifts" ("charge_id");`);

    this.addSql(
      `create table "memberships" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "plan_id" varchar(16) null, "status" text not null, "provider" text not null, "provider_subscription_id" varchar(255) null, "discount" text not null default 'NO_DISCOUNT', "gift_id" varchar(16) null, "started_at" timestamptz not null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "canceled_at" timestamptz null, "ended_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "memberships_plan_id_index" on "memberships" ("plan_id");`);
    this.addSql(
      `alter table "memberships" add constraint "memberships_provider_subscription_id_unique" unique ("provider_subscription_id");`,
    );
    this.addSql(`create index "memberships_gift_id_index" on "memberships" ("gift_id");`);
    this.addSql(`create index "memberships_user_id_status_index" on "memberships" ("user_id", "status");`);
    this.addSql(
      `create index "memberships_status_current_period_end_index" on "memberships" ("status", "current_period_end");`,
    );

    this.addSql(
      `create table "gift_redemptions" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "gift_id" varchar(16) not null, "user_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(`create index "gift_redemptions_user_id_index" on "gift_redemptions" ("user_id");`);
    this.addSql(
      `alter table "gift_redemptions" add constraint "gift_redemptions_gift_id_user_id_unique" unique ("gift_id", "user_id");`,
    );

    this.addSql(
      `create table "catalogs" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "creator_id" varchar(16) not null, "name" varchar(100) not null, "description" varchar(500) not null default '', "type" text not null default 'LISTS', "predefined" text null, "visibility" text not null default 'PUBLIC', "slug" varchar(120) not null default '', "items_count" int not null default 0, "clap_count" int not null default 0, "responses_count" int not null default 0, "follower_count" int not null default 0, "responses_locked" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(
      `create index "catalogs_creator_id_created_at_index" on "catalogs" ("creator_id", "created_at");`,
    );
    this.addSql(
      `alter table "catalogs" add constraint "catalogs_creator_id_predefined_unique" unique ("creator_id", "predefined");`,
    );

    this.addSql(
      `create table "posts" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "creator_id" varchar(16) not null, "collection_id" varchar(16) null, "pending_collection_id" varchar(16) null, "status_for_collection" text null, "pinned_to_collection_at" timestamptz null, "title" varchar(300) not null default '', "subtitle" varchar(500) null, "slug" varchar(300) not null default '', "unique_slug" varchar(320) not null, "status" text not null default 'DRAFT', "type" text not null default 'DRAFT', "visibility" text not null default 'PUBLIC', "is_locked" boolean not null default false, "locked_source" text not null default 'NONE', "license" text not null default 'ALL_RIGHTS_RESERVED', "curation_status" text not null default 'NOT_REVIEWED', "is_suspended" boolean not null default false, "content" jsonb not null default '{"paragraphs":[]}', "latest_rev" int not null default 0, "latest_published_rev" int not null default 0, "first_published_at" timestamptz null, "latest_published_at" timestamptz null, "deleted_at" timestamptz null, "preview_image_id" varchar(200) null, "preview_title" varchar(300) null, "preview_subtitle" varchar(500) null, "reading_time" real not null default 0, "word_count" int not null default 0, "clap_count" int not null default 0, "responses_count" int not null default 0, "share_key" varchar(32) null, "in_response_to_post_id" varchar(16) null, "in_response_to_catalog_id" varchar(16) null, "is_response_hidden" boolean not null default false, "responses_locked" boolean not null default false, "layer_cake" int not null default 0, "primary_topic_id" varchar(16) null, "sequence_id" varchar(16) null, primary key ("id"));`,
    );
    this.addSql(`create index "posts_pending_collection_id_index" on "posts" ("pending_collection_id");`);
    this.addSql(`alter table "posts" add constraint "posts_unique_slug_unique" unique ("unique_slug");`);
    this.addSql(`alter table "posts" add constraint "posts_share_key_unique" unique ("share_key");`);
    this.addSql(
      `create index "posts_in_response_to_catalog_id_index" on "posts" ("in_response_to_catalog_id");`,
    );
    this.addSql(`create index "posts_primary_topic_id_index" on "posts" ("primary_topic_id");`);
    this.addSql(`create index "posts_sequence_id_index" on "posts" ("sequence_id");`);
    this.addSql(
      `create index "posts_creator_id_status_latest_published_at_index" on "posts" ("creator_id", "status", "latest_published_at");`,
    );
    this.addSql(
      `create index "posts_collection_id_status_latest_published_at_index" on "posts" ("collection_id", "status", "latest_published_at");`,
    );
    this.addSql(
      `create index "posts_status_latest_published_at_index" on "posts" ("status", "latest_published_at");`,
    );
    this.addSql(`create index "posts_deleted_at_index" on "posts" ("deleted_at");`);
    this.addSql(
      `create index "posts_in_response_to_post_id_created_at_index" on "posts" ("in_response_to_post_id", "created_at");`,
    );

    this.addSql(
      `create table "reading_histories" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "post_id" varchar(16) not null, "first_viewed_at" timestamptz not null, "last_viewed_at" timestamptz not null, "read_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "reading_histories_post_id_index" on "reading_histories" ("post_id");`);
    this.addSql(
      `create index "reading_histories_user_id_last_viewed_at_index" on "reading_histories" ("user_id", "last_viewed_at");`,
    );
    this.addSql(
      `alter table "reading_histories" add constraint "reading_histories_user_id_post_id_unique" unique ("user_id", "post_id");`,
    );

    this.addSql(
      `create table "read_events" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "post_id" varchar(16) not null, "user_id" varchar(16) null, "visitor_id" varchar(16) null, "kind" text not null, "occurred_at" timestamptz not null, "reading_seconds" int not null default 0, "is_member" boolean not null default false, "referrer" varchar(2048) null, "source" varchar(500) null, primary key ("id"));`,
    );
    this.addSql(
      `create index "read_events_post_id_occurred_at_index" on "read_events" ("post_id", "occurred_at");`,
    );
    this.addSql(
      `create index "read_events_user_id_occurred_at_index" on "read_events" ("user_id", "occurred_at");`,
    );

    this.addSql(
      `create table "post_versions" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "post_id" varchar(16) not null, "rev" int not null, "title" varchar(300) not null default '', "content" jsonb not null, "created_by_id" varchar(16) null, primary key ("id"));`,
    );
    this.addSql(`create index "post_versions_created_by_id_index" on "post_versions" ("created_by_id");`);
    this.addSql(
      `alter table "post_versions" add constraint "post_versions_post_id_rev_unique" unique ("post_id", "rev");`,
    );

    this.addSql(
      `create table "post_tags" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "post_id" varchar(16) not null, "tag_id" varchar(16) not null, "position" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "post_tags_tag_id_post_id_index" on "post_tags" ("tag_id", "post_id");`);
    this.addSql(
      `alter table "post_tags" add constraint "post_tags_post_id_tag_id_unique" unique ("post_id", "tag_id");`,
    );

    this.addSql(
      `create table "notes" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "post_id" varchar(16) not null, "paragraph_name" varchar(16) not null, "start_offset" int not null, "end_offset" int not null, "content" text not null, "resolved_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "notes_user_id_index" on "notes" ("user_id");`);
    this.addSql(`create index "notes_post_id_created_at_index" on "notes" ("post_id", "created_at");`);

    this.addSql(
      `create table "note_replies" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "note_id" varchar(16) not null, "user_id" varchar(16) not null, "content" text not null, primary key ("id"));`,
    );
    this.addSql(`create index "note_replies_user_id_index" on "note_replies" ("user_id");`);
    this.addSql(
      `create index "note_replies_note_id_created_at_index" on "note_replies" ("note_id", "created_at");`,
    );

    this.addSql(
      `create table "newsletter_emails" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "newsletter_id" varchar(16) not null, "post_id" varchar(16) not null, "sent_at" timestamptz null, "recipient_count" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "newsletter_emails_post_id_index" on "newsletter_emails" ("post_id");`);
    this.addSql(
      `alter table "newsletter_emails" add constraint "newsletter_emails_newsletter_id_post_id_unique" unique ("newsletter_id", "post_id");`,
    );

    this.addSql(
      `create table "meter_entries" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "reader_key" varchar(40) not null, "user_id" varchar(16) null, "visitor_id" varchar(16) null, "post_id" varchar(16) not null, "month_key" varchar(7) not null, primary key ("id"));`,
    );
    this.addSql(`create index "meter_entries_user_id_index" on "meter_entries" ("user_id");`);
    this.addSql(`create index "meter_entries_post_id_index" on "meter_entries" ("post_id");`);
    this.addSql(
      `alter table "meter_entries" add constraint "meter_entries_reader_key_month_key_post_id_unique" unique ("reader_key", "month_key", "post_id");`,
    );

    this.addSql(
      `create table "highlights" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "post_id" varchar(16) not null, "paragraph_name" varchar(16) not null, "start_offset" int not null, "end_offset" int not null, "quote" text not null, primary key ("id"));`,
    );
    this.addSql(`create index "highlights_post_id_index" on "highlights" ("post_id");`);
    this.addSql(
      `create index "highlights_user_id_created_at_index" on "highlights" ("user_id", "created_at");`,
    );

    this.addSql(
      `create table "earnings" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "post_id" varchar(16) null, "period_start" date not null, "period_end" date not null, "amount" int not null, "currency" text not null default 'USD', "member_reading_seconds" bigint not null default '0', primary key ("id"));`,
    );
    this.addSql(`create index "earnings_post_id_index" on "earnings" ("post_id");`);
    this.addSql(
      `create index "earnings_user_id_period_start_index" on "earnings" ("user_id", "period_start");`,
    );
    this.addSql(
      `alter table "earnings" add constraint "earnings_user_id_post_id_period_start_unique" unique ("user_id", "post_id", "period_start");`,
    );

    this.addSql(
      `create table "claps" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "post_id" varchar(16) not null, "count" int not null default 1, primary key ("id"));`,
    );
    this.addSql(`create index "claps_post_id_index" on "claps" ("post_id");`);
    this.addSql(
      `alter table "claps" add constraint "claps_user_id_post_id_unique" unique ("user_id", "post_id");`,
    );

    this.addSql(
      `create table "notifications" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "recipient_id" varchar(16) not null, "notification_type" varchar(64) not null, "activity_type" varchar(64) not null, "actor_id" varchar(16) null, "rollup_key" varchar(200) null, "rollup_items" jsonb not null default '[]', "post_id" varchar(16) null, "collection_id" varchar(16) null, "catalog_id" varchar(16) null, "quote_id" varchar(16) null, "note_id" varchar(16) null, "note_reply_id" varchar(16) null, "response_post_id" varchar(16) null, "milestone_arg" int null, "occurred_at" timestamptz not null, "read_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "notifications_actor_id_index" on "notifications" ("actor_id");`);
    this.addSql(`create index "notifications_post_id_index" on "notifications" ("post_id");`);
    this.addSql(`create index "notifications_collection_id_index" on "notifications" ("collection_id");`);
    this.addSql(`create index "notifications_catalog_id_index" on "notifications" ("catalog_id");`);
    this.addSql(`create index "notifications_quote_id_index" on "notifications" ("quote_id");`);
    this.addSql(`create index "notifications_note_id_index" on "notifications" ("note_id");`);
    this.addSql(`create index "notifications_note_reply_id_index" on "notifications" ("note_reply_id");`);
    this.addSql(
      `create index "notifications_response_post_id_index" on "notifications" ("response_post_id");`,
    );
    this.addSql(
      `create index "notifications_recipient_id_occurred_at_index" on "notifications" ("recipient_id", "occurred_at" DESC);`,
    );
    this.addSql(
      `create index "notifications_recipient_id_rollup_key_index" on "notifications" ("recipient_id", "rollup_key");`,
    );

    this.addSql(
      `create table "catalog_items" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "catalog_id" varchar(16) not null, "item_type" text not null, "post_id" varchar(16) null, "target_catalog_id" varchar(16) null, "position" int not null default 0, "note" varchar(1000) null, "archived_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "catalog_items_post_id_index" on "catalog_items" ("post_id");`);
    this.addSql(
      `create index "catalog_items_target_catalog_id_index" on "catalog_items" ("target_catalog_id");`,
    );
    this.addSql(
      `create index "catalog_items_catalog_id_position_index" on "catalog_items" ("catalog_id", "position");`,
    );
    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_catalog_id_post_id_unique" unique ("catalog_id", "post_id");`,
    );
    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_catalog_id_target_catalog_id_unique" unique ("catalog_id", "target_catalog_id");`,
    );

    this.addSql(
      `create table "catalog_follows" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "follower_id" varchar(16) not null, "catalog_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(`create index "catalog_follows_catalog_id_index" on "catalog_follows" ("catalog_id");`);
    this.addSql(
      `alter table "catalog_follows" add constraint "catalog_follows_follower_id_catalog_id_unique" unique ("follower_id", "catalog_id");`,
    );

    this.addSql(
      `create table "catalog_claps" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "catalog_id" varchar(16) not null, "count" int not null default 1, primary key ("id"));`,
    );
    this.addSql(`create index "catalog_claps_catalog_id_index" on "catalog_claps" ("catalog_id");`);
    this.addSql(
      `alter table "catalog_claps" add constraint "catalog_claps_user_id_catalog_id_unique" unique ("user_id", "catalog_id");`,
    );

    this.addSql(
      `create table "blocks" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "blocker_id" varchar(16) not null, "blocked_id" varchar(16) not null, primary key ("id"));`,
    );
    this.addSql(`create index "blocks_blocked_id_index" on "blocks" ("blocked_id");`);
    this.addSql(
      `alter table "blocks" add constraint "blocks_blocker_id_blocked_id_unique" unique ("blocker_id", "blocked_id");`,
    );

    this.addSql(
      `create table "auth_tokens" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "kind" text not null, "token_hash" varchar(64) not null, "email" varchar(254) null, "user_id" varchar(16) null, "expires_at" timestamptz not null, "used_at" timestamptz null, "payload" jsonb not null default '{}', "ip" varchar(64) null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "auth_tokens_user_id_index" on "auth_tokens" ("user_id");`);
    this.addSql(
      `create index "auth_tokens_email_kind_created_at_index" on "auth_tokens" ("email", "kind", "created_at");`,
    );
    this.addSql(`create index "auth_tokens_expires_at_index" on "auth_tokens" ("expires_at");`);

    this.addSql(
      `create table "analytics_events" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "key" varchar(100) not null, "type" varchar(20) null, "data" jsonb not null default '{}', "user_id" varchar(16) null, "visitor_id" varchar(16) null, "occurred_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "analytics_events_user_id_index" on "analytics_events" ("user_id");`);
    this.addSql(
      `create index "analytics_events_key_occurred_at_index" on "analytics_events" ("key", "occurred_at");`,
    );

    this.addSql(
      `create table "user_dismissed_flags" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "flag" varchar(100) not null, "action" text not null default 'DISMISSED', primary key ("id"));`,
    );
    this.addSql(
      `alter table "user_dismissed_flags" add constraint "user_dismissed_flags_user_id_flag_unique" unique ("user_id", "flag");`,
    );

    this.addSql(
      `create table "visitors" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "is_bot" boolean not null default false, "geolocation_country" varchar(2) null, "first_seen_at" timestamptz not null default now(), "last_seen_at" timestamptz null, primary key ("id"));`,
    );

    this.addSql(
      `alter table "email_outbox" add constraint "email_outbox_status_check" check ("status" in ('PENDING', 'SENT', 'FAILED'));`,
    );

    this.addSql(
      `alter table "lockouts" add constraint "lockouts_kind_check" check ("kind" in ('PASSWORD', 'TWO_FACTOR', 'IP', 'LOGIN_CODE'));`,
    );

    this.addSql(
      `alter table "outbox_events" add constraint "outbox_events_status_check" check ("status" in ('PENDING', 'SENT', 'FAILED'));`,
    );

    this.addSql(`alter table "plans" add constraint "plans_amount_check" check (amount >= 0);`);
    this.addSql(
      `alter table "plans" add constraint "plans_period_check" check ("period" in ('MONTHLY', 'YEARLY'));`,
    );
    this.addSql(
      `alter table "plans" add constraint "plans_currency_check" check ("currency" in ('CAD', 'USD', 'NOT_APPLICABLE', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "tags" add constraint "tags_visibility_check" check ("visibility" in ('PUBLIC', 'SPECIAL', 'STAFF'));`,
    );

    this.addSql(
      `alter table "users" add constraint "users_onboarding_status_check" check ("onboarding_status" in ('NOT_ONBOARDED', 'ONBOARDED', 'SKIPPED'));`,
    );
    this.addSql(
      `alter table "users" add constraint "users_email_digest_frequency_check" check ("email_digest_frequency" in ('DAILY', 'WEEKLY', 'OFF'));`,
    );
    this.addSql(
      `alter table "users" add constraint "users_notification_scope_check" check ("notification_scope" in ('ALL', 'NETWORK', 'OFF'));`,
    );

    this.addSql(
      `alter table "two_factor_backup_codes" add constraint "two_factor_backup_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "two_factor_auths" add constraint "two_factor_auths_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "two_factor_auths" add constraint "two_factor_auths_preferred_method_check" check ("preferred_method" in ('AUTH_APP', 'SMS_TEXT', 'VOICE_CALL'));`,
    );

    this.addSql(
      `alter table "tax_documents" add constraint "tax_documents_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tax_documents" add constraint "tax_documents_status_check" check (status in (0, 1, 2, 3, 4));`,
    );

    this.addSql(
      `alter table "signup_attempts" add constraint "signup_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sessions" add constraint "sessions_spoofed_by_id_foreign" foreign key ("spoofed_by_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "reports" add constraint "reports_reporter_id_foreign" foreign key ("reporter_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "reports" add constraint "reports_target_type_check" check ("target_type" in ('USER', 'POST', 'COLLECTION', 'CATALOG'));`,
    );

    this.addSql(
      `alter table "payouts" add constraint "payouts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "payouts" add constraint "payouts_currency_check" check ("currency" in ('CAD', 'USD', 'NOT_APPLICABLE', 'UNKNOWN'));`,
    );
    this.addSql(
      `alter table "payouts" add constraint "payouts_status_check" check ("status" in ('PENDING', 'PAID', 'FAILED', 'WITHHELD'));`,
    );

    this.addSql(
      `alter table "payment_customers" add constraint "payment_customers_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "payment_customers" add constraint "payment_customers_provider_check" check ("provider" in ('APPLE', 'BRAINTREE', 'GOOGLE', 'MEDIUM_GIFT', 'PAYPAL', 'STRIPE', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "partner_enrollments" add constraint "partner_enrollments_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "partner_enrollments" add constraint "partner_enrollments_status_check" check ("status" in ('ENROLLED', 'NOT_ENROLLED', 'PERMISSION_DENIED'));`,
    );

    this.addSql(
      `alter table "oauth_identities" add constraint "oauth_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "oauth_identities" add constraint "oauth_identities_provider_check" check ("provider" in ('APPLE', 'FACEBOOK', 'GOOGLE', 'TWITTER'));`,
    );

    this.addSql(
      `alter table "mute_users" add constraint "mute_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "mute_users" add constraint "mute_users_target_id_foreign" foreign key ("target_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "media" add constraint "media_uploader_id_foreign" foreign key ("uploader_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "follow_users" add constraint "follow_users_follower_id_foreign" foreign key ("follower_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "follow_users" add constraint "follow_users_target_id_foreign" foreign key ("target_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "follow_users" add constraint "follow_users_not_self_check" check (follower_id <> target_id);`,
    );

    this.addSql(
      `alter table "follow_tags" add constraint "follow_tags_follower_id_foreign" foreign key ("follower_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "follow_tags" add constraint "follow_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "feature_flag_overrides" add constraint "feature_flag_overrides_flag_id_foreign" foreign key ("flag_id") references "feature_flags" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "feature_flag_overrides" add constraint "feature_flag_overrides_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "export_requests" add constraint "export_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "export_requests" add constraint "export_requests_status_check" check ("status" in ('PENDING', 'SENT', 'FAILED'));`,
    );

    this.addSql(
      `alter table "collections" add constraint "collections_creator_id_foreign" foreign key ("creator_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_visibility_check" check ("visibility" in ('LOCKED', 'PRIVATE', 'PUBLIC'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_header_scale_check" check ("header_scale" in ('SMALL', 'MEDIUM', 'LARGE'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_name_treatment_check" check ("name_treatment" in ('LOGO', 'TEXT'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_tagline_treatment_check" check ("tagline_treatment" in ('HEADER', 'SIDEBAR'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_color_display_check" check ("color_display" in ('SOLID', 'VERTICAL_GRADIENT'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_font_set_check" check ("font_set" in ('SANS_SERIF_1', 'SANS_SERIF_2', 'SERIF_1', 'SERIF_2'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_blogroll_visibility_check" check ("blogroll_visibility" in ('HIDDEN', 'VISIBLE'));`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_nav_type_check" check ("nav_type" in ('LINK', 'NONE', 'TAG'));`,
    );

    this.addSql(
      `alter table "newsletters" add constraint "newsletters_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "newsletters" add constraint "newsletters_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "newsletters" add constraint "newsletters_type_check" check ("type" in ('AUTHOR', 'COLLECTION', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_newsletter_id_foreign" foreign key ("newsletter_id") references "newsletters" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_entity_kind_check" check ("entity_kind" in ('AUTHOR', 'COLLECTION'));`,
    );

    this.addSql(
      `alter table "mute_collections" add constraint "mute_collections_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "mute_collections" add constraint "mute_collections_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "follow_collections" add constraint "follow_collections_follower_id_foreign" foreign key ("follower_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "follow_collections" add constraint "follow_collections_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "custom_style_sheets" add constraint "custom_style_sheets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "custom_style_sheets" add constraint "custom_style_sheets_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "custom_style_sheets" add constraint "custom_style_sheets_owner_check" check ((user_id is null) <> (collection_id is null));`,
    );

    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_owner_check" check ((user_id is null) <> (collection_id is null));`,
    );
    this.addSql(
      `alter table "custom_domains" add constraint "custom_domains_status_check" check ("status" in ('PENDING', 'LIVE', 'FAILED', 'REMOVED'));`,
    );

    this.addSql(
      `alter table "collection_members" add constraint "collection_members_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "collection_members" add constraint "collection_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "collection_members" add constraint "collection_members_role_check" check ("role" in ('OWNER', 'EDITOR', 'WRITER'));`,
    );

    this.addSql(
      `alter table "charges" add constraint "charges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "charges" add constraint "charges_membership_id_foreign" foreign key ("membership_id") references "memberships" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "charges" add constraint "charges_currency_check" check ("currency" in ('CAD', 'USD', 'NOT_APPLICABLE', 'UNKNOWN'));`,
    );
    this.addSql(
      `alter table "charges" add constraint "charges_status_check" check ("status" in ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'));`,
    );
    this.addSql(
      `alter table "charges" add constraint "charges_provider_check" check ("provider" in ('APPLE', 'BRAINTREE', 'GOOGLE', 'MEDIUM_GIFT', 'PAYPAL', 'STRIPE', 'UNKNOWN'));`,
    );
    this.addSql(
      `alter table "charges" add constraint "charges_card_brand_check" check ("card_brand" in ('AMEX', 'VISA', 'MASTERCARD', 'DISCOVER', 'DINERS', 'JCB', 'UNIONPAY', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "gifts" add constraint "gifts_purchaser_id_foreign" foreign key ("purchaser_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_plan_id_foreign" foreign key ("plan_id") references "plans" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_redeemed_by_id_foreign" foreign key ("redeemed_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_charge_id_foreign" foreign key ("charge_id") references "charges" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_product_id_check" check (product_id in (29, 31));`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_quantity_check" check (quantity >= 1 and redeemed_count >= 0 and redeemed_count <= quantity);`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_type_check" check ("type" in ('GIFT', 'GROUP_GIFT'));`,
    );

    this.addSql(
      `alter table "memberships" add constraint "memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "memberships" add constraint "memberships_plan_id_foreign" foreign key ("plan_id") references "plans" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "memberships" add constraint "memberships_gift_id_foreign" foreign key ("gift_id") references "gifts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "memberships" add constraint "memberships_status_check" check ("status" in ('ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED', 'TRIALING'));`,
    );
    this.addSql(
      `alter table "memberships" add constraint "memberships_provider_check" check ("provider" in ('APPLE', 'BRAINTREE', 'GOOGLE', 'MEDIUM_GIFT', 'PAYPAL', 'STRIPE', 'UNKNOWN'));`,
    );
    this.addSql(
      `alter table "memberships" add constraint "memberships_discount_check" check ("discount" in ('FIFTY_PERCENT_OFF_ONE_YEAR', 'NO_DISCOUNT'));`,
    );

    this.addSql(
      `alter table "gift_redemptions" add constraint "gift_redemptions_gift_id_foreign" foreign key ("gift_id") references "gifts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "gift_redemptions" add constraint "gift_redemptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "catalogs" add constraint "catalogs_creator_id_foreign" foreign key ("creator_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalogs" add constraint "catalogs_type_check" check ("type" in ('DEFAULT', 'HOME_MODULE', 'LISTS', 'PREDEFINED_LIST', 'SEQUENCE', 'SERIES', 'TOPIC'));`,
    );
    this.addSql(
      `alter table "catalogs" add constraint "catalogs_predefined_check" check ("predefined" in ('CURRENTLY_READING', 'PURCHASED', 'READING_LIST'));`,
    );
    this.addSql(
      `alter table "catalogs" add constraint "catalogs_visibility_check" check ("visibility" in ('LOCKED', 'PRIVATE', 'PUBLIC'));`,
    );

    this.addSql(
      `alter table "posts" add constraint "posts_creator_id_foreign" foreign key ("creator_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_pending_collection_id_foreign" foreign key ("pending_collection_id") references "collections" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_in_response_to_post_id_foreign" foreign key ("in_response_to_post_id") references "posts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_in_response_to_catalog_id_foreign" foreign key ("in_response_to_catalog_id") references "catalogs" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_primary_topic_id_foreign" foreign key ("primary_topic_id") references "tags" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_sequence_id_foreign" foreign key ("sequence_id") references "catalogs" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_status_for_collection_check" check ("status_for_collection" in ('NOT_YET_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED', 'REMOVED'));`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_status_check" check ("status" in ('DRAFT', 'PUBLISHED', 'UNLISTED', 'DELETED'));`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_type_check" check ("type" in ('POST_TYPE_DELETED', 'DRAFT', 'PUBLIC', 'PUBLISHED', 'RESPONSE', 'UNKNOWN', 'UNLISTED'));`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_visibility_check" check ("visibility" in ('LOCKED', 'PUBLIC', 'UNLISTED'));`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_locked_source_check" check ("locked_source" in ('COMMISSIONED', 'FEATURE_LOCK', 'NONE', 'PARTNERSHIPS', 'PUBLICATION_MEMBERSHIP', 'SYNDICATED', 'UGC', 'UGC_UNENROLLED'));`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_license_check" check ("license" in ('ALL_RIGHTS_RESERVED', 'CC_40_BY', 'BY_NC', 'BY_NC_ND', 'BY_NC_SA', 'BY_ND', 'BY_SA', 'CC_40_ZERO', 'PUBLIC_DOMAIN'));`,
    );
    this.addSql(
      `alter table "posts" add constraint "posts_curation_status_check" check ("curation_status" in ('DISABLED', 'DISTRIBUTED', 'NOT_DISTRIBUTED', 'NOT_REVIEWED', 'PENDING'));`,
    );

    this.addSql(
      `alter table "reading_histories" add constraint "reading_histories_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reading_histories" add constraint "reading_histories_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "read_events" add constraint "read_events_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "read_events" add constraint "read_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "read_events" add constraint "read_events_kind_check" check ("kind" in ('VIEW', 'READ'));`,
    );

    this.addSql(
      `alter table "post_versions" add constraint "post_versions_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "post_versions" add constraint "post_versions_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "post_tags" add constraint "post_tags_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "post_tags" add constraint "post_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "notes" add constraint "notes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notes" add constraint "notes_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notes" add constraint "notes_offsets_check" check (start_offset >= 0 and end_offset >= start_offset);`,
    );

    this.addSql(
      `alter table "note_replies" add constraint "note_replies_note_id_foreign" foreign key ("note_id") references "notes" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "note_replies" add constraint "note_replies_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "newsletter_emails" add constraint "newsletter_emails_newsletter_id_foreign" foreign key ("newsletter_id") references "newsletters" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "newsletter_emails" add constraint "newsletter_emails_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "meter_entries" add constraint "meter_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "meter_entries" add constraint "meter_entries_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "highlights" add constraint "highlights_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "highlights" add constraint "highlights_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "highlights" add constraint "highlights_offsets_check" check (start_offset >= 0 and end_offset >= start_offset);`,
    );

    this.addSql(
      `alter table "earnings" add constraint "earnings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "earnings" add constraint "earnings_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "earnings" add constraint "earnings_currency_check" check ("currency" in ('CAD', 'USD', 'NOT_APPLICABLE', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "claps" add constraint "claps_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "claps" add constraint "claps_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "claps" add constraint "claps_count_check" check (count >= 1 and count <= 50);`);

    this.addSql(
      `alter table "notifications" add constraint "notifications_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_catalog_id_foreign" foreign key ("catalog_id") references "catalogs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_quote_id_foreign" foreign key ("quote_id") references "highlights" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_note_id_foreign" foreign key ("note_id") references "notes" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_note_reply_id_foreign" foreign key ("note_reply_id") references "note_replies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_response_post_id_foreign" foreign key ("response_post_id") references "posts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_catalog_id_foreign" foreign key ("catalog_id") references "catalogs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_post_id_foreign" foreign key ("post_id") references "posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_target_catalog_id_foreign" foreign key ("target_catalog_id") references "catalogs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_target_check" check ((item_type = 'POST' and post_id is not null and target_catalog_id is null) or (item_type = 'CATALOG' and target_catalog_id is not null and post_id is null));`,
    );
    this.addSql(
      `alter table "catalog_items" add constraint "catalog_items_item_type_check" check ("item_type" in ('CATALOG', 'POST'));`,
    );

    this.addSql(
      `alter table "catalog_follows" add constraint "catalog_follows_follower_id_foreign" foreign key ("follower_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_follows" add constraint "catalog_follows_catalog_id_foreign" foreign key ("catalog_id") references "catalogs" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "catalog_claps" add constraint "catalog_claps_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_claps" add constraint "catalog_claps_catalog_id_foreign" foreign key ("catalog_id") references "catalogs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_claps" add constraint "catalog_claps_count_check" check (count >= 1 and count <= 50);`,
    );

    this.addSql(
      `alter table "blocks" add constraint "blocks_blocker_id_foreign" foreign key ("blocker_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "blocks" add constraint "blocks_blocked_id_foreign" foreign key ("blocked_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "blocks" add constraint "blocks_not_self_check" check (blocker_id <> blocked_id);`,
    );

    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'ACCOUNT_TOKEN'));`,
    );

    this.addSql(
      `alter table "analytics_events" add constraint "analytics_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "user_dismissed_flags" add constraint "user_dismissed_flags_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_dismissed_flags" add constraint "user_dismissed_flags_action_check" check ("action" in ('CTA', 'DISMISSED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "feature_flag_overrides" drop constraint "feature_flag_overrides_flag_id_foreign";`,
    );
    this.addSql(`alter table "gifts" drop constraint "gifts_plan_id_foreign";`);
    this.addSql(`alter table "memberships" drop constraint "memberships_plan_id_foreign";`);
    this.addSql(`alter table "follow_tags" drop constraint "follow_tags_tag_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_primary_topic_id_foreign";`);
    this.addSql(`alter table "post_tags" drop constraint "post_tags_tag_id_foreign";`);
    this.addSql(
      `alter table "two_factor_backup_codes" drop constraint "two_factor_backup_codes_user_id_foreign";`,
    );
    this.addSql(`alter table "two_factor_auths" drop constraint "two_factor_auths_user_id_foreign";`);
    this.addSql(`alter table "tax_documents" drop constraint "tax_documents_user_id_foreign";`);
    this.addSql(`alter table "signup_attempts" drop constraint "signup_attempts_user_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_spoofed_by_id_foreign";`);
    this.addSql(`alter table "reports" drop constraint "reports_reporter_id_foreign";`);
    this.addSql(`alter table "payouts" drop constraint "payouts_user_id_foreign";`);
    this.addSql(`alter table "payment_customers" drop constraint "payment_customers_user_id_foreign";`);
    this.addSql(`alter table "partner_enrollments" drop constraint "partner_enrollments_user_id_foreign";`);
    this.addSql(`alter table "oauth_identities" drop constraint "oauth_identities_user_id_foreign";`);
    this.addSql(`alter table "mute_users" drop constraint "mute_users_user_id_foreign";`);
    this.addSql(`alter table "mute_users" drop constraint "mute_users_target_id_foreign";`);
    this.addSql(`alter table "media" drop constraint "media_uploader_id_foreign";`);
    this.addSql(`alter table "follow_users" drop constraint "follow_users_follower_id_foreign";`);
    this.addSql(`alter table "follow_users" drop constraint "follow_users_target_id_foreign";`);
    this.addSql(`alter table "follow_tags" drop constraint "follow_tags_follower_id_foreign";`);
    this.addSql(
      `alter table "feature_flag_overrides" drop constraint "feature_flag_overrides_user_id_foreign";`,
    );
    this.addSql(`alter table "export_requests" drop constraint "export_requests_user_id_foreign";`);
    this.addSql(`alter table "collections" drop constraint "collections_creator_id_foreign";`);
    this.addSql(`alter table "newsletters" drop constraint "newsletters_user_id_foreign";`);
    this.addSql(
      `alter table "newsletter_subscriptions" drop constraint "newsletter_subscriptions_user_id_foreign";`,
    );
    this.addSql(`alter table "mute_collections" drop constraint "mute_collections_user_id_foreign";`);
    this.addSql(`alter table "follow_collections" drop constraint "follow_collections_follower_id_foreign";`);
    this.addSql(`alter table "custom_style_sheets" drop constraint "custom_style_sheets_user_id_foreign";`);
    this.addSql(`alter table "custom_domains" drop constraint "custom_domains_user_id_foreign";`);
    this.addSql(`alter table "collection_members" drop constraint "collection_members_user_id_foreign";`);
    this.addSql(`alter table "charges" drop constraint "charges_user_id_foreign";`);
    this.addSql(`alter table "gifts" drop constraint "gifts_purchaser_id_foreign";`);
    this.addSql(`alter table "gifts" drop constraint "gifts_redeemed_by_id_foreign";`);
    this.addSql(`alter table "memberships" drop constraint "memberships_user_id_foreign";`);
    this.addSql(`alter table "gift_redemptions" drop constraint "gift_redemptions_user_id_foreign";`);
    this.addSql(`alter table "catalogs" drop constraint "catalogs_creator_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_creator_id_foreign";`);
    this.addSql(`alter table "reading_histories" drop constraint "reading_histories_user_id_foreign";`);
    this.addSql(`alter table "read_events" drop constraint "read_events_user_id_foreign";`);
    this.addSql(`alter table "post_versions" drop constraint "post_versions_created_by_id_foreign";`);
    this.addSql(`alter table "notes" drop constraint "notes_user_id_foreign";`);
    this.addSql(`alter table "note_replies" drop constraint "note_replies_user_id_foreign";`);
    this.addSql(`alter table "meter_entries" drop constraint "meter_entries_user_id_foreign";`);
    this.addSql(`alter table "highlights" drop constraint "highlights_user_id_foreign";`);
    this.addSql(`alter table "earnings" drop constraint "earnings_user_id_foreign";`);
    this.addSql(`alter table "claps" drop constraint "claps_user_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_recipient_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_actor_id_foreign";`);
    this.addSql(`alter table "catalog_follows" drop constraint "catalog_follows_follower_id_foreign";`);
    this.addSql(`alter table "catalog_claps" drop constraint "catalog_claps_user_id_foreign";`);
    this.addSql(`alter table "blocks" drop constraint "blocks_blocker_id_foreign";`);
    this.addSql(`alter table "blocks" drop constraint "blocks_blocked_id_foreign";`);
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_user_id_foreign";`);
    this.addSql(`alter table "analytics_events" drop constraint "analytics_events_user_id_foreign";`);
    this.addSql(`alter table "user_dismissed_flags" drop constraint "user_dismissed_flags_user_id_foreign";`);
    this.addSql(`alter table "newsletters" drop constraint "newsletters_collection_id_foreign";`);
    this.addSql(`alter table "mute_collections" drop constraint "mute_collections_collection_id_foreign";`);
    this.addSql(
      `alter table "follow_collections" drop constraint "follow_collections_collection_id_foreign";`,
    );
    this.addSql(
      `alter table "custom_style_sheets" drop constraint "custom_style_sheets_collection_id_foreign";`,
    );
    this.addSql(`alter table "custom_domains" drop constraint "custom_domains_collection_id_foreign";`);
    this.addSql(
      `alter table "collection_members" drop constraint "collection_members_collection_id_foreign";`,
    );
    this.addSql(`alter table "posts" drop constraint "posts_collection_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_pending_collection_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_collection_id_foreign";`);
    this.addSql(
      `alter table "newsletter_subscriptions" drop constraint "newsletter_subscriptions_newsletter_id_foreign";`,
    );
    this.addSql(`alter table "newsletter_emails" drop constraint "newsletter_emails_newsletter_id_foreign";`);
    this.addSql(`alter table "gifts" drop constraint "gifts_charge_id_foreign";`);
    this.addSql(`alter table "memberships" drop constraint "memberships_gift_id_foreign";`);
    this.addSql(`alter table "gift_redemptions" drop constraint "gift_redemptions_gift_id_foreign";`);
    this.addSql(`alter table "charges" drop constraint "charges_membership_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_in_response_to_catalog_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_sequence_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_catalog_id_foreign";`);
    this.addSql(`alter table "catalog_items" drop constraint "catalog_items_catalog_id_foreign";`);
    this.addSql(`alter table "catalog_items" drop constraint "catalog_items_target_catalog_id_foreign";`);
    this.addSql(`alter table "catalog_follows" drop constraint "catalog_follows_catalog_id_foreign";`);
    this.addSql(`alter table "catalog_claps" drop constraint "catalog_claps_catalog_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_in_response_to_post_id_foreign";`);
    this.addSql(`alter table "reading_histories" drop constraint "reading_histories_post_id_foreign";`);
    this.addSql(`alter table "read_events" drop constraint "read_events_post_id_foreign";`);
    this.addSql(`alter table "post_versions" drop constraint "post_versions_post_id_foreign";`);
    this.addSql(`alter table "post_tags" drop constraint "post_tags_post_id_foreign";`);
    this.addSql(`alter table "notes" drop constraint "notes_post_id_foreign";`);
    this.addSql(`alter table "newsletter_emails" drop constraint "newsletter_emails_post_id_foreign";`);
    this.addSql(`alter table "meter_entries" drop constraint "meter_entries_post_id_foreign";`);
    this.addSql(`alter table "highlights" drop constraint "highlights_post_id_foreign";`);
    this.addSql(`alter table "earnings" drop constraint "earnings_post_id_foreign";`);
    this.addSql(`alter table "claps" drop constraint "claps_post_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_post_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_response_post_id_foreign";`);
    this.addSql(`alter table "catalog_items" drop constraint "catalog_items_post_id_foreign";`);
    this.addSql(`alter table "note_replies" drop constraint "note_replies_note_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_note_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_note_reply_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_quote_id_foreign";`);

    this.addSql(`drop table if exists "email_outbox" cascade;`);
    this.addSql(`drop table if exists "feature_flags" cascade;`);
    this.addSql(`drop table if exists "lockouts" cascade;`);
    this.addSql(`drop table if exists "outbox_events" cascade;`);
    this.addSql(`drop table if exists "plans" cascade;`);
    this.addSql(`drop table if exists "tags" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "two_factor_backup_codes" cascade;`);
    this.addSql(`drop table if exists "two_factor_auths" cascade;`);
    this.addSql(`drop table if exists "tax_documents" cascade;`);
    this.addSql(`drop table if exists "signup_attempts" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "reports" cascade;`);
    this.addSql(`drop table if exists "payouts" cascade;`);
    this.addSql(`drop table if exists "payment_customers" cascade;`);
    this.addSql(`drop table if exists "partner_enrollments" cascade;`);
    this.addSql(`drop table if exists "oauth_identities" cascade;`);
    this.addSql(`drop table if exists "mute_users" cascade;`);
    this.addSql(`drop table if exists "media" cascade;`);
    this.addSql(`drop table if exists "follow_users" cascade;`);
    this.addSql(`drop table if exists "follow_tags" cascade;`);
    this.addSql(`drop table if exists "feature_flag_overrides" cascade;`);
    this.addSql(`drop table if exists "export_requests" cascade;`);
    this.addSql(`drop table if exists "collections" cascade;`);
    this.addSql(`drop table if exists "newsletters" cascade;`);
    this.addSql(`drop table if exists "newsletter_subscriptions" cascade;`);
    this.addSql(`drop table if exists "mute_collections" cascade;`);
    this.addSql(`drop table if exists "follow_collections" cascade;`);
    this.addSql(`drop table if exists "custom_style_sheets" cascade;`);
    this.addSql(`drop table if exists "custom_domains" cascade;`);
    this.addSql(`drop table if exists "collection_members" cascade;`);
    this.addSql(`drop table if exists "charges" cascade;`);
    this.addSql(`drop table if exists "gifts" cascade;`);
    this.addSql(`drop table if exists "memberships" cascade;`);
    this.addSql(`drop table if exists "gift_redemptions" cascade;`);
    this.addSql(`drop table if exists "catalogs" cascade;`);
    this.addSql(`drop table if exists "posts" cascade;`);
    this.addSql(`drop table if exists "reading_histories" cascade;`);
    this.addSql(`drop table if exists "read_events" cascade;`);
    this.addSql(`drop table if exists "post_versions" cascade;`);
    this.addSql(`drop table if exists "post_tags" cascade;`);
    this.addSql(`drop table if exists "notes" cascade;`);
    this.addSql(`drop table if exists "note_replies" cascade;`);
    this.addSql(`drop table if exists "newsletter_emails" cascade;`);
    this.addSql(`drop table if exists "meter_entries" cascade;`);
    this.addSql(`drop table if exists "highlights" cascade;`);
    this.addSql(`drop table if exists "earnings" cascade;`);
    this.addSql(`drop table if exists "claps" cascade;`);
    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "catalog_items" cascade;`);
    this.addSql(`drop table if exists "catalog_follows" cascade;`);
    this.addSql(`drop table if exists "catalog_claps" cascade;`);
    this.addSql(`drop table if exists "blocks" cascade;`);
    this.addSql(`drop table if exists "auth_tokens" cascade;`);
    this.addSql(`drop table if exists "analytics_events" cascade;`);
    this.addSql(`drop table if exists "user_dismissed_flags" cascade;`);
    this.addSql(`drop table if exists "visitors" cascade;`);
  }
}
