import { Migration } from '@mikro-orm/migrations';

export class Migration20261128172550_submission_notes extends Migration {
  override name = 'Migration20261128172550_submission_notes';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "posts" add "submitted_at" timestamptz null, add "submission_note" varchar(1000) null;`,
    );
    // Stories already waiting for review join the queue at their last change, the nearest time known.
    this.addSql(
      `update "posts" set "submitted_at" = "updated_at" where "status_for_collection" = 'PENDING';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "posts" drop column "submitted_at", drop column "submission_note";`);
  }
}
