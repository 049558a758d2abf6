import { defineEntity, p } from '@mikro-orm/core';
import { NEWSLETTER_EMAIL_STATUSES, type PostContent } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';
import { Newsletter } from './newsletter.entity';

/**
 * A newsletter issue: a story emailed to a newsletter's subscribers once, or an email composed for them alone
 * (no post; its subject and body kept here). Its recipients are NewsletterDelivery rows; the counts are theirs.
 */
export const NewsletterEmailSchema = defineEntity({
  name: 'NewsletterEmail',
  tableName: 'newsletter_emails',
  properties: {
    ...baseProperties,
    newsletter: () => p.manyToOne(Newsletter).deleteRule('cascade'),
    post: () => p.manyToOne(Post).nullable().deleteRule('cascade').index(),
    /** Who composed or sent it. */
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    subject: p.string().length(300).default(''),
    /** A composed email's text, in the editor's paragraph model; null for a story sent as an issue. */
    body: p.json<PostContent>().nullable(),
    status: enumOf(NEWSLETTER_EMAIL_STATUSES).default('DRAFT'),
    queuedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    recipientCount: p.integer().default(0),
    deliveredCount: p.integer().default(0),
    bouncedCount: p.integer().default(0),
    openCount: p.integer().default(0),
    clickCount: p.integer().default(0),
    unsubscribeCount: p.integer().default(0),
  },
  uniques: [{ properties: ['newsletter', 'post'] }],
  indexes: [{ properties: ['newsletter', 'createdAt'] }],
});
export class NewsletterEmail extends NewsletterEmailSchema.class {}
NewsletterEmailSchema.setClass(NewsletterEmail);
