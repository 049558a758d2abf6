import { Migration } from '@mikro-orm/migrations';

export class Migration20261125105208_session_country extends Migration {
  override name = 'Migration20261125105208_session_country';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add "country" varchar(2) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "country";`);
  }
}
