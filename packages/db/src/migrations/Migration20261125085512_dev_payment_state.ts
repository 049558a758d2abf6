import { Migration } from '@mikro-orm/migrations';

export class Migration20261125085512_dev_payment_state extends Migration {
  override name = 'Migration20261125085512_dev_payment_state';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "dev_payment_states" ("key" varchar(64) not null, "state" jsonb not null, "updated_at" timestamptz not null default now(), primary key ("key"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "dev_payment_states" cascade;`);
  }
}
