import { defineEntity, p } from '@mikro-orm/core';
import { NEWSLETTER_DELIVERY_STATUSES } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { NewsletterEmail } from './newsletter-email.entity';
import { NewsletterSubscription } from './newsletter-subscription.entity';

/**
 * One recipient of one issue. The unique (email, address) pair is what makes each address get an issue at most
 * once; a worker claims rows (SENDING with a lease) in a committed transaction before it sends them.
 */
export const NewsletterDeliverySchema = defineEntity({
  name: 'NewsletterDelivery',
  tableName: 'newsletter_deliveries',
  properties: {
    ...baseProperties,
    email: () => p.manyToOne(NewsletterEmail).deleteRule('cascade'),
    subscription: () => p.manyToOne(NewsletterSubscription).nullable().deleteRule('set null').index(),
    address: p.string().length(254),
    status: enumOf(NEWSLETTER_DELIVERY_STATUSES).default('PENDING'),
    attempts: p.integer().default(0),
    availableAt: p.datetime().defaultRaw('now()'),
    /** A claim's lease: a row still SENDING after it is taken back by the next worker. */
    claimedUntil: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** The Message-ID the email was sent with, fixed per row so a resend after a crash is recognisably the same. */
    messageId: p.string().length(200).nullable(),
    error: p.text().nullable(),
    openedAt: p.datetime().nullable(),
    clickedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['email', 'address'] }],
  indexes: [{ properties: ['status', 'availableAt'] }],
});
export class NewsletterDelivery extends NewsletterDeliverySchema.class {}
NewsletterDeliverySchema.setClass(NewsletterDelivery);
