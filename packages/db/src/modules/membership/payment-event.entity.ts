import { defineEntity, p } from '@mikro-orm/core';
import { PaymentProvider } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';

/**
 * A payment provider's webhook event, stored by its event id before it is applied: the unique index makes a
 * replayed or concurrently redelivered event a no-op.
 */
export const PaymentEventRecordSchema = defineEntity({
  name: 'PaymentEventRecord',
  tableName: 'payment_events',
  properties: {
    ...baseProperties,
    provider: enumOf(PaymentProvider),
    providerEventId: p.string().length(255),
    type: p.string().length(64),
    /** When the provider created the event (events can arrive out of order). */
    occurredAt: p.datetime(),
    /** The subscription or charge the event is about, to find events that arrived before their subject. */
    subjectId: p.string().length(255).nullable(),
    payload: p
      .json<Record<string, unknown>>()
      .onCreate(() => ({}))
      .defaultRaw("'{}'"),
    /** What applying it did: 'applied', 'stale', 'deferred', 'ignored'. */
    outcome: p.string().length(20).default('applied'),
  },
  uniques: [{ properties: ['provider', 'providerEventId'] }],
  indexes: [{ properties: ['subjectId', 'type'] }],
});
export class PaymentEventRecord extends PaymentEventRecordSchema.class {}
PaymentEventRecordSchema.setClass(PaymentEventRecord);
