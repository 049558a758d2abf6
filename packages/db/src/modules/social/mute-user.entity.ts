import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/** Spec §4 Mute/unmute authors: user no longer sees target's stories. */
export const MuteUserSchema = defineEntity({
  name: 'MuteUser',
  tableName: 'mute_users',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    target: () => p.manyToOne(User).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['user', 'target'] }],
});
export class MuteUser extends MuteUserSchema.class {}
MuteUserSchema.setClass(MuteUser);
