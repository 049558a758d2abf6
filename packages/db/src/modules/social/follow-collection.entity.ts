import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Collection } from '../publications/collection.entity';
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
});
export class FollowCollection extends FollowCollectionSchema.class {}
FollowCollectionSchema.setClass(FollowCollection);
