import { defineEntity, p } from '@mikro-orm/core';
import { OutboxStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';

/** An email to send, written in the same transaction as the change that causes it and sent by a worker. */
export const EmailOutboxSchema = defineEntity({
  name: 'EmailOutbox',
  tableName: 'email_outbox',
  properties: {
    ...baseProperties,
    to: p.string().length(254),
    subject: p.string().length(300),
    template: p.string().length(100),
    payload: p
      .json<Record<string, unknown>>()
      .onCreate(() => ({}))
      .defaultRaw("'{}'"),
    /** Optional idempotency key, so a retried request queues the mail once. */
    dedupeKey: p.string().length(200).nullable().unique(),
    status: enumOf(OutboxStatus).default('PENDING'),
    attempts: p.integer().default(0),
    availableAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
  },
  indexes: [{ properties: ['status', 'availableAt'] }],
});
export class EmailOutbox extends EmailOutboxSchema.class {}
EmailOutboxSchema.setClass(EmailOutbox);
