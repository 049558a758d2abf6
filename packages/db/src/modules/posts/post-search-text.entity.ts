import { defineEntity, p } from '@mikro-orm/core';
import { SEARCH_INDEXES } from '../search-indexes';
import { Post } from './post.entity';

/**
 * A published story's searchable text as full-text vectors, kept by the database itself: trigger
 * posts_search_text (migration post_search_texts) writes the row whenever a story's title, subtitle,
 * text, lock or status changes, and removes it when the story stops being published. Read by the
 * PostgreSQL search only (packages/search/src/postgres.ts); nothing writes it through the ORM.
 */
export const PostSearchTextSchema = defineEntity({
  name: 'PostSearchText',
  tableName: 'post_search_texts',
  properties: {
    post: () => p.manyToOne(Post).primary().deleteRule('cascade'),
    /** Title, subtitle and body; only the locked preview of a members-only story. */
    text: p.string().columnType('tsvector'),
    /** A members-only story's whole text, matched for members; null for every other story. */
    membersText: p.string().columnType('tsvector').nullable(),
    /**
     * The story's latest publication: a common word's matches are sorted by it and only the newest ranked, looked for
     * among the last days' stories first (the text indexes hold it beside each word).
     */
    publishedAt: p.datetime().nullable(),
  },
  indexes: [SEARCH_INDEXES.postSearchText, SEARCH_INDEXES.postSearchMembersText],
});
export class PostSearchText extends PostSearchTextSchema.class {}
PostSearchTextSchema.setClass(PostSearchText);
