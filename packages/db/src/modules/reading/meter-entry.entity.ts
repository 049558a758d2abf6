import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/**
 * Spec §3 metering info postIds and §4 meter state: a members-only story counted against a signed-in reader's
 * monthly free stories. readerKey is 'user:{id}' ('visitor:{id}' rows are from before visitors stopped being
 * metered); networkKey is the network the story was given to, for the per-network monthly ceiling.
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
    /** The reader's network when the story was counted: 'a.b.c.0/24' or the first 64 bits of an IPv6 address. */
    networkKey: p.string().length(45).nullable(),
  },
  uniques: [{ properties: ['readerKey', 'monthKey', 'post'] }],
  indexes: [{ properties: ['networkKey', 'monthKey'] }],
});
export class MeterEntry extends MeterEntrySchema.class {}
MeterEntrySchema.setClass(MeterEntry);
