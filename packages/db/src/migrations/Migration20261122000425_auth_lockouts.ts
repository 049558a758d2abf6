import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000425_auth_lockouts extends Migration {
  override name = 'Migration20261122000425_auth_lockouts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "lockouts" add "soft_lock_count" int not null default 0;`);

    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_kind_check";`);
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'TWO_FACTOR_SMS', 'ACCOUNT_TOKEN'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_kind_check";`);
    this.addSql(
      `alter table "auth_tokens" add constraint "auth_tokens_kind_check" check ("kind" in ('MAGIC_LINK', 'LOGIN_CODE', 'PASSWORD_RESET', 'EMAIL_VERIFICATION', 'TWO_FACTOR_PENDING', 'ACCOUNT_TOKEN'));`,
    );

    this.addSql(`alter table "lockouts" drop column "soft_lock_count";`);
  }
}
