import { defineEntity, p } from '@mikro-orm/core';
import { TopicVisibility } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { SEARCH_INDEXES } from '../search-indexes';

/** Spec §3 Topic and search tag hits (tagSlug, displayText, postCount): a tag, or a curated topic when isTopic. */
export const TagSchema = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  properties: {
    ...baseProperties,
    slug: p.string().length(100).unique(),
    name: p.string().length(100),
    postCount: p.integer().default(0),
    followerCount: p.integer().default(0),
    visibility: enumOf(TopicVisibility).default('PUBLIC'),
    isTopic: p.boolean().default(false),
  },
  indexes: [SEARCH_INDEXES.tags],
});
export class Tag extends TagSchema.class {}
TagSchema.setClass(Tag);
