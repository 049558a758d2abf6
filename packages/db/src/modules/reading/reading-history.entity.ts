import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/**
 * A signed-in reader's history (SavedFilter RECENT, viewerEdge.readPostsCount): one row per story, which the
 * reader can clear, unlike the append-only ReadEvent log.
 */
export const ReadingHistorySchema = defineEntity({
  name: 'ReadingHistory',
  tableName: 'reading_histories',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    firstViewedAt: p.datetime(),
    lastViewedAt: p.datetime(),
    /** Read through, not only opened. */
    readAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['user', 'post'] }],
  indexes: [{ properties: ['user', 'lastViewedAt'] }],
});
export class ReadingHistory extends ReadingHistorySchema.class {}
ReadingHistorySchema.setClass(ReadingHistory);
