import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/** Spec §7 batched analytics events (key, data, type) and search click events. */
export const AnalyticsEventSchema = defineEntity({
  name: 'AnalyticsEvent',
  tableName: 'analytics_events',
  properties: {
    ...baseProperties,
    /** Event key, e.g. 'user.followed', 'search.predictiveResultClicked'. */
    key: p.string().length(100),
    type: p.string().length(20).nullable(),
    data: p
      .json<Record<string, unknown>>()
      .onCreate(() => ({}))
      .defaultRaw("'{}'"),
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    visitorId: p.string().length(16).nullable(),
    occurredAt: p.datetime(),
  },
  indexes: [{ properties: ['key', 'occurredAt'] }],
});
export class AnalyticsEvent extends AnalyticsEventSchema.class {}
AnalyticsEventSchema.setClass(AnalyticsEvent);
