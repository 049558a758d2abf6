import { defineEntity, p } from '@mikro-orm/core';

/**
 * The test-mode payment provider's state (its checkout sessions, subscriptions and charges) as one JSON row
 * per key, written in the transaction of each change so a restart keeps them. Unused when Stripe is set up.
 */
export const DevPaymentStateSchema = defineEntity({
  name: 'DevPaymentState',
  tableName: 'dev_payment_states',
  properties: {
    /** 'dev-provider': one row per deployment. */
    key: p.string().primary().length(64),
    state: p.json<Record<string, unknown>>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .defaultRaw('now()'),
  },
});
export class DevPaymentState extends DevPaymentStateSchema.class {}
DevPaymentStateSchema.setClass(DevPaymentState);
