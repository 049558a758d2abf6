import type { EntityManager } from '@mikro-orm/postgresql';
import { Notification, type NotificationRollupItem, type Post, type User } from '@quire/db';
import { type NotificationType, notificationActivityType } from '@quire/domain';
import { WRITERS } from './demo-content';
import type { DemoPlan } from './demo-plan';

const HOUR = 3_600_000;

/** Demo writers whose bell shows something: the first three and the Partner Program writer. */
export const NOTIFIED_USERNAMES = [
  ...new Set([...WRITERS.slice(0, 3).map((w) => w.username), WRITERS.find((w) => w.partner)!.username]),
];

interface Refs {
  plan: DemoPlan;
  user: (username: string) => User;
  posts: Map<string, Post>;
  now: number;
}

/**
 * Seeds a handful of notifications for a few demo writers (spec §2 Notifications): a follow rollup, clap
 * rollups, responses, a story by someone they follow, a tax reminder for the Partner Program writer. The
 * oldest are already read (a week old, before notificationsLastViewedAt) so the popover shows both states.
 * Idempotent: a writer who already has notifications gets none. Returns the number of rows created.
 */
export async function seedDemoNotifications(em: EntityManager, refs: Refs): Promise<number> {
  const { plan, user, posts, now } = refs;
  const recipients = NOTIFIED_USERNAMES.map(user);
  const already = new Set(
    (
      await em.find(
        Notification,
        { recipient: { $in: recipients.map((r) => r.id) } },
        { fields: ['recipient'] },
      )
    ).map((n) => n.recipient.id),
  );
  let created = 0;
  const add = (
    recipient: User,
    type: NotificationType,
    hoursAgo: number,
    fields: { actor?: User | null; post?: Post | null; responsePost?: Post | null; rollup?: User[] } = {},
  ) => {
    const occurredAt = new Date(now - hoursAgo * HOUR);
    const rollupItems: NotificationRollupItem[] = (fields.rollup ?? []).map((actor, i) => ({
      actorId: actor.id,
      occurredAt: new Date(occurredAt.getTime() - i * HOUR).toISOString(),
    }));
    em.create(Notification, {
      recipient,
      notificationType: type,
      activityType: notificationActivityType(type),
      actor: fields.actor ?? fields.rollup?.[0] ?? null,
      rollupKey: type.endsWith('_rollup') ? `${type}:${fields.post?.id ?? 'recipient'}` : null,
      // Newest first in the list means oldest first in storage (notify appends).
      rollupItems: rollupItems.reverse(),
      post: fields.post ?? null,
      responsePost: fields.responsePost ?? null,
      occurredAt,
      createdAt: occurredAt,
      updatedAt: occurredAt,
    });
    created += 1;
  };

  for (const recipient of recipients) {
    if (already.has(recipient.id)) continue;
    const before = created;
    const name = recipient.username;
    const stories = plan.posts.filter((p) => p.author === name && p.kind === 'story' && posts.has(p.id));
    const followers = plan.followUsers.filter(([, target]) => target === name).map(([f]) => user(f));
    const followed = plan.followUsers.filter(([follower]) => follower === name).map(([, t]) => t);
    const responses = plan.posts.filter((p) => {
      const parent = p.inResponseTo ? plan.posts.find((q) => q.id === p.inResponseTo) : null;
      return p.kind === 'response' && parent?.author === name && p.author !== name;
    });

    if (followers.length > 1)
      add(recipient, 'users_following_you_rollup', 2, { rollup: followers.slice(0, 4) });
    else if (followers[0]) add(recipient, 'users_following_you', 2, { actor: followers[0] });
    responses.slice(0, 2).forEach((response, i) => {
      add(recipient, 'response_created', 5 + i * 20, {
        actor: user(response.author),
        post: posts.get(response.inResponseTo!)!,
        responsePost: posts.get(response.id)!,
      });
    });
    const clapped = stories.find((s) => plan.claps.filter((c) => c.postId === s.id).length > 1);
    if (clapped) {
      const clappers = plan.claps.filter((c) => c.postId === clapped.id).map((c) => user(c.username));
      add(recipient, 'post_recommended_rollup', 9, {
        post: posts.get(clapped.id)!,
        rollup: clappers.slice(0, 5),
      });
    }
    const news = plan.posts.find((p) => p.kind === 'story' && followed.includes(p.author) && posts.has(p.id));
    if (news) add(recipient, 'post_published', 30, { actor: user(news.author), post: posts.get(news.id)! });
    // Read ones, from before the bell was last opened (older than 5 days: shown with a full date).
    if (stories[0] && followers[0])
      add(recipient, 'post_recommended', 24 * 8, {
        actor: followers.at(-1)!,
        post: posts.get(stories[0].id)!,
      });
    if (name === WRITERS.find((w) => w.partner)!.username) add(recipient, 'tax_not_submitted_day_one', 3);
    if (created > before) recipient.notificationsLastViewedAt = new Date(now - 24 * 7 * HOUR);
  }
  return created;
}
