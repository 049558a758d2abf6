import { Migration } from '@mikro-orm/migrations';

/**
 * Stories are found by any word of their title, subtitle or body. story_search_text is a story's body as
 * searchable text: every text paragraph, or with preview_only the locked preview a reader without the
 * full text is sent (the paragraphs up to the third that is not an image or a rule, as lockedPreview in
 * packages/api/src/services/posts.ts). One index holds the text anyone may match (the locked preview of a
 * members-only story), a partial one the whole text of members-only stories, matched for members only.
 * The text is cut at 100,000 characters: a tsvector must stay under 1 MB, or the story's write would fail.
 */
export class Migration20261125073401_search_story_text extends Migration {
  override name = 'Migration20261125073401_search_story_text';

  override up(): void | Promise<void> {
    // A high cost: the planner then reads the indexes instead of computing the text row by row.
    this.addSql(`create or replace function "story_search_text"(content jsonb, preview_only boolean) returns text
      language sql immutable parallel safe cost 10000 as $$
        select coalesce(string_agg(paragraph ->> 'text', ' ' order by n), '')
          from (select paragraph, n,
                       count(*) filter (where coalesce(paragraph ->> 'type', '') not in ('IMG', 'HR'))
                         over (order by n rows between unbounded preceding and 1 preceding) as text_before
                  from jsonb_array_elements(
                         case when jsonb_typeof(content -> 'paragraphs') = 'array' then content -> 'paragraphs'
                              else '[]'::jsonb end) with ordinality as paragraphs(paragraph, n)) numbered
         where coalesce(paragraph ->> 'type', '') not in ('IMG', 'HR', 'IFRAME')
           and (preview_only is not true or text_before < 3)
      $$;`);
    this.addSql(`drop index if exists "posts_search_fts_index";`);
    this.addSql(
      `create index "posts_search_text_index" on "posts" using gin (to_tsvector('simple', left(coalesce("title", '') || ' ' || coalesce("subtitle", '') || ' ' || story_search_text("content", "is_locked"), 100000))) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
    this.addSql(
      `create index "posts_search_members_text_index" on "posts" using gin (to_tsvector('simple', left(coalesce("title", '') || ' ' || coalesce("subtitle", '') || ' ' || story_search_text("content", false), 100000))) where "status" = 'PUBLISHED' and "deleted_at" is null and "is_locked";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "posts_search_members_text_index";`);
    this.addSql(`drop index if exists "posts_search_text_index";`);
    this.addSql(`drop function if exists "story_search_text"(jsonb, boolean);`);
    this.addSql(
      `create index "posts_search_fts_index" on "posts" using gin (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("subtitle", ''))) where "status" = 'PUBLISHED' and "deleted_at" is null;`,
    );
  }
}
