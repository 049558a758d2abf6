import { defineEntity, p } from '@mikro-orm/core';
import { OutboxStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';

/** A side effect to run after commit (notification fan-out, search indexing, ...), by topic. */
export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    ...baseProperties,
    topic: p.string().length(100),
    payload: p
      .json<Record<string, unknown>>()
      .onCreate(() => ({}))
      .defaultRaw("'{}'"),
    status: enumOf(OutboxStatus).default('PENDING'),
    attempts: p.integer().default(0),
    availableAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    processedAt: p.datetime().nullable(),
    error: p.text().nullable(),
  },
  indexes: [{ properties: ['status', 'availableAt'] }],
});
export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);
