import { defineEntity, p } from '@mikro-orm/core';
import { Discount, MembershipStatus, PaymentProvider } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Gift } from './gift.entity';
import { Plan } from './plan.entity';

/** Spec §4 Membership: a paid (or gifted) subscription; User.mediumMemberAt mirrors the active one. */
export const MembershipSchema = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    plan: () => p.manyToOne(Plan).nullable().deleteRule('set null').index(),
    status: enumOf(MembershipStatus),
    provider: enumOf(PaymentProvider),
    providerSubscriptionId: p.string().length(255).nullable().unique(),
    discount: enumOf(Discount).default('NO_DISCOUNT'),
    /** Set for memberships redeemed from a gift (provider MEDIUM_GIFT). */
    gift: () => p.manyToOne(Gift).nullable().deleteRule('set null').index(),
    startedAt: p.datetime(),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    canceledAt: p.datetime().nullable(),
    endedAt: p.datetime().nullable(),
    /** When payment first failed in the current run of failures: access lasts the grace period from here. */
    pastDueAt: p.datetime().nullable(),
    /** The provider's time of the state last applied; an older subscription event is reconciled, not applied. */
    stateAt: p.datetime().nullable(),
    /** The writer whose /membership/@{username} page the member subscribed from (a share of the member's revenue). */
    referrer: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
  },
  indexes: [{ properties: ['user', 'status'] }, { properties: ['status', 'currentPeriodEnd'] }],
});
export class Membership extends MembershipSchema.class {}
MembershipSchema.setClass(Membership);
