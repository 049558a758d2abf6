import { type EntityManager, type FilterQuery, raw } from '@mikro-orm/postgresql';
import {
  type Catalog,
  type Collection,
  FollowUser,
  type Highlight,
  type Note,
  type NoteReply,
  Notification,
  type NotificationRollupItem,
  Post,
  User,
} from '@quire/db';
import {
  catalogSlugId,
  isRollupNotificationType,
  isTaxNotificationType,
  NOTIFICATION_TYPES,
  type NotificationType,
  notificationActivityType,
  notificationPreview,
  quireRoutes,
} from '@quire/domain';
import { afterTime } from './keyset';
import { lockUntilCommit } from './locks';
import { emailNotification } from './notification-emails';
import { postPath } from './posts';

/** The PostgreSQL channel that tells every app process whose unread count may have changed (payload: user id). */
export const UNREAD_COUNT_CHANNEL = 'quire_unread_count';

/** Sent inside the caller's transaction, so it is delivered only if the change commits. */
async function announceUnreadCount(em: EntityManager, userId: string) {
  await em.execute('select pg_notify(?, ?)', [UNREAD_COUNT_CHANNEL, userId]);
}

/** announceUnreadCount for many readers at once, in one statement. */
export async function announceUnreadCounts(em: EntityManager, userIds: string[]) {
  if (!userIds.length) return;
  await em.execute("select pg_notify(?, id) from unnest(string_to_array(?, ',')) as id", [
    UNREAD_COUNT_CHANNEL,
    userIds.join(','),
  ]);
}

/** Not from the spec (§9 leaves the shared page size unshown): notifications per widget page. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Not from the spec: the most a client may ask for in one page. */
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Not from the spec: a rolled-up row keeps this many most recent actors, so a burst cannot grow it unbounded. */
export const ROLLUP_ITEMS_MAX = 100;

type Ref = string | { id: string };
const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : ref.id);
const optionalId = (ref: Ref | null | undefined) => (ref == null ? null : idOf(ref));

/** What happened, to whom, by whom and about what (spec §3 Notification). */
export interface NotifyInput {
  recipient: Ref;
  type: NotificationType;
  /** Null for system notifications (tax, milestones). */
  actor?: Ref | null;
  /** Defaults to the type without its _rollup suffix, so the Responses tab also finds rolled-up responses. */
  activityType?: string;
  /** Rows of a rollup type with the same key fold into one while unread; defaults to the type and subject. */
  rollupKey?: string;
  post?: Ref | null;
  collection?: Ref | null;
  catalog?: Ref | null;
  quote?: Ref | null;
  note?: Ref | null;
  noteReply?: Ref | null;
  responsePost?: Ref | null;
  milestoneArg?: number | null;
  occurredAt?: Date;
}

/** The default rollup key: one row per type and subject (e.g. every clap on one story). */
function defaultRollupKey(input: NotifyInput): string {
  const subject =
    optionalId(input.post) ?? optionalId(input.catalog) ?? optionalId(input.collection) ?? 'recipient';
  return `${input.type}:${subject}`;
}

/** Whether the recipient blocked or muted the actor: then the actor's actions tell them nothing. */
async function silenced(em: EntityManager, recipientId: string, actorId: string): Promise<boolean> {
  const [row] = await em.execute<{ silenced: boolean }[]>(
    `select exists (select 1 from blocks where blocker_id = ? and blocked_id = ?)
         or exists (select 1 from mute_users where user_id = ? and target_id = ?) as silenced`,
    [recipientId, actorId, recipientId, actorId],
  );
  return !!row?.silenced;
}

/**
 * Records a notification in the caller's transaction (the outbox rule: written with the change it reports).
 * A rollup type folds into the recipient's unread row with the same rollupKey, adding the actor to
 * rollupItems. Nothing is recorded for one's own action or for an actor the recipient blocked or muted.
 */
export async function notify(em: EntityManager, input: NotifyInput): Promise<Notification | null> {
  if (!em.isInTransaction()) throw new Error('notify() must run inside the transaction of the change.');
  const recipientId = idOf(input.recipient);
  const actorId = optionalId(input.actor);
  if (actorId === recipientId) return null;
  if (actorId && (await silenced(em, recipientId, actorId))) return null;

  const occurredAt = input.occurredAt ?? new Date();
  const rollup = isRollupNotificationType(input.type);
  const rollupKey = rollup ? (input.rollupKey ?? defaultRollupKey(input)) : (input.rollupKey ?? null);
  const item = (): NotificationRollupItem[] =>
    actorId ? [{ actorId, occurredAt: occurredAt.toISOString() }] : [];

  if (rollup && rollupKey) {
    // Serialises folding per (recipient, key) until commit, so two concurrent events cannot open two rows.
    await lockUntilCommit(em, `notification:${recipientId}:${rollupKey}`);
    const recipient = await em.findOneOrFail(User, recipientId, { fields: ['notificationsLastViewedAt'] });
    const lastViewed = recipient.notificationsLastViewedAt ?? null;
    const where: FilterQuery<Notification> = {
      recipient: recipientId,
      notificationType: input.type,
      rollupKey,
      ...(lastViewed ? { occurredAt: { $gt: lastViewed } } : {}),
    };
    const unread = await em.findOne(Notification, where, { orderBy: { occurredAt: 'desc' } });
    if (unread) {
      const others = unread.rollupItems.filter((i) => i.actorId !== actorId);
      unread.rollupItems = [...others, ...item()].slice(-ROLLUP_ITEMS_MAX);
      if (occurredAt > unread.occurredAt) unread.occurredAt = occurredAt;
      if (actorId) unread.actor = em.getReference(User, actorId);
      await em.flush();
      await announceUnreadCount(em, recipientId);
      return unread;
    }
  }

  const notification = em.create(Notification, {
    recipient: recipientId,
    notificationType: input.type,
    activityType: input.activityType ?? notificationActivityType(input.type),
    actor: actorId,
    rollupKey,
    rollupItems: rollup ? item() : [],
    post: optionalId(input.post),
    collection: optionalId(input.collection),
    catalog: optionalId(input.catalog),
    quote: optionalId(input.quote),
    note: optionalId(input.note),
    noteReply: optionalId(input.noteReply),
    responsePost: optionalId(input.responsePost),
    milestoneArg: input.milestoneArg ?? null,
    occurredAt,
  });
  await em.flush();
  await announceUnreadCount(em, recipientId);
  // A new row (not one folded into an unread row) is also emailed, when the recipient's settings allow.
  await emailNotification(em, notification, { recipientId, actorId, type: input.type });
  return notification;
}

/** When the recipient last opened the bell (spec §4), read fresh from the database. */
async function lastViewedAt(em: EntityManager, userId: string): Promise<Date | null> {
  const user = await em.findOne(User, userId, { fields: ['notificationsLastViewedAt'] });
  return user?.notificationsLastViewedAt ?? null;
}

/** Only types the product knows how to show count and list (spec §2: unknown types render nothing). */
const KNOWN_TYPES = { notificationType: { $in: [...NOTIFICATION_TYPES] } };

/** Spec §7 notificationStatus.unreadNotificationCount: known notifications since the bell was last opened. */
export async function unreadCount(em: EntityManager, userId: string): Promise<number> {
  const since = await lastViewedAt(em, userId);
  return em.count(Notification, {
    recipient: userId,
    ...KNOWN_TYPES,
    ...(since ? { occurredAt: { $gt: since } } : {}),
  });
}

/**
 * The known notifications of [from, to) still unread (after the bell was last opened), for the notification
 * digest: how many of each type, and the newest `latest` with their actors.
 */
export async function unreadInPeriod(
  em: EntityManager,
  userId: string,
  period: { from: Date; to: Date },
  latest: number,
) {
  const since = await lastViewedAt(em, userId);
  const after = since && since > period.from ? { $gt: since } : { $gte: period.from };
  const where = {
    recipient: userId,
    ...KNOWN_TYPES,
    occurredAt: { ...after, $lt: period.to },
  } satisfies FilterQuery<Notification>;
  const [counts, rows] = await Promise.all([
    em
      .createQueryBuilder(Notification, 'n')
      .select(['n.notificationType', raw('count(*)::int as count')])
      .where(where)
      .groupBy('n.notificationType')
      .execute<{ notificationType: string; count: string | number }[]>(),
    em.find(Notification, where, {
      orderBy: { occurredAt: 'desc', id: 'desc' },
      limit: latest,
      populate: ['actor'],
    }),
  ]);
  const byType = new Map(counts.map((c) => [c.notificationType, Number(c.count)]));
  return { byType, latest: rows };
}

/** Spec §4 notification bell: opening it marks everything so far as seen. Runs in the caller's transaction. */
export async function markViewed(em: EntityManager, userId: string, now: Date): Promise<true> {
  const user = await em.findOneOrFail(User, userId);
  user.notificationsLastViewedAt = now;
  await em.flush();
  // The viewer's other tabs clear their badges too.
  await announceUnreadCount(em, userId);
  return true;
}

/** Spec §4 notification bell: opening it marks everything seen, in its own transaction. */
export async function openBell(em: EntityManager, viewer: User, now: Date): Promise<true> {
  await em.transactional((tx) => markViewed(tx, viewer.id, now));
  // The request's own viewer reads the new time too (later calls in a batch share it).
  viewer.notificationsLastViewedAt = now;
  return true;
}

/** Spec §3 paging info `next`: what to send as pagingOptions for the following page. */
export interface NotificationPaging {
  limit: number;
  /** 1-based page number, informational (the cursor `to` does the paging). */
  page: number;
  /** Echoed back unchanged: which surface asked (e.g. 'widget'). */
  source: string | null;
  /** Opaque cursor: '{epoch ms}-{id}' of the last row shown; absent on the first page. */
  to: string | null;
}

/** The cursor format of `to`. */
export const NOTIFICATION_CURSOR = /^(\d{1,15})-([0-9a-f]{8,16})$/;

const cursorOf = (n: Pick<Notification, 'occurredAt' | 'id'>) => `${n.occurredAt.getTime()}-${n.id}`;

/** A user as a notification shows them; null when the account is gone (shown as 'Deleted user'). */
function actorSummary(user: Pick<User, 'id' | 'name' | 'username' | 'imageId' | 'isDeleted'> | null) {
  if (!user || user.isDeleted) return null;
  return { id: user.id, name: user.name, username: user.username, imageId: user.imageId ?? null };
}
export type NotificationActor = NonNullable<ReturnType<typeof actorSummary>>;

type LinkedPost = Parameters<typeof postPath>[0];

const catalogPath = (catalog: Pick<Catalog, 'id' | 'slug'> & { creator: Pick<User, 'username'> }) =>
  quireRoutes.build('ShowUserList', {
    username: catalog.creator.username,
    catalogSlugId: catalogSlugId(catalog),
  });

/** The paragraphs a highlight was taken from, as spec §3 Notification.quote.paragraphs lists them. */
function quotedParagraphs(quote: Highlight, post: Pick<Post, 'content'> | null) {
  const paragraph = post?.content?.paragraphs.find((p) => p.name === quote.paragraphName);
  return paragraph ? [{ text: paragraph.text ?? '', type: paragraph.type }] : [];
}

interface RowParts {
  post: LinkedPost | null;
  collection: Collection | null;
  catalog: (Catalog & { creator: User }) | null;
  responsePost: LinkedPost | null;
  actor: NotificationActor | null;
  note: Note | null;
}

/**
 * Spec §2: each notification links to a post, response, list, publication, profile or settings page.
 * Follows go to the follower, tax reminders to settings; anything else to what it is about.
 */
function notificationHref(type: string, parts: RowParts, viewerUsername: string): string {
  if (isTaxNotificationType(type)) return quireRoutes.build('ShowSettings');
  const family = notificationActivityType(type);
  if (family === 'users_following_you' || family === 'referred_member_joined') {
    if (isRollupNotificationType(type) || !parts.actor)
      return quireRoutes.build('ShowUserFollowers', { username: viewerUsername });
    return quireRoutes.build('ShowUser', { username: parts.actor.username });
  }
  if (family === 'response_created' && parts.responsePost && !isRollupNotificationType(type))
    return postPath(parts.responsePost);
  if (family.startsWith('catalog_') && parts.catalog) return catalogPath(parts.catalog);
  // Private notes: the story's notes for its writer; a reply opens its note's thread.
  if (family === 'note_created' && parts.post)
    return quireRoutes.build('ShowPByPostIdNotes', { postId: parts.post.id });
  if (family === 'note_replied' && parts.post && parts.note)
    return quireRoutes.build('ShowPByPostIdNotesByNoteId', { postId: parts.post.id, noteId: parts.note.id });
  // Highlights of a story: its page of highlighted passages.
  if (family === 'quote' && parts.post)
    return quireRoutes.build('ShowPByPostIdQuotes', { postId: parts.post.id });
  if (family === 'collection_invitation') return quireRoutes.build('ShowYourCollections');
  // Submissions go to the publication's queue; a declined story or one sent back goes to the writer's editor.
  if (family === 'collection_post_submitted' && parts.collection)
    return quireRoutes.build('ShowByCollectionSlugStoriesSubmissions', {
      collectionSlug: parts.collection.slug,
    });
  if ((family === 'collection_post_declined' || family === 'collection_post_changes_requested') && parts.post)
    return quireRoutes.build('ShowPByPostIdEdit', { postId: parts.post.id });
  if (parts.post) return postPath(parts.post);
  if (parts.catalog) return catalogPath(parts.catalog);
  if (parts.collection)
    return quireRoutes.build('ShowCollectionHome', { collectionSlug: parts.collection.slug });
  if (parts.actor) return quireRoutes.build('ShowUser', { username: parts.actor.username });
  return quireRoutes.build('ShowYourNotifications');
}

export interface NotificationPageInput {
  /** Only these activity types (spec §2 Responses tab); all known types when absent or empty. */
  activityTypes?: readonly string[] | null;
  limit?: number | null;
  page?: number | null;
  source?: string | null;
  /** The `to` cursor of the previous page's `next`. */
  to?: string | null;
}

/**
 * Spec §7 NotificationsWidgetQuery: the viewer's notifications newest first, filtered by activity type,
 * with paging info `next` (null on the last page). Unknown types are never returned.
 */
export async function notificationPage(
  em: EntityManager,
  viewer: Pick<User, 'id' | 'username'>,
  input: NotificationPageInput,
) {
  const limit = Math.min(input.limit ?? NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_MAX);
  const page = input.page ?? 1;
  const cursor = input.to ? NOTIFICATION_CURSOR.exec(input.to) : null;
  const before = afterTime<Notification>(
    'occurredAt',
    cursor ? { at: new Date(Number(cursor[1])), id: cursor[2]! } : null,
  );
  const types = input.activityTypes?.length ? { activityType: { $in: [...input.activityTypes] } } : {};
  const since = await lastViewedAt(em, viewer.id);
  const rows = await em.find(
    Notification,
    { $and: [{ recipient: viewer.id, ...KNOWN_TYPES, ...types }, before] },
    {
      populate: [
        'actor',
        'post.creator',
        'post.collection',
        'collection',
        'catalog.creator',
        'quote',
        'note',
        'noteReply',
        'responsePost.creator',
        'responsePost.collection',
      ],
      // Bodies are loaded only for the stories a quote needs (below), never for every row.
      exclude: ['post.content', 'responsePost.content'],
      orderBy: { occurredAt: 'desc', id: 'desc' },
      limit: limit + 1,
    },
  );
  const shown = rows.slice(0, limit);

  const quotePostIds = [...new Set(shown.flatMap((n) => (n.quote ? [n.quote.post.id] : [])))];
  const quotePosts = quotePostIds.length
    ? new Map(
        (await em.find(Post, { id: { $in: quotePostIds } }, { fields: ['id', 'content'] })).map((p) => [
          p.id,
          p,
        ]),
      )
    : new Map<string, Pick<Post, 'content'>>();
  const rollupActorIds = [...new Set(shown.flatMap((n) => n.rollupItems.map((i) => i.actorId)))];
  const rollupActors = new Map(
    rollupActorIds.length
      ? (
          await em.find(
            User,
            { id: { $in: rollupActorIds } },
            { fields: ['id', 'name', 'username', 'imageId', 'isDeleted'] },
          )
        ).map((u) => [u.id, u])
      : [],
  );
  // The Follows dialog's buttons show whether the reader already follows each follower back.
  const followedBack = new Set(
    rollupActorIds.length
      ? (
          await em.find(
            FollowUser,
            { follower: viewer.id, target: { $in: rollupActorIds } },
            { fields: ['target'] },
          )
        ).map((f) => f.target.id)
      : [],
  );

  const notifications = shown.map((n) => {
    const actor = actorSummary(n.actor ?? null);
    const post = n.post ?? null;
    const responsePost = n.responsePost ?? null;
    const catalog = (n.catalog ?? null) as RowParts['catalog'];
    const collection = n.collection ?? null;
    const quote: Highlight | null = n.quote ?? null;
    const note: Note | null = n.note ?? null;
    const noteReply: NoteReply | null = n.noteReply ?? null;
    return {
      /** A stable name for this notification (its id), the list key. */
      notificationName: n.id,
      notificationType: n.notificationType,
      activityType: n.activityType,
      isUnread: !since || n.occurredAt > since,
      occurredAt: n.occurredAt.toISOString(),
      actor,
      rollupItems: [...n.rollupItems].reverse().map((i) => ({
        actor: actorSummary(rollupActors.get(i.actorId) ?? null),
        occurredAt: i.occurredAt,
        viewerIsFollowing: followedBack.has(i.actorId),
      })),
      milestoneArg: n.milestoneArg ?? null,
      post: post ? { id: post.id, title: post.title ?? '', mediumUrl: postPath(post) } : null,
      collection: collection ? { id: collection.id, name: collection.name, slug: collection.slug } : null,
      catalog: catalog ? { id: catalog.id, name: catalog.name, mediumUrl: catalogPath(catalog) } : null,
      quote: quote
        ? {
            id: quote.id,
            startOffset: quote.startOffset,
            endOffset: quote.endOffset,
            paragraphs: quotedParagraphs(quote, quotePosts.get(quote.post.id) ?? null),
            quoteParagraphPreview: notificationPreview(quote.quote),
          }
        : null,
      note: note ? { id: note.id, content: note.content, anchor: note.paragraphName } : null,
      noteReply: noteReply ? { id: noteReply.id, content: noteReply.content } : null,
      responsePost: responsePost ? { id: responsePost.id, mediumUrl: postPath(responsePost) } : null,
      href: notificationHref(
        n.notificationType,
        { post, collection, catalog, responsePost, actor, note },
        viewer.username,
      ),
    };
  });
  const last = shown.at(-1);
  const next: NotificationPaging | null =
    rows.length > limit && last
      ? { limit, page: page + 1, source: input.source ?? null, to: cursorOf(last) }
      : null;
  return { notifications, pagingInfo: { next } };
}
export type NotificationPage = Awaited<ReturnType<typeof notificationPage>>;
export type NotificationItem = NotificationPage['notifications'][number];
