import { Migration } from '@mikro-orm/migrations';

export class Migration20261128174838_feature_pages extends Migration {
  override name = 'Migration20261128174838_feature_pages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "collection_feature_pages" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "collection_id" varchar(16) not null, "slug" varchar(60) not null, "title" varchar(100) not null, "description" varchar(300) not null default '', "post_ids" jsonb not null default '[]', primary key ("id"));`,
    );
    this.addSql(
      `alter table "collection_feature_pages" add constraint "collection_feature_pages_collection_id_slug_unique" unique ("collection_id", "slug");`,
    );

    this.addSql(
      `alter table "collection_feature_pages" add constraint "collection_feature_pages_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "collection_feature_pages" cascade;`);
  }
}
