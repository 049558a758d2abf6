import { Migration } from '@mikro-orm/migrations';

export class Migration20261128200652_publication_layout_archive extends Migration {
  override name = 'Migration20261128200652_publication_layout_archive';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "collections" add "home_layout" text not null default 'STREAM', add "archived_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "collections" add constraint "collections_home_layout_check" check ("home_layout" in ('STREAM', 'GRID', 'SECTIONS'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "collections" drop constraint "collections_home_layout_check";`);
    this.addSql(`alter table "collections" drop column "home_layout", drop column "archived_at";`);
  }
}
