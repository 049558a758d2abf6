import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Tag } from '../posts/tag.entity';
import { User } from '../users/user.entity';

/** A user follows a topic or tag (spec §9 YOUR_TOPICS, Tag.followerCount). */
export const FollowTagSchema = defineEntity({
  name: 'FollowTag',
  tableName: 'follow_tags',
  properties: {
    ...baseProperties,
    follower: () => p.manyToOne(User).deleteRule('cascade'),
    tag: () => p.manyToOne(Tag).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['follower', 'tag'] }],
});
export class FollowTag extends FollowTagSchema.class {}
FollowTagSchema.setClass(FollowTag);
