import { defineEntity, p } from '@mikro-orm/core';
import { Currency, PlanPeriod } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';

/** Spec §3 client config payment plan ids and plan periods: a membership price. */
export const PlanSchema = defineEntity({
  name: 'Plan',
  tableName: 'plans',
  properties: {
    ...baseProperties,
    /** Stable code the client config exposes, e.g. 'monthly-usd'. */
    code: p.string().length(50).unique(),
    name: p.string().length(100),
    period: enumOf(PlanPeriod),
    currency: enumOf(Currency).default('USD'),
    /** Price in cents. */
    amount: p.integer(),
    stripePriceId: p.string().length(100).nullable().unique(),
    /** Price ids at the other providers (APPLE, GOOGLE, BRAINTREE, ...). */
    providerPriceIds: p
      .json<Record<string, string>>()
      .onCreate(() => ({}))
      .defaultRaw("'{}'"),
    isActive: p.boolean().default(true),
  },
  checks: [{ name: 'plans_amount_check', expression: 'amount >= 0' }],
});
export class Plan extends PlanSchema.class {}
PlanSchema.setClass(Plan);
