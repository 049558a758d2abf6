import type { TriggerDef } from '@mikro-orm/core';

/*
 * Triggers follower_changes_users and follower_changes_collections (migration stats_daily): each follow row
 * inserted or deleted logs +1 or -1 in follower_changes through function follower_changes_log. Declared on
 * FollowUser and FollowCollection by name so schema diffs keep them; the SQL must stay equal to the migration's.
 */
export const STATS_TRIGGERS: Record<'followUsers' | 'followCollections', TriggerDef> = {
  followUsers: {
    name: 'follower_changes_users',
    timing: 'after',
    events: ['insert', 'delete'],
    forEach: 'row',
    expression: `create trigger "follower_changes_users" after insert or delete on "follow_users" for each row execute function "follower_changes_log"('USER')`,
  },
  followCollections: {
    name: 'follower_changes_collections',
    timing: 'after',
    events: ['insert', 'delete'],
    forEach: 'row',
    expression: `create trigger "follower_changes_collections" after insert or delete on "follow_collections" for each row execute function "follower_changes_log"('COLLECTION')`,
  },
};
