import { Migration } from '@mikro-orm/migrations';

/**
 * Edits to a published story used to go live on autosave, so its latest revision is what readers see: mark it
 * published, or the editor would take the story's newest version for unpublished changes.
 */
export class Migration20261125075125_published_revision extends Migration {
  override name = 'Migration20261125075125_published_revision';

  override up(): void | Promise<void> {
    this.addSql(
      `update "posts" set "latest_published_rev" = "latest_rev" where "status" in ('PUBLISHED', 'UNLISTED') and "latest_rev" > "latest_published_rev";`,
    );
  }

  override down(): void | Promise<void> {
    // The old published revision numbers are not kept; stories read the same either way.
  }
}
