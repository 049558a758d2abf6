import {
  type EntityManager,
  type FilterQuery,
  UniqueConstraintViolationException,
} from '@mikro-orm/postgresql';
import { EmailOutbox, Post, User } from '@quire/db';
import {
  DIGEST_FREQUENCY_SETTING,
  DIGEST_LATEST_NOTIFICATIONS,
  DIGEST_MAX_STORIES,
  DIGEST_USER_PAGE,
  type DigestCadence,
  type DigestKind,
  type DigestPeriod,
  digestDedupeKey,
  digestNotificationKind,
  digestPeriod,
  digestTexts,
  type EmailLinkSetting,
  emailSettingsTexts,
  type NotificationType,
  notificationEmailTexts,
} from '@quire/domain';
import { DIGEST_TEMPLATE, type DigestPayload, enqueueEmail } from '@quire/mail';
import { LISTED_STORY_SQL } from '../policies';
import { FOR_YOU_WEIGHTS } from './feed';
import { unreadInPeriod } from './notifications';
import { CARD_FIELDS, postPath } from './posts';

/*
 * The email digests (packages/domain digests.ts says which, when and under which setting). Each goes through
 * the outbox like every other email, under its setting, so the recipient's settings and the signed unsubscribe
 * link and headers apply; its dedupe key names the user and the period, so a second run, or a second worker,
 * queues nothing more.
 */

/** The setting each digest is sent under (and turned off by its unsubscribe link). */
export const DIGEST_SETTING: Record<DigestKind, EmailLinkSetting> = {
  story: DIGEST_FREQUENCY_SETTING,
  topic: 'emailTopicDigest',
  notification: 'emailsEnabled',
};

/** Spec §2 /me/notifications: where the notification digest sends its reader. */
const NOTIFICATIONS_PATH = '/me/notifications';

/** Who gets each digest at a cadence (on top of a live account with an address and all emails allowed). */
function recipientsOf(kind: DigestKind, cadence: DigestCadence): FilterQuery<User> | null {
  if (kind === 'story') return { emailDigestFrequency: cadence };
  // The topic digest alone is weekly, for readers whose story digest (which has it as a section) is off.
  if (kind === 'topic')
    return cadence === 'WEEKLY' ? { emailDigestFrequency: 'OFF', emailTopicDigest: true } : null;
  // Notification digests follow the story digest's cadence, weekly when it is off.
  return {
    emailsEnabled: true,
    emailDigestFrequency: cadence === 'DAILY' ? 'DAILY' : { $in: ['WEEKLY', 'OFF'] },
  };
}

/** The users a digest may go to, in id order after `afterId`, one page at a time. */
function recipientsPage(em: EntityManager, where: FilterQuery<User>, afterId: string, limit: number) {
  return em.find(
    User,
    {
      ...(where as object),
      id: { $gt: afterId },
      isDeleted: false,
      isSuspended: false,
      email: { $ne: null },
      allowAllEmails: true,
    } as FilterQuery<User>,
    { orderBy: { id: 'asc' }, limit },
  );
}

interface PickedStory {
  id: string;
  /** True when a followed writer or publication brought it, false when only a followed topic did. */
  viaFollowing: boolean;
}

/**
 * The best new stories of the period from what the reader follows: listed stories (the policy's LISTED_STORY
 * rule, so nothing from a private publication, an unlisted story or a suspended writer) first published in the
 * period, not their own, none by a writer or publication they muted, blocked or were blocked by, none they
 * turned down; ranked by the For you engagement weights.
 */
async function followedStories(
  em: EntityManager,
  user: User,
  period: DigestPeriod,
  sources: { following: boolean; topics: boolean },
): Promise<PickedStory[]> {
  const rows: { id: string; via_following: boolean }[] = await em.getConnection().execute(
    `with me as (select ?::varchar as id),
     writers as (select target_id as id from follow_users where follower_id = (select id from me)),
     publications as (select collection_id as id from follow_collections where follower_id = (select id from me)),
     topics as (select tag_id as id from follow_tags where follower_id = (select id from me))
     select p.id,
            (p.creator_id in (select id from writers) or p.collection_id in (select id from publications))
              as via_following
       from posts p
      where ${LISTED_STORY_SQL}
        and p.latest_published_at >= ? and p.first_published_at >= ? and p.first_published_at < ?
        and p.creator_id <> (select id from me)
        and ((?::boolean and (p.creator_id in (select id from writers) or p.collection_id in (select id from publications)))
          or (?::boolean and exists (select 1 from post_tags pt where pt.post_id = p.id and pt.tag_id in (select id from topics))))
        and p.creator_id not in (select target_id from mute_users where user_id = (select id from me))
        and p.creator_id not in (select blocked_id from blocks where blocker_id = (select id from me))
        and p.creator_id not in (select blocker_id from blocks where blocked_id = (select id from me))
        and (p.collection_id is null or p.collection_id not in
          (select collection_id from mute_collections where user_id = (select id from me)))
        and p.id not in (select post_id from negative_signals where user_id = (select id from me))
      order by ln(1 + p.clap_count) * ? + ln(1 + p.responses_count) * ? desc, p.first_published_at desc, p.id desc
      limit ?`,
    [
      user.id,
      period.start,
      period.start,
      period.end,
      sources.following,
      sources.topics,
      FOR_YOU_WEIGHTS.claps,
      FOR_YOU_WEIGHTS.responses,
      DIGEST_MAX_STORIES,
    ],
  );
  return rows.map((r) => ({ id: r.id, viaFollowing: r.via_following }));
}

/** The digest's story sections: followed writers and publications first, then followed topics. */
async function storySections(em: EntityManager, picked: PickedStory[], split: boolean) {
  if (!picked.length) return [];
  const posts = await em.find(Post, { id: { $in: picked.map((p) => p.id) } }, { fields: CARD_FIELDS });
  const byId = new Map(posts.map((p) => [p.id, p]));
  const story = (id: string) => {
    const post = byId.get(id)!;
    return {
      title: post.title || digestTexts.untitled,
      byline: digestTexts.by(post.creator.name, post.collection?.name ?? null),
      readingTime: digestTexts.readingTime(post.readingTime),
      path: postPath(post),
    };
  };
  const present = picked.filter((p) => byId.has(p.id));
  if (!split) return [{ title: null, stories: present.map((p) => story(p.id)) }];
  return [
    {
      title: digestTexts.sectionFollowing,
      stories: present.filter((p) => p.viaFollowing).map((p) => story(p.id)),
    },
    {
      title: digestTexts.sectionTopics,
      stories: present.filter((p) => !p.viaFollowing).map((p) => story(p.id)),
    },
  ].filter((s) => s.stories.length);
}

/** The unread notifications of the period: counts per kind, then the newest few; null when none. */
async function notificationSummary(em: EntityManager, user: User, period: DigestPeriod) {
  const unread = await unreadInPeriod(
    em,
    user.id,
    { from: period.start, to: period.end },
    DIGEST_LATEST_NOTIFICATIONS,
  );
  if (!unread.byType.size) return null;
  const perKind = new Map<string, number>();
  for (const [type, count] of unread.byType) {
    const kind = digestNotificationKind(type);
    perKind.set(kind, (perKind.get(kind) ?? 0) + count);
  }
  const other = digestTexts.notificationKinds.other!;
  return {
    counts: [...perKind].map(([kind, n]) => (digestTexts.notificationKinds[kind] ?? other)(n)),
    latestTitle: digestTexts.latest,
    latest: unread.latest.map((n) =>
      notificationEmailTexts.subject(
        n.actor?.name || notificationEmailTexts.someone,
        n.notificationType as NotificationType,
      ),
    ),
    label: digestTexts.seeAllNotifications,
    path: NOTIFICATIONS_PATH,
  };
}

/** One user's digest of a kind and period, or null when it would be empty. */
export async function buildDigest(
  em: EntityManager,
  kind: DigestKind,
  user: User,
  period: DigestPeriod,
): Promise<DigestPayload | null> {
  const base = {
    heading: digestTexts.heading[kind][period.cadence],
    footerWhy: digestTexts.footerWhy[kind](period.cadence),
    unsubscribeLabel: digestTexts.unsubscribe[kind],
    manageLabel: emailSettingsTexts.manageLink,
  };
  if (kind === 'notification') {
    const notifications = await notificationSummary(em, user, period);
    return notifications ? { ...base, sections: [], notifications } : null;
  }
  // The story digest has the topics as a section when the topic digest is on too; the topic digest only them.
  const topics = kind === 'topic' || user.emailTopicDigest;
  const picked = await followedStories(em, user, period, { following: kind === 'story', topics });
  const sections = await storySections(em, picked, kind === 'story' && topics);
  return sections.length ? { ...base, sections, notifications: null } : null;
}

/** What a digest run did, per kind. */
export type DigestRunResult = Record<DigestKind, { queued: number; skipped: number }>;

/**
 * Queues one digest for one user, once: a digest already queued for this period is not built again, and when
 * two runs race the unique dedupe key keeps one. Returns whether this run queued it.
 */
async function queueDigest(em: EntityManager, kind: DigestKind, user: User, period: DigestPeriod) {
  const dedupeKey = digestDedupeKey(kind, period, user.id);
  if (await em.count(EmailOutbox, { dedupeKey })) return false;
  const digest = await buildDigest(em, kind, user, period);
  if (!digest) return false;
  try {
    return await em.fork().transactional(async (tx) => {
      const row = enqueueEmail(tx, {
        category: DIGEST_SETTING[kind],
        recipient: user,
        to: user.email!,
        subject: digestTexts.subject[kind][period.cadence],
        template: DIGEST_TEMPLATE,
        payload: { digest, digestKind: kind, period: period.key },
        dedupeKey,
      });
      return row !== null;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

/**
 * Queues the digests of the period that ended last at this cadence (digestPeriod): daily story and notification
 * digests, or the weekly story, topic and notification digests. Users are read in keyset pages.
 */
export async function queueDigests(
  em: EntityManager,
  cadence: DigestCadence,
  now: Date,
  opts: { pageSize?: number } = {},
): Promise<DigestRunResult> {
  const period = digestPeriod(cadence, now);
  const pageSize = opts.pageSize ?? DIGEST_USER_PAGE;
  const result = {} as DigestRunResult;
  for (const kind of ['story', 'topic', 'notification'] as const) {
    const counts = { queued: 0, skipped: 0 };
    result[kind] = counts;
    const where = recipientsOf(kind, cadence);
    if (!where) continue;
    let afterId = '';
    for (;;) {
      // A fresh unit of work per page, so the users read so far do not pile up in memory.
      const pageEm = em.fork();
      const users = await recipientsPage(pageEm, where, afterId, pageSize);
      for (const user of users) {
        if (await queueDigest(pageEm, kind, user, period)) counts.queued += 1;
        else counts.skipped += 1;
      }
      if (users.length < pageSize) break;
      afterId = users.at(-1)!.id;
    }
  }
  return result;
}
