import type { EntityManager } from '@mikro-orm/postgresql';
import { Newsletter, NewsletterEmail, newId, Post, type User } from '@quire/db';
import {
  NEWSLETTER_RECENT_STORIES,
  type NewNewsletterInput,
  type NewsletterSettingsInput,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { type Action, enforce, PUBLICATION_STORY } from '../../policies';
import { purgeCacheTags } from '../cache-purge';
import { managedPublication, publicationFor } from '../publication-admin/people';
import { findNewsletter, newsletterSubject } from './core';

/*
 * A newsletter's back office: a publication's newsletter made once by its editors, its settings, and the
 * numbers the pages show. Every read and write asks the policy (manageNewsletter, or managePublication to
 * create one).
 */

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });

/** The newsletter by id, for a viewer the rule allows (a missing one and a refused one are alike: NOT_FOUND). */
export async function newsletterFor(
  em: EntityManager,
  viewer: User,
  newsletterId: string,
  action: Extract<Action, 'manageNewsletter' | 'sendNewsletter'> = 'manageNewsletter',
): Promise<Newsletter> {
  const newsletter = await findNewsletter(em, newsletterId);
  if (!newsletter) throw notFound();
  await enforce(em, viewer, action, newsletterSubject(newsletter));
  return newsletter;
}

/**
 * How many addresses an issue would go to now: confirmed, still subscribed, not suppressed. Counted, not read
 * from the counter, so the number on the Send button is the number sent.
 */
export async function activeSubscriberCount(em: EntityManager, newsletterId: string): Promise<number> {
  const [row] = await em.getConnection().execute<{ n: string }[]>(
    `select count(*) as n from newsletter_subscriptions s
      where s.newsletter_id = ? and s.confirmed_at is not null and s.unsubscribed_at is null
        and not exists (select 1 from email_suppressions x where x.address = s.email)`,
    [newsletterId],
  );
  return Number(row?.n ?? 0);
}

/** Spec §2 /{collectionSlug}/new-newsletter: the publication, and its newsletter when it has one already. */
export async function publicationNewsletter(em: EntityManager, viewer: User, slug: string) {
  const publication = await managedPublication(em, viewer, { slug });
  const newsletter = await em.findOne(Newsletter, { collection: publication.id });
  return {
    publication: { id: publication.id, name: publication.name, slug: publication.slug },
    newsletter: newsletter ? { id: newsletter.id, slug: newsletter.slug, name: newsletter.name } : null,
  };
}

/**
 * Makes a publication's newsletter (spec §3 NewsletterV3, type COLLECTION) at the publication's slug. A
 * publication has one: two creations at once meet at the unique collection column and make one; the second
 * is told it exists.
 */
export async function createPublicationNewsletter(
  em: EntityManager,
  viewer: User,
  input: NewNewsletterInput,
) {
  const publication = await managedPublication(em, viewer, { id: input.collectionId });
  const inserted = await em
    .createQueryBuilder(Newsletter)
    .insert({
      id: newId(),
      name: input.name,
      slug: publication.slug,
      type: 'COLLECTION',
      collection: publication.id,
      description: input.description,
    })
    .onConflict(['collection'])
    .ignore()
    .execute('run');
  if (!inserted.affectedRows) throw new TRPCError({ code: 'CONFLICT', message: texts.alreadyExists });
  // The publication's pages show it at once (its menu's Newsletter item, its Subscribe button).
  await purgeCacheTags(em, [`collection-${publication.id}`]);
  const created = await em.findOneOrFail(Newsletter, { collection: publication.id });
  return { id: created.id, slug: created.slug, collectionSlug: publication.slug };
}

/** The publication's latest published stories, each with whether it went out as an issue. */
async function recentStories(em: EntityManager, newsletter: Newsletter) {
  if (!newsletter.collection) return [];
  const posts = await em.find(
    Post,
    { $and: [PUBLICATION_STORY, { collection: newsletter.collection.id }] },
    {
      fields: ['id', 'title', 'latestPublishedAt', 'isLocked'],
      orderBy: { latestPublishedAt: 'desc', id: 'desc' },
      limit: NEWSLETTER_RECENT_STORIES,
    },
  );
  const sent = posts.length
    ? await em.find(
        NewsletterEmail,
        { newsletter: newsletter.id, post: { $in: posts.map((p) => p.id) } },
        { fields: ['post', 'status'] },
      )
    : [];
  const sentPosts = new Set(sent.map((e) => e.post?.id));
  return posts.map((p) => ({
    id: p.id,
    title: p.title || 'Untitled',
    publishedAt: p.latestPublishedAt?.toISOString() ?? null,
    isLocked: p.isLocked,
    isSent: sentPosts.has(p.id),
  }));
}

/** Spec §2 /{collectionSlug}/newsletters/{newsletterSlug}/settings, for who manages it. */
export async function newsletterSettings(
  em: EntityManager,
  viewer: User,
  where: { slug: string; newsletterSlug?: string | null | undefined },
) {
  const publication = await publicationFor(em, { slug: where.slug });
  const found = await em.findOne(Newsletter, { collection: publication.id });
  if (!found || (where.newsletterSlug && found.slug !== where.newsletterSlug)) throw notFound();
  const newsletter = await newsletterFor(em, viewer, found.id);
  const [subscriberCount, stories] = await Promise.all([
    activeSubscriberCount(em, newsletter.id),
    recentStories(em, newsletter),
  ]);
  return {
    id: newsletter.id,
    name: newsletter.name,
    slug: newsletter.slug,
    description: newsletter.description,
    trackEngagement: newsletter.trackEngagement,
    subscriberCount,
    publication: { id: publication.id, name: publication.name, slug: publication.slug },
    stories,
  };
}

/** Saves the settings form. */
export async function updateNewsletter(em: EntityManager, viewer: User, input: NewsletterSettingsInput) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId);
  newsletter.name = input.name;
  newsletter.description = input.description;
  newsletter.trackEngagement = input.trackEngagement;
  await em.flush();
  return {
    message: texts.saved,
    id: newsletter.id,
    name: newsletter.name,
    description: newsletter.description,
    trackEngagement: newsletter.trackEngagement,
  };
}

/** What the import, export and compose pages show of a newsletter: its name, where it lives, its audience. */
export async function newsletterSummary(em: EntityManager, newsletter: Newsletter) {
  const collection = newsletter.collection;
  return {
    id: newsletter.id,
    name: newsletter.name,
    slug: newsletter.slug,
    type: newsletter.type,
    publication: collection ? { id: collection.id, name: collection.name, slug: collection.slug } : null,
    subscriberCount: await activeSubscriberCount(em, newsletter.id),
  };
}
