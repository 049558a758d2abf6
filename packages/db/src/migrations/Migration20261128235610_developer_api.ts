import { Migration } from '@mikro-orm/migrations';

/**
 * The developer platform: OAuth applications, their authorization codes (PKCE), the bearer tokens of the /v1 API
 * (integration tokens and OAuth access and refresh tokens, kept only hashed), and a story's canonical URL.
 */
export class Migration20261128235610_developer_api extends Migration {
  override name = 'Migration20261128235610_developer_api';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "oauth_applications" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "owner_id" varchar(16) not null, "name" varchar(100) not null, "description" varchar(500) not null default '', "redirect_uris" jsonb not null, "client_id" varchar(64) not null, "client_secret_hash" varchar(64) not null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "oauth_applications_owner_id_index" on "oauth_applications" ("owner_id");`);
    this.addSql(
      `alter table "oauth_applications" add constraint "oauth_applications_client_id_unique" unique ("client_id");`,
    );

    this.addSql(
      `create table "oauth_codes" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "application_id" varchar(16) not null, "user_id" varchar(16) not null, "code_hash" varchar(64) not null, "code_challenge" varchar(128) not null, "code_challenge_method" text not null, "redirect_uri" varchar(2000) not null, "scopes" jsonb not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "oauth_codes_application_id_index" on "oauth_codes" ("application_id");`);
    this.addSql(`create index "oauth_codes_user_id_index" on "oauth_codes" ("user_id");`);
    this.addSql(
      `alter table "oauth_codes" add constraint "oauth_codes_code_hash_unique" unique ("code_hash");`,
    );

    this.addSql(
      `create table "api_tokens" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" varchar(16) not null, "kind" text not null, "name" varchar(100) not null default '', "token_hash" varchar(64) not null, "scopes" jsonb not null, "application_id" varchar(16) null, "parent_id" varchar(16) null, "expires_at" timestamptz null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "api_tokens_application_id_index" on "api_tokens" ("application_id");`);

    this.addSql(`alter table "posts" add "canonical_url" varchar(2000) null;`);

    this.addSql(
      `alter table "oauth_applications" add constraint "oauth_applications_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "oauth_codes" add constraint "oauth_codes_application_id_foreign" foreign key ("application_id") references "oauth_applications" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "oauth_codes" add constraint "oauth_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "oauth_codes" add constraint "oauth_codes_code_challenge_method_check" check ("code_challenge_method" in ('S256'));`,
    );

    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_application_id_foreign" foreign key ("application_id") references "oauth_applications" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_parent_id_foreign" foreign key ("parent_id") references "api_tokens" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_kind_check" check ("kind" in ('INTEGRATION', 'OAUTH_ACCESS', 'OAUTH_REFRESH'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "oauth_codes" drop constraint "oauth_codes_application_id_foreign";`);
    this.addSql(`alter table "api_tokens" drop constraint "api_tokens_application_id_foreign";`);
    this.addSql(`alter table "api_tokens" drop constraint "api_tokens_parent_id_foreign";`);

    this.addSql(`drop table if exists "oauth_applications" cascade;`);
    this.addSql(`drop table if exists "oauth_codes" cascade;`);
    this.addSql(`drop table if exists "api_tokens" cascade;`);

    this.addSql(`alter table "posts" drop column "canonical_url";`);
  }
}
