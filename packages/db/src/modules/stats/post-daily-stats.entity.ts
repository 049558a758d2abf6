import { defineEntity, p } from '@mikro-orm/core';
import { Post } from '../posts/post.entity';
import { Collection } from '../publications/collection.entity';
import { User } from '../users/user.entity';
import { dailyCounts } from './stats-columns';

/**
 * A story's stats for one UTC day, rolled up from read events, claps, responses and earnings; the stats pages
 * read these, never the event tables. Keyed by (post, day) so recomputing a day replaces its rows.
 */
export const PostDailyStatsSchema = defineEntity({
  name: 'PostDailyStats',
  tableName: 'post_daily_stats',
  properties: {
    post: () => p.manyToOne(Post).primary().deleteRule('cascade'),
    day: p.date().primary(),
    creator: () => p.manyToOne(User).deleteRule('cascade'),
    /** The publication the story was in when the day was rolled up (its stats stay with it). */
    collection: () => p.manyToOne(Collection).nullable().deleteRule('set null'),
    ...dailyCounts,
    /** Cents, the sum of the story's earnings rows for the day. */
    earningsCents: p.bigint('number').default(0),
  },
  indexes: [
    // The rollup replaces a day's rows.
    { properties: ['day'] },
    // A page of stories summed over a period from the index alone (an index-only scan, no row visited).
    {
      name: 'post_daily_stats_sums_index',
      properties: ['post', 'day'],
      include: ['views', 'reads', 'memberReadingSeconds', 'claps', 'responses', 'earningsCents'],
    },
    // Deleting a writer or publication finds its rows.
    { properties: ['creator', 'day'] },
    { properties: ['collection', 'day'] },
  ],
});
export class PostDailyStats extends PostDailyStatsSchema.class {}
PostDailyStatsSchema.setClass(PostDailyStats);
