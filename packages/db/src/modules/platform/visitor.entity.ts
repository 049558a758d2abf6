import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';

/** Spec §3 Visitor (id, isBot, geolocation.country): an anonymous browser, keyed by the id in its cookie. */
export const VisitorSchema = defineEntity({
  name: 'Visitor',
  tableName: 'visitors',
  properties: {
    ...baseProperties,
    isBot: p.boolean().default(false),
    /** ISO 3166-1 alpha-2. */
    geolocationCountry: p.string().length(2).nullable(),
    firstSeenAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    lastSeenAt: p.datetime().nullable(),
  },
});
export class Visitor extends VisitorSchema.class {}
VisitorSchema.setClass(Visitor);
