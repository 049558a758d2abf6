import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { dailyCounts } from './stats-columns';

/** A writer's stats for one UTC day: their stories' sums, all their earnings rows, and followers gained and lost. */
export const UserDailyStatsSchema = defineEntity({
  name: 'UserDailyStats',
  tableName: 'user_daily_stats',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    day: p.date().primary(),
    ...dailyCounts,
    earningsCents: p.bigint('number').default(0),
    followersGained: p.integer().default(0),
    followersLost: p.integer().default(0),
  },
  // The rollup replaces a day's rows.
  indexes: [{ properties: ['day'] }],
});
export class UserDailyStats extends UserDailyStatsSchema.class {}
UserDailyStatsSchema.setClass(UserDailyStats);
