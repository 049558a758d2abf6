import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/**
 * Spec §3 metering info postIds and §4 meter state: a members-only story counted against a reader's monthly free
 * stories. readerKey is 'user:{id}' or 'visitor:{id}', so one unique key covers both kinds of reader.
 */
export const MeterEntrySchema = defineEntity({
  name: 'MeterEntry',
  tableName: 'meter_entries',
  properties: {
    ...baseProperties,
    readerKey: p.string().length(40),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    visitorId: p.string().length(16).nullable(),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    /** UTC month, 'YYYY-MM'. */
    monthKey: p.string().length(7),
  },
  uniques: [{ properties: ['readerKey', 'monthKey', 'post'] }],
});
export class MeterEntry extends MeterEntrySchema.class {}
MeterEntrySchema.setClass(MeterEntry);
