import type { EntityManager } from '@mikro-orm/postgresql';
import { NewsletterEmail, type User } from '@quire/db';
import type { StatsPeriod } from '@quire/domain';
import type { TimeCursorInput } from '../../schemas';
import { periodRange, statsSeries } from './days';
import { statsPublication } from './subjects';
import { storiesPage } from './writer';

/*
 * A publication's stats for its owner and editors (spec §2 /{collectionSlug}/stats[/overview|/stories|
 * /publication-digests]): totals and daily points from collection_daily_stats, its stories summed from
 * post_daily_stats, and the digests its newsletter sent.
 */

/** The publication's numbers over a period: totals and one point a day. */
export async function publicationStats(
  em: EntityManager,
  viewer: User,
  input: { slug: string; period: StatsPeriod },
  now: Date,
) {
  const publication = await statsPublication(em, viewer, input.slug);
  const range = await periodRange(em, 'publication', publication.id, input.period, now);
  return {
    publication,
    period: input.period,
    ...(await statsSeries(em, 'publication', publication.id, range)),
  };
}

/** A page of the publication's stories (those in it now), newest first, with their sums over the period. */
export async function publicationStoriesStats(
  em: EntityManager,
  viewer: User,
  input: { slug: string; period: StatsPeriod; cursor?: TimeCursorInput },
  now: Date,
) {
  const publication = await statsPublication(em, viewer, input.slug);
  const range = await periodRange(em, 'publication', publication.id, input.period, now);
  const page = await storiesPage(
    em,
    'p.collection_id = ? and p.in_response_to_post_id is null',
    [publication.id],
    range,
    input.cursor ?? null,
  );
  return { publication, range, ...page };
}

/** The most digests the digests page lists. */
const DIGESTS_SHOWN = 100;

/** The issues the publication's newsletter sent, newest first: the story, when, to how many. */
export async function publicationDigests(em: EntityManager, viewer: User, input: { slug: string }) {
  const publication = await statsPublication(em, viewer, input.slug);
  const sent = await em.find(
    NewsletterEmail,
    { newsletter: { collection: publication.id }, sentAt: { $ne: null } },
    {
      populate: ['post'],
      fields: ['sentAt', 'recipientCount', 'subject', 'post.id', 'post.title'],
      orderBy: { sentAt: 'desc', id: 'desc' },
      limit: DIGESTS_SHOWN,
    },
  );
  return {
    publication,
    digests: sent.map((d) => ({
      id: d.id,
      sentAt: d.sentAt!.toISOString(),
      recipients: d.recipientCount,
      // A composed email has no story: its subject names it.
      story: d.post ? { id: d.post.id, title: d.post.title } : null,
      subject: d.subject,
    })),
  };
}
