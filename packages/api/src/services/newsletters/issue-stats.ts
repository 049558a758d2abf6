import type { EntityManager } from '@mikro-orm/postgresql';
import { NewsletterEmail, type User } from '@quire/db';
import { newsletterAccessTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce, LISTED_STORY } from '../../policies';
import { postPath } from '../posts';
import { findNewsletter, newsletterSubject } from './core';

/** Issues per page of the stats table. */
export const ISSUES_PAGE = 25;

async function newsletterFor(
  em: EntityManager,
  viewer: User | null,
  id: string,
  action: 'manageNewsletter' | 'viewNewsletter',
) {
  const newsletter = await findNewsletter(em, id);
  if (!newsletter) throw new TRPCError({ code: 'NOT_FOUND', message: newsletterAccessTexts.notFound });
  await enforce(em, viewer, action, newsletterSubject(newsletter));
  return newsletter;
}

/**
 * Spec §2 /newsletters/{newsletterV3Id}/stats: each issue queued or sent, newest first, with its counts, to the
 * newsletter's managers (anyone else: 404). Opens and clicks are null where the newsletter does not track them.
 */
export async function newsletterIssueStats(
  em: EntityManager,
  viewer: User | null,
  input: { newsletterId: string; cursor?: string | null },
) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId, 'manageNewsletter');
  const before = input.cursor
    ? await em.findOne(NewsletterEmail, { id: input.cursor, newsletter: newsletter.id })
    : null;
  const issues = await em.find(
    NewsletterEmail,
    {
      newsletter: newsletter.id,
      status: { $ne: 'DRAFT' },
      ...(before
        ? {
            $or: [
              { createdAt: { $lt: before.createdAt } },
              { createdAt: before.createdAt, id: { $lt: before.id } },
            ],
          }
        : {}),
    },
    {
      populate: ['post', 'post.creator', 'post.collection'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: ISSUES_PAGE + 1,
    },
  );
  const page = issues.slice(0, ISSUES_PAGE);
  const tracked = newsletter.trackEngagement;
  return {
    newsletter: {
      id: newsletter.id,
      name: newsletter.name,
      trackEngagement: tracked,
      subscriberCount: newsletter.subscriberCount,
    },
    issues: page.map((issue) => ({
      id: issue.id,
      subject: issue.subject || issue.post?.title || '',
      postPath:
        issue.post && !issue.post.deletedAt && issue.post.status === 'PUBLISHED'
          ? postPath(issue.post)
          : null,
      status: issue.status,
      sentAt: issue.sentAt?.toISOString() ?? null,
      queuedAt: (issue.queuedAt ?? issue.createdAt).toISOString(),
      recipients: issue.recipientCount,
      delivered: issue.deliveredCount,
      bounced: issue.bouncedCount,
      opens: tracked ? issue.openCount : null,
      clicks: tracked ? issue.clickCount : null,
      unsubscribes: issue.unsubscribeCount,
    })),
    nextCursor: issues.length > ISSUES_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * Spec §2 /_api/newsletters/{newsletterV3Id}/posts: the newsletter's past issues that are public stories, newest
 * first, to anyone who may see the newsletter. Composed emails and members-only or unlisted stories are not listed.
 */
export async function newsletterPastPosts(
  em: EntityManager,
  viewer: User | null,
  input: { newsletterId: string },
) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId, 'viewNewsletter');
  const issues = await em.find(
    NewsletterEmail,
    { newsletter: newsletter.id, status: 'SENT', post: { ...LISTED_STORY, visibility: 'PUBLIC' } },
    {
      populate: ['post', 'post.creator', 'post.collection'],
      orderBy: { sentAt: 'desc', id: 'desc' },
      limit: 50,
    },
  );
  return {
    newsletter: { id: newsletter.id, name: newsletter.name, slug: newsletter.slug },
    posts: issues.map((issue) => {
      const post = issue.post!;
      return {
        id: post.id,
        title: post.title,
        subtitle: post.subtitle ?? null,
        mediumUrl: postPath(post),
        firstPublishedAt: post.firstPublishedAt?.toISOString() ?? null,
        sentAt: (issue.sentAt ?? issue.createdAt).toISOString(),
      };
    }),
  };
}
