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
  },
  uniques: [{ properties: ['post', 'tag'] }],
  // Tag pages list a tag's stories.
  indexes: [{ properties: ['tag', 'post'] }],
});
export class PostTag extends PostTagSchema.class {}
PostTagSchema.setClass(PostTag);
