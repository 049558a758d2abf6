import { defineEntity, p } from '@mikro-orm/core';
import { Collection } from '../publications/collection.entity';
import { dailyCounts } from './stats-columns';

/** A publication's stats for one UTC day: its stories' sums, and followers gained and lost. */
export const CollectionDailyStatsSchema = defineEntity({
  name: 'CollectionDailyStats',
  tableName: 'collection_daily_stats',
  properties: {
    collection: () => p.manyToOne(Collection).primary().deleteRule('cascade'),
    day: p.date().primary(),
    ...dailyCounts,
    followersGained: p.integer().default(0),
    followersLost: p.integer().default(0),
  },
  // The rollup replaces a day's rows.
  indexes: [{ properties: ['day'] }],
});
export class CollectionDailyStats extends CollectionDailyStatsSchema.class {}
CollectionDailyStatsSchema.setClass(CollectionDailyStats);
