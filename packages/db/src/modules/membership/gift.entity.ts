import { defineEntity, p } from '@mikro-orm/core';
import { GiftType } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Charge } from './charge.entity';
import { Plan } from './plan.entity';

/**
 * Spec §1 gift membership (product 29 GIFT, 31 GROUP_GIFT): a purchased code. A GIFT is redeemed once
 * (redeemedBy); a GROUP_GIFT code is redeemed up to `quantity` times (GiftRedemption rows).
 */
export const GiftSchema = defineEntity({
  name: 'Gift',
  tableName: 'gifts',
  properties: {
    ...baseProperties,
    purchaser: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    type: enumOf(GiftType),
    productId: p.integer(),
    plan: () => p.manyToOne(Plan).nullable().deleteRule('set null').index(),
    code: p.string().length(64).unique(),
    recipientEmail: p.string().length(254).nullable(),
    recipientName: p.string().length(100).nullable(),
    message: p.string().length(1000).nullable(),
    quantity: p.integer().default(1),
    redeemedCount: p.integer().default(0),
    redeemedBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    redeemedAt: p.datetime().nullable(),
    charge: () => p.manyToOne(Charge).nullable().deleteRule('set null').index(),
  },
  checks: [
    { name: 'gifts_product_id_check', expression: 'product_id in (29, 31)' },
    {
      name: 'gifts_quantity_check',
      expression: 'quantity >= 1 and redeemed_count >= 0 and redeemed_count <= quantity',
    },
  ],
});
export class Gift extends GiftSchema.class {}
GiftSchema.setClass(Gift);
