import { Migration } from '@mikro-orm/migrations';

export class Migration20261128060431_note_quote extends Migration {
  override name = 'Migration20261128060431_note_quote';

  override up(): void | Promise<void> {
    this.addSql(`alter table "notes" add "quote" text not null default '';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "notes" drop column "quote";`);
  }
}
