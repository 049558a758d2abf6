import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** Spec §1 and §3 viewerEdge.clapCount: a reader's claps on a story, 1 to 50 (Post.clapCount sums them). */
export const ClapSchema = defineEntity({
  name: 'Clap',
  tableName: 'claps',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    count: p.integer().default(1),
  },
  uniques: [{ properties: ['user', 'post'] }],
  // Trending ranks the claps given in a window (a clap row counts when it last changed).
  indexes: [{ properties: ['updatedAt'] }],
  checks: [{ name: 'claps_count_check', expression: 'count >= 1 and count <= 50' }],
});
export class Clap extends ClapSchema.class {}
ClapSchema.setClass(Clap);
