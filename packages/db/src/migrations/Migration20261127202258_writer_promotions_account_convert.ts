import { Migration } from '@mikro-orm/migrations';

export class Migration20261127202258_writer_promotions_account_convert extends Migration {
  override name = 'Migration20261127202258_writer_promotions_account_convert';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add "promote_memberships" boolean not null default false, add "promote_subscriptions" boolean not null default false;`,
    );

    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_kind_check";`);
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'TWO_FACTOR_SMS', 'TWO_FACTOR_SETUP', 'ACCOUNT_TOKEN', 'ACCOUNT_CONVERT'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_kind_check";`);
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'TWO_FACTOR_SMS', 'TWO_FACTOR_SETUP', 'ACCOUNT_TOKEN'));`,
    );

    this.addSql(
      `alter table "users" drop column "promote_memberships", drop column "promote_subscriptions";`,
    );
  }
}
