import { Migration } from '@mikro-orm/migrations';

export class Migration20261128171714_publication_admin extends Migration {
  override name = 'Migration20261128171714_publication_admin';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "collection_invitations" ("id" varchar(16) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "collection_id" varchar(16) not null, "invited_by_id" varchar(16) null, "user_id" varchar(16) null, "email" varchar(254) null, "role" text not null, "status" text not null default 'PENDING', "expires_at" timestamptz not null, "answered_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "collection_invitations_user_id_index" on "collection_invitations" ("user_id");`,
    );
    this.addSql(`create index "collection_invitations_email_index" on "collection_invitations" ("email");`);
    this.addSql(
      `create index "collection_invitations_collection_id_status_index" on "collection_invitations" ("collection_id", "status");`,
    );

    this.addSql(
      `alter table "collections" add "contact_email" varchar(254) null, add "tags" jsonb not null default '[]';`,
    );

    this.addSql(
      `alter table "collection_invitations" add constraint "collection_invitations_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "collection_invitations" add constraint "collection_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "collection_invitations" add constraint "collection_invitations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "collection_invitations" add constraint "collection_invitations_invitee_check" check ((user_id is not null) or (email is not null));`,
    );
    this.addSql(
      `alter table "collection_invitations" add constraint "collection_invitations_role_check" check ("role" in ('EDITOR', 'WRITER'));`,
    );
    this.addSql(
      `alter table "collection_invitations" add constraint "collection_invitations_status_check" check ("status" in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "collection_invitations" cascade;`);

    this.addSql(`alter table "collections" drop column "contact_email", drop column "tags";`);
  }
}
