import { defineEntity, p } from '@mikro-orm/core';
import { NewsletterType } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { Collection } from '../publications/collection.entity';
import { User } from '../users/user.entity';

/** Spec §3 NewsletterV3 {id, name, slug}: an author's or a publication's email newsletter, at most one each. */
export const NewsletterSchema = defineEntity({
  name: 'Newsletter',
  tableName: 'newsletters',
  properties: {
    ...baseProperties,
    name: p.string().length(100),
    slug: p.string().length(120).index(),
    type: enumOf(NewsletterType),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').unique(),
    collection: () => p.manyToOne(Collection).nullable().deleteRule('cascade').unique(),
    description: p.string().length(500).default(''),
    subscriberCount: p.integer().default(0),
    /** Opens (a pixel) and clicks (signed redirects) are counted only when the newsletter's owner allows it. */
    trackEngagement: p.boolean().default(true),
  },
});
export class Newsletter extends NewsletterSchema.class {}
NewsletterSchema.setClass(Newsletter);
