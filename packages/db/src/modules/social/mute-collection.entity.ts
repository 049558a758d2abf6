import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Collection } from '../publications/collection.entity';
import { User } from '../users/user.entity';

/** Spec §4 Mute/unmute publications. */
export const MuteCollectionSchema = defineEntity({
  name: 'MuteCollection',
  tableName: 'mute_collections',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    collection: () => p.manyToOne(Collection).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['user', 'collection'] }],
});
export class MuteCollection extends MuteCollectionSchema.class {}
MuteCollectionSchema.setClass(MuteCollection);
