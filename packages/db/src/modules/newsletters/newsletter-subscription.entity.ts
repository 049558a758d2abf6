import { defineEntity, p } from '@mikro-orm/core';
import { NEWSLETTER_SUBSCRIPTION_SOURCES, SubscriptionEntityKind } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Newsletter } from './newsletter.entity';

/** Spec §3 viewerEdge.isSubscribedToLetters and §7 newsletter subscriptions: a reader or an imported address. */
export const NewsletterSubscriptionSchema = defineEntity({
  name: 'NewsletterSubscription',
  tableName: 'newsletter_subscriptions',
  properties: {
    ...baseProperties,
    newsletter: () => p.manyToOne(Newsletter).deleteRule('cascade'),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    /** Normalised address the issues go to. */
    email: p.string().length(254),
    entityKind: enumOf(SubscriptionEntityKind),
    /** How the address came: a reader subscribing, or a writer's import (which the address must confirm). */
    source: enumOf(NEWSLETTER_SUBSCRIPTION_SOURCES).default('READER'),
    /** SHA-256 of the confirmation link's token, while an address has not confirmed. */
    confirmTokenHash: p.string().length(64).nullable().unique(),
    confirmSentAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['newsletter', 'email'] }, { properties: ['newsletter', 'user'] }],
});
export class NewsletterSubscription extends NewsletterSubscriptionSchema.class {}
NewsletterSubscriptionSchema.setClass(NewsletterSubscription);
