import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from './user.entity';

/**
 * A username a user gave up (spec §2 /@{username}): old profile URLs redirect to the profile's current one.
 * Another user may take the name; a current holder wins over the history, and the newest row over older ones.
 */
export const UsernameHistorySchema = defineEntity({
  name: 'UsernameHistory',
  tableName: 'username_history',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    username: p.string().length(50).index(),
  },
});
export class UsernameHistory extends UsernameHistorySchema.class {}
UsernameHistorySchema.setClass(UsernameHistory);
