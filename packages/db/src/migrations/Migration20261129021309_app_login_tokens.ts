import { Migration } from '@mikro-orm/migrations';

export class Migration20261129021309_app_login_tokens extends Migration {
  override name = 'Migration20261129021309_app_login_tokens';

  override up(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_kind_check";`);
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'TWO_FACTOR_SMS', 'TWO_FACTOR_SETUP', 'ACCOUNT_TOKEN', 'ACCOUNT_CONVERT', 'APP_LOGIN'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_kind_check";`);
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'TWO_FACTOR_SMS', 'TWO_FACTOR_SETUP', 'ACCOUNT_TOKEN', 'ACCOUNT_CONVERT'));`,
    );
  }
}
