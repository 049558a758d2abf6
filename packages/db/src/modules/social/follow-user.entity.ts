import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { STATS_TRIGGERS } from '../stats/stats-triggers';
import { User } from '../users/user.entity';

/** Spec §4 Follow/unfollow: follower follows target (an author). */
export const FollowUserSchema = defineEntity({
  name: 'FollowUser',
  tableName: 'follow_users',
  properties: {
    ...baseProperties,
    follower: () => p.manyToOne(User).deleteRule('cascade'),
    target: () => p.manyToOne(User).deleteRule('cascade'),
  },
  uniques: [{ properties: ['follower', 'target'] }],
  // Follower counts and lists.
  indexes: [{ properties: ['target', 'createdAt'] }],
  checks: [{ name: 'follow_users_not_self_check', expression: 'follower_id <> target_id' }],
  // Followers gained and lost, for stats.
  triggers: [STATS_TRIGGERS.followUsers],
});
export class FollowUser extends FollowUserSchema.class {}
FollowUserSchema.setClass(FollowUser);
