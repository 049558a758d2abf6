import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Catalog } from '../lists/catalog.entity';
import { Post } from '../posts/post.entity';
import { Collection } from '../publications/collection.entity';
import { Highlight } from '../social/highlight.entity';
import { Note } from '../social/note.entity';
import { NoteReply } from '../social/note-reply.entity';
import { User } from '../users/user.entity';

/** One actor folded into a rolled-up notification (spec §3 Notification.rollupItems[].actor). */
export interface NotificationRollupItem {
  actorId: string;
  occurredAt: string;
}

/**
 * Spec §3 Notification and §9 notification types (e.g. 'response_created', 'quote_rollup', 'tax_failed_tin_final').
 * Rows sharing a rollupKey are folded into one while unread; unread means occurredAt after User.notificationsLastViewedAt.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    ...baseProperties,
    recipient: () => p.manyToOne(User).deleteRule('cascade'),
    notificationType: p.string().length(64),
    /** Widget filter (spec §7 NotificationsWidgetQuery activityTypes). */
    activityType: p.string().length(64),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    rollupKey: p.string().length(200).nullable(),
    rollupItems: p
      .json<NotificationRollupItem[]>()
      .onCreate(() => [])
      .defaultRaw("'[]'"),
    post: () => p.manyToOne(Post).nullable().deleteRule('cascade').index(),
    collection: () => p.manyToOne(Collection).nullable().deleteRule('cascade').index(),
    catalog: () => p.manyToOne(Catalog).nullable().deleteRule('cascade').index(),
    quote: () => p.manyToOne(Highlight).nullable().deleteRule('cascade').index(),
    note: () => p.manyToOne(Note).nullable().deleteRule('cascade').index(),
    noteReply: () => p.manyToOne(NoteReply).nullable().deleteRule('cascade').index(),
    responsePost: () => p.manyToOne(Post).nullable().deleteRule('cascade').index(),
    /** Milestone number for milestone notifications (e.g. 100 claps). */
    milestoneArg: p.integer().nullable(),
    occurredAt: p.datetime(),
    readAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'notifications_recipient_id_occurred_at_index',
      properties: ['recipient', 'occurredAt'],
      columns: [{ name: 'recipient_id' }, { name: 'occurred_at', sort: 'desc' }],
    },
    { properties: ['recipient', 'rollupKey'] },
  ],
});
export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);
