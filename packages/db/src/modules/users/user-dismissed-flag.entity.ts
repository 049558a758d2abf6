import { defineEntity, p } from '@mikro-orm/core';
import { DismissAction } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from './user.entity';

/** How a popover flag was dismissed (spec §4 Popover flags: actions CTA and DISMISSED). Not in @quire/domain. */

/** Spec §3 User.dismissableFlags and §4 Popover flags: one row per flag a user dismissed. */
export const UserDismissedFlagSchema = defineEntity({
  name: 'UserDismissedFlag',
  tableName: 'user_dismissed_flags',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    flag: p.string().length(100),
    action: enumOf(DismissAction).default('DISMISSED'),
  },
  uniques: [{ properties: ['user', 'flag'] }],
});
export class UserDismissedFlag extends UserDismissedFlagSchema.class {}
UserDismissedFlagSchema.setClass(UserDismissedFlag);
