import { Migration } from '@mikro-orm/migrations';

/** Spec §1 paywall: the network each free story was given to, for the per-network monthly ceiling. */
export class Migration20261125043901_meter_network extends Migration {
  override name = 'Migration20261125043901_meter_network';

  override up(): void | Promise<void> {
    this.addSql(`alter table "meter_entries" add "network_key" varchar(45) null;`);
    this.addSql(
      `create index "meter_entries_network_key_month_key_index" on "meter_entries" ("network_key", "month_key");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "meter_entries_network_key_month_key_index";`);
    this.addSql(`alter table "meter_entries" drop column "network_key";`);
  }
}
