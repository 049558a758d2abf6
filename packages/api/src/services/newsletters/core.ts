import type { EntityManager } from '@mikro-orm/postgresql';
import { Newsletter, NewsletterSubscription, newId, type User } from '@quire/db';
import { normalizeEmail } from '@quire/domain';
import type { NewsletterSubject } from '../../policies';

/*
 * What every part of newsletters shares: the subject the policy reads, a writer's newsletter (made on first
 * use), and who an issue goes to. Subscribing, sending and the back office build on these.
 */

/** The newsletter as the policy's rules read it; its publication must be loaded (id, visibility, archivedAt). */
export function newsletterSubject(newsletter: Newsletter): NewsletterSubject {
  const collection = newsletter.collection;
  return {
    user: newsletter.user ? { id: newsletter.user.id } : null,
    collection: collection
      ? { id: collection.id, visibility: collection.visibility, archivedAt: collection.archivedAt }
      : null,
  };
}

/** A newsletter by id with what the policy reads, or null. */
export function findNewsletter(em: EntityManager, id: string): Promise<Newsletter | null> {
  return em.findOne(Newsletter, { id }, { populate: ['user', 'collection'] });
}

/** A writer's newsletter, or null while they have none. */
export function writerNewsletter(em: EntityManager, userId: string): Promise<Newsletter | null> {
  return em.findOne(Newsletter, { user: userId }, { populate: ['user'] });
}

/**
 * A writer's newsletter, made the first time it is needed (spec §7 lazily-enable-writer-subscription): named
 * after the writer, at their username. Two first uses at once make one (the unique user column; the loser reads
 * the winner's row).
 */
export async function ensureWriterNewsletter(
  em: EntityManager,
  writer: Pick<User, 'id' | 'name' | 'username'>,
): Promise<Newsletter> {
  const existing = await writerNewsletter(em, writer.id);
  if (existing) return existing;
  await em
    .createQueryBuilder(Newsletter)
    .insert({
      id: newId(),
      name: (writer.name || writer.username).slice(0, 100),
      slug: writer.username.slice(0, 120),
      type: 'AUTHOR',
      user: writer.id,
    })
    .onConflict(['user'])
    .ignore()
    .execute();
  return (await writerNewsletter(em, writer.id))!;
}

/**
 * The subscriptions an issue goes to: confirmed, not unsubscribed, and not at an address that bounced or
 * complained. Read in pages by id, so a newsletter of any size is walked without holding it all.
 */
export async function activeSubscriptions(
  em: EntityManager,
  newsletterId: string,
  opts: { after?: string; limit: number },
): Promise<NewsletterSubscription[]> {
  // A suppressed address is left out here; the sender checks again at send time.
  const rows: { id: string }[] = await em.getConnection().execute(
    `select s.id from newsletter_subscriptions s
      where s.newsletter_id = ? and s.confirmed_at is not null and s.unsubscribed_at is null and s.id > ?
        and not exists (select 1 from email_suppressions x where x.address = s.email)
      order by s.id limit ?`,
    [newsletterId, opts.after ?? '', opts.limit],
  );
  if (!rows.length) return [];
  return em.find(
    NewsletterSubscription,
    { id: { $in: rows.map((r) => r.id) } },
    { orderBy: { id: 'asc' }, populate: ['user'] },
  );
}

/** The address a subscription's emails go to, normalised the way subscriptions are keyed. */
export const subscriptionAddress = (email: string) => normalizeEmail(email);
