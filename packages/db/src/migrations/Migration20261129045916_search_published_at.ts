import { Migration } from '@mikro-orm/migrations';

/** A story's searchable text (story_search_text) as a full-text vector, cut as migration post_search_texts cuts it. */
const vector = (previewOnly: string) =>
  `to_tsvector('simple', left(coalesce(new.title, '') || ' ' || coalesce(new.subtitle, '') || ' ' || story_search_text(new.content, ${previewOnly}), 100000))`;

/** The trigger of migration post_search_texts, also on the story's publication date. */
const trigger = (columns: string) =>
  `create trigger "posts_search_text" after insert or update of ${columns} on "posts" for each row execute function "post_search_texts_refresh"();`;
const COLUMNS = `"title", "subtitle", "content", "is_locked", "status", "deleted_at", "in_response_to_post_id"`;

/** Trigger function post_search_texts_refresh, with the publication date kept beside the text or without it. */
const refresh = (
  withDate: boolean,
) => `create or replace function "post_search_texts_refresh"() returns trigger
    language plpgsql as $$
      begin
        if new.status = 'PUBLISHED' and new.deleted_at is null and new.in_response_to_post_id is null then
          insert into post_search_texts (post_id, text, members_text${withDate ? ', published_at' : ''})
          values (new.id, ${vector('new.is_locked')}, case when new.is_locked then ${vector('false')} end${withDate ? ', new.latest_published_at' : ''})
          on conflict (post_id) do update
            set text = excluded.text, members_text = excluded.members_text${withDate ? ', published_at = excluded.published_at' : ''};
        else
          delete from post_search_texts where post_id = new.id;
        end if;
        return null;
      end
    $$;`;

/**
 * Each story's latest publication beside its searchable text, kept by trigger posts_search_text: a word that
 * thousands of stories contain is matched newest first, a bounded number of them, rather than ranking every match
 * (packages/search/src/postgres.ts).
 */
export class Migration20261129045916_search_published_at extends Migration {
  override name = 'Migration20261129045916_search_published_at';

  override up(): void | Promise<void> {
    this.addSql(`alter table "post_search_texts" add "published_at" timestamptz null;`);
    this.addSql(refresh(true));
    this.addSql(`drop trigger if exists "posts_search_text" on "posts";`);
    this.addSql(trigger(`${COLUMNS}, "latest_published_at"`));
    this.addSql(
      `update post_search_texts t set published_at = p.latest_published_at from posts p where p.id = t.post_id;`,
    );
    this.addSql(
      `create index "post_search_texts_published_at_index" on "post_search_texts" ("published_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "post_search_texts_published_at_index";`);
    this.addSql(`drop trigger if exists "posts_search_text" on "posts";`);
    this.addSql(trigger(COLUMNS));
    this.addSql(refresh(false));
    this.addSql(`alter table "post_search_texts" drop column "published_at";`);
  }
}
