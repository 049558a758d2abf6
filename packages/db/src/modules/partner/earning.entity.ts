import { defineEntity, p } from '@mikro-orm/core';
import { Currency } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** A Partner Program writer's earnings for a period, per story (post null for adjustments). */
export const EarningSchema = defineEntity({
  name: 'Earning',
  tableName: 'earnings',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    post: () => p.manyToOne(Post).nullable().deleteRule('set null').index(),
    periodStart: p.date(),
    periodEnd: p.date(),
    /** Cents. */
    amount: p.integer(),
    currency: enumOf(Currency).default('USD'),
    memberReadingSeconds: p.bigint('number').default(0),
    /** A referrer's share of referred members' revenue (post null), apart from a deleted story's rows. */
    referral: p.boolean().default(false),
  },
  uniques: [{ properties: ['user', 'post', 'periodStart'] }],
  // periodStart alone: a day's ledger is replaced by day.
  indexes: [{ properties: ['user', 'periodStart'] }, { properties: ['periodStart'] }],
});
export class Earning extends EarningSchema.class {}
EarningSchema.setClass(Earning);
