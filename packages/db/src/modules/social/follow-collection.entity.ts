import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Collection } from '../publications/collection.entity';
import { STATS_TRIGGERS } from '../stats/stats-triggers';
import { User } from '../users/user.entity';

/** Spec §7 FollowCollection: a user follows a publication. */
export const FollowCollectionSchema = defineEntity({
  name: 'FollowCollection',
  tableName: 'follow_collections',
  properties: {
    ...baseProperties,
    follower: () => p.manyToOne(User).deleteRule('cascade'),
    collection: () => p.manyToOne(Collection).deleteRule('cascade'),
  },
  uniques: [{ properties: ['follower', 'collection'] }],
  indexes: [{ properties: ['collection', 'createdAt'] }],
  // Followers gained and lost, for stats.
  triggers: [STATS_TRIGGERS.followCollections],
});
export class FollowCollection extends FollowCollectionSchema.class {}
FollowCollectionSchema.setClass(FollowCollection);
