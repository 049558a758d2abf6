import type { EntityManager } from '@mikro-orm/postgresql';
import { NewsletterDelivery } from '@quire/db';

/*
 * What a recipient does with an issue, from its signed links (apps/server/src/newsletter-email-routes.ts checks
 * the signatures): unsubscribing from the subscription it went to, opening it (the pixel) and clicking a link.
 * Each is counted once per delivery, by a conditional update, so repeats and races count nothing more; opens and
 * clicks only where the newsletter tracks them.
 */

/** The delivery a signed link names, with its issue's newsletter; null when it no longer exists. */
export function deliveryForLink(em: EntityManager, deliveryId: string) {
  return em.findOne(NewsletterDelivery, deliveryId, { populate: ['email.newsletter', 'subscription'] });
}

/**
 * RFC 8058 one-click unsubscribe from the subscription a delivery went to: the subscription ends (the newsletter's
 * count drops by one if it was active), and the issue counts one unsubscribe. Answers the newsletter's name.
 */
export async function unsubscribeByDelivery(em: EntityManager, deliveryId: string, now: Date) {
  return em.transactional(async (tx) => {
    const delivery = await deliveryForLink(tx, deliveryId);
    if (!delivery) return null;
    const newsletter = delivery.email.newsletter;
    if (delivery.subscription) {
      const left = await tx.execute<{ was_active: boolean }[]>(
        `update newsletter_subscriptions set unsubscribed_at = ?, confirm_token_hash = null, updated_at = ?
          where id = ? and unsubscribed_at is null returning (confirmed_at is not null) as was_active`,
        [now, now, delivery.subscription.id],
      );
      if (left[0]?.was_active)
        await tx.execute(
          `update newsletters set subscriber_count = greatest(subscriber_count - 1, 0), updated_at = now()
            where id = ?`,
          [newsletter.id],
        );
    }
    const counted = await tx.execute<{ id: string }[]>(
      `update newsletter_deliveries set unsubscribed_at = ? where id = ? and unsubscribed_at is null returning id`,
      [now, deliveryId],
    );
    if (counted.length)
      await tx.execute(
        'update newsletter_emails set unsubscribe_count = unsubscribe_count + 1 where id = ?',
        [delivery.email.id],
      );
    return { newsletterName: newsletter.name };
  });
}

/** Counts the first open of a delivery (the pixel), when its newsletter tracks engagement. */
export function recordOpen(em: EntityManager, deliveryId: string, now: Date) {
  return countFirst(em, deliveryId, 'opened_at', 'open_count', now);
}

/** Counts the first click of a delivery, when its newsletter tracks engagement. */
export function recordClick(em: EntityManager, deliveryId: string, now: Date) {
  return countFirst(em, deliveryId, 'clicked_at', 'click_count', now);
}

/** Sets the delivery's first-time column and bumps the counter, once, and only for a tracked newsletter. */
async function countFirst(
  em: EntityManager,
  deliveryId: string,
  column: 'opened_at' | 'clicked_at',
  counter: 'open_count' | 'click_count',
  now: Date,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ email_id: string }[]>(
      `update newsletter_deliveries d set ${column} = ?
         from newsletter_emails e join newsletters n on n.id = e.newsletter_id
        where d.id = ? and d.${column} is null and e.id = d.email_id and n.track_engagement
        returning d.email_id`,
      [now, deliveryId],
    );
    const emailId = rows[0]?.email_id;
    if (emailId)
      await tx.execute(`update newsletter_emails set ${counter} = ${counter} + 1 where id = ?`, [emailId]);
    return !!emailId;
  });
}
