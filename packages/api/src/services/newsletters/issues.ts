import type { EntityManager } from '@mikro-orm/postgresql';
import { type Newsletter, NewsletterEmail, newId, type Post, type User } from '@quire/db';
import type { PostContent } from '@quire/domain';
import { allows } from '../../policies';
import { newsletterSubject, writerNewsletter } from './core';

export interface QueueIssueInput {
  newsletter: Newsletter;
  /** The story sent as the issue, or null for an email composed for the subscribers alone. */
  post: Post | null;
  subject: string;
  /** A composed email's text; null for a story. */
  body: PostContent | null;
  createdBy: User | null;
}

/**
 * Queues an issue inside the caller's transaction: the fan-out job writes its recipients. A story already queued
 * or sent to this newsletter is not queued again (the unique newsletter and post pair); its row is returned.
 */
export async function queueIssue(em: EntityManager, input: QueueIssueInput): Promise<NewsletterEmail> {
  const values = {
    id: newId(),
    newsletter: input.newsletter.id,
    post: input.post?.id ?? null,
    createdBy: input.createdBy?.id ?? null,
    subject: input.subject.slice(0, 300),
    body: input.body,
    status: 'QUEUED' as const,
    queuedAt: new Date(),
  };
  if (!input.post) {
    const email = em.create(NewsletterEmail, values as never);
    await em.flush();
    return email;
  }
  // A story twice (a republish, two publishes at once) stays one issue: the loser reads the winner's row.
  await em
    .createQueryBuilder(NewsletterEmail)
    .insert({ ...values, body: input.body ? JSON.stringify(input.body) : null } as never)
    .onConflict(['newsletter', 'post'])
    .ignore()
    .execute();
  return em.findOneOrFail(NewsletterEmail, { newsletter: input.newsletter.id, post: input.post.id });
}

/**
 * Spec §1: a story first published publicly or members-only (not unlisted, not a response) goes to its writer's
 * subscribers, unless the writer turned that off for it in the publish dialog; queued in the publish transaction.
 * A writer without a newsletter, or whom the policy does not let send (a suspended account), queues nothing.
 */
export async function mailNewStory(em: EntityManager, post: Post, opts: { firstPublish: boolean }) {
  if (!opts.firstPublish || !post.emailSubscribers || post.inResponseToPost) return null;
  if (post.status !== 'PUBLISHED' || post.visibility === 'UNLISTED') return null;
  const newsletter = await writerNewsletter(em, post.creator.id);
  if (!newsletter) return null;
  if (!(await allows(em, post.creator, 'sendNewsletter', newsletterSubject(newsletter)))) return null;
  return queueIssue(em, {
    newsletter,
    post,
    subject: post.title,
    body: null,
    createdBy: post.creator,
  });
}
