import { defineEntity, p } from '@mikro-orm/core';
import type { PostContent } from '@quire/domain';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { Post } from './post.entity';

/** A saved revision of a story's content (Post.latestRev and latestPublishedRev point into these). */
export const PostVersionSchema = defineEntity({
  name: 'PostVersion',
  tableName: 'post_versions',
  properties: {
    ...baseProperties,
    post: () => p.manyToOne(Post).deleteRule('cascade'),
    rev: p.integer(),
    title: p.string().length(300).default(''),
    content: p.json<PostContent>(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
  },
  uniques: [{ properties: ['post', 'rev'] }],
});
export class PostVersion extends PostVersionSchema.class {}
PostVersionSchema.setClass(PostVersion);
