import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from './post.entity';
import { Tag } from './tag.entity';

/** A story's tag, in the author's order. */
export const PostTagSchema = defineEntity({
  name: 'PostTag',
  tableName: 'post_tags',
  properties: {
    ...baseProperties,
    post: () => p.manyToOne(Post).deleteRule('cascade'),
    tag: () => p.manyToOne(Tag).deleteRule('cascade'),
    position: p.integer().default(0),
    /**
     * The story's latest_published_at, kept by the database's triggers (migration post_tags_published_at), never
     * written here: a tag's stories are read newest first from this table's index, not by sorting all of them.
     */
    publishedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['post', 'tag'] }],
  // Tag pages list a tag's stories newest first (then by id, as every story list), reading only the page.
  indexes: [{ properties: ['tag', 'publishedAt', 'post'] }],
});
export class PostTag extends PostTagSchema.class {}
PostTagSchema.setClass(PostTag);
