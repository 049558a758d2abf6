import { defineEntity, p } from '@mikro-orm/core';
import { CollectionRole } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Collection } from './collection.entity';

/** Spec §6 collection roles: a user's role in a publication (owner, editor, writer). */
export const CollectionMemberSchema = defineEntity({
  name: 'CollectionMember',
  tableName: 'collection_members',
  properties: {
    ...baseProperties,
    collection: () => p.manyToOne(Collection).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    role: enumOf(CollectionRole).default('WRITER'),
  },
  uniques: [{ properties: ['collection', 'user'] }],
  // The avatar menu lists a user's publications (spec §7 AvatarMenuQuery adminCollections).
  indexes: [{ properties: ['user', 'role'] }],
});
export class CollectionMember extends CollectionMemberSchema.class {}
CollectionMemberSchema.setClass(CollectionMember);
