import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';

/**
 * One computed day of the Partner Program ledger: the money that came in for the day and where it went. The
 * day's `earnings` rows add up to `allocated` exactly; recomputing the day replaces both in one transaction.
 */
export const EarningDaySchema = defineEntity({
  name: 'EarningDay',
  tableName: 'earning_days',
  properties: {
    ...baseProperties,
    /** The UTC day. */
    day: p.date().unique(),
    /** Cents: members' net subscription revenue attributed to the day. */
    revenue: p.bigint('number').default(0),
    /** Cents: what the day's ledger rows add up to (reading shares and referral shares). */
    allocated: p.bigint('number').default(0),
    /** Cents of `allocated` paid to referrers. */
    referrals: p.bigint('number').default(0),
    /** Members with revenue attributed to the day. */
    members: p.integer().default(0),
    /** Of them, members whose reading earned writers something. */
    readers: p.integer().default(0),
    /** Ledger rows written for the day. */
    rows: p.integer().default(0),
    computedAt: p.datetime(),
    durationMs: p.integer().default(0),
  },
});
export class EarningDay extends EarningDaySchema.class {}
EarningDaySchema.setClass(EarningDay);
