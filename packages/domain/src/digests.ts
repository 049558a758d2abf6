import type { EmailDigestFrequency } from './enums';
import { PRODUCT_NAME } from './messages';

/*
 * Email digests (spec §3 "Email digest frequency: DAILY, WEEKLY, OFF" and the topic digest and notification
 * booleans). The spec names the settings; the hour, the day, the sizes, the periods and every text are ours.
 *
 * - The story digest goes under the digest frequency: the best new stories of the period by the writers and
 *   publications the reader follows, and, when the topic digest is on too, on the topics they follow (a
 *   second section of the same email).
 * - The topic digest alone goes under `emailTopicDigest`, weekly, to readers whose story digest is OFF.
 * - The notification digest goes under `emailsEnabled` ("Notification emails about activity on your work"):
 *   the notifications of the period still unread, counted per kind, at the reader's digest frequency (weekly
 *   when the story digest is OFF).
 */

/** Ours: the UTC hour the daily and weekly digests go out. */
export const DIGEST_HOUR_UTC = 7;
/** Ours: the UTC day of the week (0 Sunday … 6 Saturday) the weekly digests go out: Monday. */
export const DIGEST_WEEKLY_DAY_UTC = 1;
/** Ours: at most this many stories in a digest. */
export const DIGEST_MAX_STORIES = 10;
/** Ours: the latest unread notifications a notification digest lists, after the counts. */
export const DIGEST_LATEST_NOTIFICATIONS = 3;
/** Ours: users read per page while digests are queued (keyset pages, never every user in memory). */
export const DIGEST_USER_PAGE = 200;

export const DIGEST_KINDS = ['story', 'topic', 'notification'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
/** The two cadences a digest runs at (OFF sends no story digest). */
export type DigestCadence = Exclude<EmailDigestFrequency, 'OFF'>;

/** One digest period: [start, end), and the key that names it in dedupe keys (yyyy-mm-dd or ISO yyyy-Www). */
export interface DigestPeriod {
  cadence: DigestCadence;
  start: Date;
  end: Date;
  key: string;
}

const DAY_MS = 86_400_000;

/** The ISO 8601 week of a UTC date, e.g. 2025-W03 (the week belongs to the year of its Thursday). */
export function isoWeekKey(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The latest period that has ended by `now`: a daily one ends at DIGEST_HOUR_UTC each day, a weekly one at that
 * hour on DIGEST_WEEKLY_DAY_UTC. A run that starts late, or twice, names the same period.
 */
export function digestPeriod(cadence: DigestCadence, now: Date): DigestPeriod {
  const end = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC, 0, 0, 0),
  );
  if (end > now) end.setUTCDate(end.getUTCDate() - 1);
  if (cadence === 'WEEKLY') {
    const back = (end.getUTCDay() - DIGEST_WEEKLY_DAY_UTC + 7) % 7;
    end.setUTCDate(end.getUTCDate() - back);
  }
  const days = cadence === 'WEEKLY' ? 7 : 1;
  const start = new Date(end.getTime() - days * DAY_MS);
  const key = cadence === 'WEEKLY' ? isoWeekKey(end) : end.toISOString().slice(0, 10);
  return { cadence, start, end, key };
}

/** The idempotency key of one user's digest of one kind and period: a second run queues nothing. */
export const digestDedupeKey = (kind: DigestKind, period: DigestPeriod, userId: string) =>
  `digest:${kind}:${period.cadence}:${userId}:${period.key}`;

/** Notification kinds a digest counts, by notification type with any `_rollup` suffix removed. */
const NOTIFICATION_KIND_OF: Record<string, string> = {
  post_recommended: 'claps',
  post_recommended_milestone: 'milestones',
  quote: 'highlights',
  response_created: 'responses',
  catalog_response_created: 'responses',
  note_replied: 'responses',
  catalog_followed: 'lists',
  catalog_recommended: 'lists',
  collection_post_submitted: 'publications',
  collection_post_approved: 'publications',
  collection_post_declined: 'publications',
  collection_post_changes_requested: 'publications',
  collection_invitation: 'publications',
  mention_in_post: 'mentions',
  users_following_you: 'followers',
  note_created: 'notes',
  series_published: 'stories',
  post_published: 'stories',
  post_shared: 'shares',
  referred_member_joined: 'members',
};

/** The kind a notification type is counted under in a digest ('other' for the rest, e.g. tax notices). */
export const digestNotificationKind = (type: string): string =>
  NOTIFICATION_KIND_OF[type.replace(/_rollup$/, '')] ?? 'other';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const digestTexts = {
  subject: {
    story: { DAILY: `Your daily ${PRODUCT_NAME} digest`, WEEKLY: `Your weekly ${PRODUCT_NAME} digest` },
    topic: { DAILY: 'New on the topics you follow today', WEEKLY: 'This week on the topics you follow' },
    notification: {
      DAILY: `What you missed today on ${PRODUCT_NAME}`,
      WEEKLY: `What you missed this week on ${PRODUCT_NAME}`,
    },
  } satisfies Record<DigestKind, Record<DigestCadence, string>>,
  heading: {
    story: { DAILY: 'Today’s best stories for you', WEEKLY: 'This week’s best stories for you' },
    topic: { DAILY: 'New on the topics you follow', WEEKLY: 'This week on the topics you follow' },
    notification: { DAILY: 'Your unread notifications', WEEKLY: 'Your unread notifications this week' },
  } satisfies Record<DigestKind, Record<DigestCadence, string>>,
  sectionFollowing: 'From writers and publications you follow',
  sectionTopics: 'On topics you follow',
  by: (writer: string, publication: string | null) => (publication ? `${writer} in ${publication}` : writer),
  readingTime: (minutes: number) => `${Math.max(1, Math.ceil(minutes))} min read`,
  untitled: 'Untitled story',
  read: 'Read',
  notificationKinds: {
    claps: (n: number) => plural(n, 'clap notification', 'clap notifications'),
    milestones: (n: number) => plural(n, 'milestone', 'milestones'),
    highlights: (n: number) => plural(n, 'highlight', 'highlights'),
    responses: (n: number) => plural(n, 'response or reply', 'responses and replies'),
    lists: (n: number) => plural(n, 'list update', 'list updates'),
    publications: (n: number) => plural(n, 'publication update', 'publication updates'),
    mentions: (n: number) => plural(n, 'mention', 'mentions'),
    followers: (n: number) => plural(n, 'new follower notification', 'new follower notifications'),
    notes: (n: number) => plural(n, 'note', 'notes'),
    stories: (n: number) => plural(n, 'new story', 'new stories'),
    shares: (n: number) => plural(n, 'share', 'shares'),
    members: (n: number) => plural(n, 'referred member', 'referred members'),
    other: (n: number) => plural(n, 'other notification', 'other notifications'),
  } as Record<string, (n: number) => string>,
  latest: 'Latest',
  seeAllNotifications: 'See all your notifications',
  footerWhy: {
    story: (cadence: DigestCadence) =>
      `You get this email because your story digest is set to ${cadence === 'DAILY' ? 'daily' : 'weekly'}.`,
    topic: () => 'You get this email because topic digests are on in your email settings.',
    notification: () => 'You get this email because notification emails are on in your email settings.',
  } satisfies Record<DigestKind, (cadence: DigestCadence) => string>,
  unsubscribe: {
    story: 'Turn off the story digest',
    topic: 'Turn off topic digests',
    notification: 'Turn off notification emails',
  } satisfies Record<DigestKind, string>,
  manage: 'Manage your email settings',
} as const;
