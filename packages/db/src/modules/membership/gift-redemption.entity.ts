import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { Gift } from './gift.entity';

/** One redemption of a gift code (several for a group gift), at most once per user. */
export const GiftRedemptionSchema = defineEntity({
  name: 'GiftRedemption',
  tableName: 'gift_redemptions',
  properties: {
    ...baseProperties,
    gift: () => p.manyToOne(Gift).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['gift', 'user'] }],
});
export class GiftRedemption extends GiftRedemptionSchema.class {}
GiftRedemptionSchema.setClass(GiftRedemption);
