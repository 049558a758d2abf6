import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/**
 * Spec §8 'Got it. You will see fewer stories like this.': a reader asked for fewer stories like this one.
 * The For you feed leaves the story out and ranks its writer's other stories lower; Undo deletes the row.
 */
export const NegativeSignalSchema = defineEntity({
  name: 'NegativeSignal',
  tableName: 'negative_signals',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    /** The story's writer when the signal was given, so ranking needs no join through posts. */
    creator: () => p.manyToOne(User).deleteRule('cascade'),
  },
  uniques: [{ properties: ['user', 'post'] }],
  indexes: [{ properties: ['user', 'creator'] }],
});
export class NegativeSignal extends NegativeSignalSchema.class {}
NegativeSignalSchema.setClass(NegativeSignal);
