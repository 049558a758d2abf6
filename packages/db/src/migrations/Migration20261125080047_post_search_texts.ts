import { Migration } from '@mikro-orm/migrations';

/** A story's searchable text (story_search_text) as full-text vectors, both cut as one: see below. */
const vector = (previewOnly: string) =>
  `to_tsvector('simple', left(coalesce(new.title, '') || ' ' || coalesce(new.subtitle, '') || ' ' || story_search_text(new.content, ${previewOnly}), 100000))`;

/**
 * Published stories' searchable text (not responses'), stored: an index on an expression computed it again for every row
 * a query filtered (a millisecond a story, seconds for a common word) and for every post row rewritten
 * (a clap, say). Trigger posts_search_text keeps post_search_texts in step with posts on the columns the
 * text depends on only: text anyone may match (a members-only story's locked preview) and a members-only
 * story's whole text. The text is cut at 100,000 characters: a tsvector must stay under 1 MB, or the
 * story's write would fail. Replaces the expression indexes of migration search_story_text.
 */
export class Migration20261125080047_post_search_texts extends Migration {
  override name = 'Migration20261125080047_post_search_texts';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "posts_search_text_index";`);
    this.addSql(`drop index if exists "posts_search_members_text_index";`);
    this.addSql(
      `create table "post_search_texts" ("post_id" varchar(16) not null, "text" tsvector not null, "members_text" tsvector null, primary key ("post_id"));`,
    );
    this.addSql(
      `alter table "post_search_texts" add constraint "post_search_texts_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create or replace function "post_search_texts_refresh"() returns trigger language plpgsql as $$
      begin
        if new.status = 'PUBLISHED' and new.deleted_at is null and new.in_response_to_post_id is null then
          insert into post_search_texts (post_id, text, members_text)
          values (new.id, ${vector('new.is_locked')}, case when new.is_locked then ${vector('false')} end)
          on conflict (post_id) do update set text = excluded.text, members_text = excluded.members_text;
        else
          delete from post_search_texts where post_id = new.id;
        end if;
        return null;
      end
    $$;`);
    this.addSql(
      `create trigger "posts_search_text" after insert or update of "title", "subtitle", "content", "is_locked", "status", "deleted_at", "in_response_to_post_id" on "posts" for each row execute function "post_search_texts_refresh"();`,
    );
    this.addSql(`insert into post_search_texts (post_id, text, members_text)
      select p.id,
             to_tsvector('simple', left(coalesce(p.title, '') || ' ' || coalesce(p.subtitle, '') || ' ' || story_search_text(p.content, p.is_locked), 100000)),
             case when p.is_locked then to_tsvector('simple', left(coalesce(p.title, '') || ' ' || coalesce(p.subtitle, '') || ' ' || story_search_text(p.content, false), 100000)) end
        from posts p
       where p.status = 'PUBLISHED' and p.deleted_at is null and p.in_response_to_post_id is null;`);
    this.addSql(`create index "post_search_texts_text_index" on "post_search_texts" using gin ("text");`);
    this.addSql(
      `create index "post_search_texts_members_text_index" on "post_search_texts" using gin ("members_text") where "members_text" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "posts_search_text" on "posts";`);
    this.addSql(`drop function if exists "post_search_texts_refresh"();`);
    this.addSql(`drop table if exists "post_search_texts" cascade;`);
    this.addSql(
      `create index "posts_search_text_index" on "posts" using gin (to_tsvector('simple', left(coalesce("title", '') || ' ' || coalesce("subtitle", '') || ' ' || story_search_text("content", "is_locked"), 100000))) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
    this.addSql(
      `create index "posts_search_members_text_index" on "posts" using gin (to_tsvector('simple', left(coalesce("title", '') || ' ' || coalesce("subtitle", '') || ' ' || story_search_text("content", false), 100000))) where "status" = 'PUBLISHED' and "deleted_at" is null and "is_locked";`,
    );
  }
}
