import { defineEntity, p } from '@mikro-orm/core';
import { CardBrand, ChargeStatus, Currency, PaymentProvider } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Membership } from './membership.entity';

/** A payment attempt or receipt; kept for accounting when the user or membership goes. */
export const ChargeSchema = defineEntity({
  name: 'Charge',
  tableName: 'charges',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    membership: () => p.manyToOne(Membership).nullable().deleteRule('set null').index(),
    /** Cents. */
    amount: p.integer(),
    currency: enumOf(Currency),
    status: enumOf(ChargeStatus).default('PENDING'),
    provider: enumOf(PaymentProvider),
    providerChargeId: p.string().length(255).nullable().unique(),
    cardBrand: enumOf(CardBrand).nullable(),
    last4: p.string().length(4).nullable(),
    receiptNumber: p.string().length(50).nullable().unique(),
    description: p.string().length(200).default(''),
    refundedAt: p.datetime().nullable(),
    /** Cents refunded so far (a partial refund leaves the charge SUCCEEDED). */
    amountRefunded: p.integer().default(0),
    /** When the latest refund was reported: the Partner Program ledger takes refunded cents from the days after it. */
    lastRefundedAt: p.datetime().nullable(),
    /** The end of the period the payment covers, as the invoice reported it (it starts at createdAt). */
    periodEnd: p.datetime().nullable(),
  },
  indexes: [{ properties: ['user', 'createdAt'] }],
});
export class Charge extends ChargeSchema.class {}
ChargeSchema.setClass(Charge);
