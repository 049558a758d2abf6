import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { Newsletter } from './newsletter.entity';

/** A sent newsletter issue: a story emailed to a newsletter's subscribers, once. */
export const NewsletterEmailSchema = defineEntity({
  name: 'NewsletterEmail',
  tableName: 'newsletter_emails',
  properties: {
    ...baseProperties,
    newsletter: () => p.manyToOne(Newsletter).deleteRule('cascade'),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    sentAt: p.datetime().nullable(),
    recipientCount: p.integer().default(0),
  },
  uniques: [{ properties: ['newsletter', 'post'] }],
});
export class NewsletterEmail extends NewsletterEmailSchema.class {}
NewsletterEmailSchema.setClass(NewsletterEmail);
