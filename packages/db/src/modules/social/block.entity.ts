import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/** Spec §4 Block/unblock: blocked can no longer follow blocker or view their content. */
export const BlockSchema = defineEntity({
  name: 'Block',
  tableName: 'blocks',
  properties: {
    ...baseProperties,
    blocker: () => p.manyToOne(User).deleteRule('cascade'),
    blocked: () => p.manyToOne(User).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['blocker', 'blocked'] }],
  checks: [{ name: 'blocks_not_self_check', expression: 'blocker_id <> blocked_id' }],
});
export class Block extends BlockSchema.class {}
BlockSchema.setClass(Block);
