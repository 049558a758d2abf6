import { defineEntity, p } from '@mikro-orm/core';
import { Currency, PayoutStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/** A transfer of a period's earnings to a writer's connected account; kept for accounting. */
export const PayoutSchema = defineEntity({
  name: 'Payout',
  tableName: 'payouts',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The first day of the month paid; a payout also covers unpaid days before it (carried over). */
    periodStart: p.date(),
    periodEnd: p.date(),
    /** Cents. */
    amount: p.integer(),
    currency: enumOf(Currency).default('USD'),
    status: enumOf(PayoutStatus).default('PENDING'),
    providerPayoutId: p.string().length(255).nullable().unique(),
    paidAt: p.datetime().nullable(),
    failureReason: p.string().length(500).nullable(),
  },
  // One payout per writer and month: a rerun of the month finds it and moves no money twice.
  uniques: [{ properties: ['user', 'periodStart'] }],
});
export class Payout extends PayoutSchema.class {}
PayoutSchema.setClass(Payout);
