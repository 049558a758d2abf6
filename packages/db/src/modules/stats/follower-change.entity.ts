import { defineEntity, p } from '@mikro-orm/core';

/** Whom a follower change is about: a writer (follow_users) or a publication (follow_collections). */
export const FollowerSubjectKind = ['USER', 'COLLECTION'] as const;

/**
 * One follow (+1) or unfollow (-1) of a writer or publication, written by triggers follower_changes_users and
 * follower_changes_collections (stats-triggers.ts): follow rows are deleted on unfollow, so this log is what
 * tells followers lost. Ids are plain text, not foreign keys, so no deletion cascading from a writer or a
 * publication is refused by its log; rows of a deleted subject are never read.
 */
export const FollowerChangeSchema = defineEntity({
  name: 'FollowerChange',
  tableName: 'follower_changes',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    subjectId: p.string().length(16),
    subjectKind: p.enum(FollowerSubjectKind),
    /** 1 for a new follower, -1 for one gone. */
    delta: p.smallint(),
    occurredAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ properties: ['occurredAt'] }, { properties: ['subjectId', 'occurredAt'] }],
});
export class FollowerChange extends FollowerChangeSchema.class {}
FollowerChangeSchema.setClass(FollowerChange);
