import { defineEntity, p } from '@mikro-orm/core';
import { MeterState, ReadEventKind } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** A story view or read (spec §4 read tracking), for stats and Partner Program member reading time. */
export const ReadEventSchema = defineEntity({
  name: 'ReadEvent',
  tableName: 'read_events',
  properties: {
    ...baseProperties,
    post: () => p.manyToOne(Post).deleteRule('cascade'),
    // Stats survive the reader's account.
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Visitor cookie id (Visitor.id), kept as plain text so purging visitors leaves stats intact. */
    visitorId: p.string().length(16).nullable(),
    kind: enumOf(ReadEventKind),
    occurredAt: p.datetime(),
    readingSeconds: p.integer().default(0),
    isMember: p.boolean().default(false),
    referrer: p.string().length(2048).nullable(),
    /** Spec §4 meter state of a view (paywalled, member, metered, not_metered), for analytics. */
    meterState: enumOf(MeterState).nullable(),
    /** Source-tracking string (spec §7 analytics source fields). */
    source: p.string().length(500).nullable(),
  },
  indexes: [{ properties: ['post', 'occurredAt'] }, { properties: ['user', 'occurredAt'] }],
});
export class ReadEvent extends ReadEventSchema.class {}
ReadEventSchema.setClass(ReadEvent);
