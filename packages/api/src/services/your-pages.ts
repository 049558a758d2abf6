import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  type Collection,
  CollectionMember,
  FollowCollection,
  FollowTag,
  FollowUser,
  MuteCollection,
  MuteUser,
  newId,
  preparedRows,
  ReadingHistory,
  type User,
} from '@quire/db';
import type { CollectionRole } from '@quire/domain';
import { LIVE_USER_SQL } from '@quire/search';
import { can, LISTED_STORY_SQL, LISTED_TAG, loadPolicyViewer, READABLE_POST } from '../policies';
import {
  cardsInOrder,
  DISCOVERY_PAGE_SIZE,
  PERSON_COLUMNS_SQL,
  type PersonRow,
  personPage,
  unfollowedPeople,
} from './discovery';
import { readerSets } from './feed';
import { afterTime, pageOf, type TimeCursor } from './keyset';

/*
 * The viewer's own pages (spec §2 Your pages and Settings mute): who and what they follow or muted, the
 * stories they read, the publications they belong to. Everything here is the viewer's own; what each list
 * shows of others (a publication gone private, a deleted writer, a story no longer readable) is the policy's.
 */

const PUBLICATION_FIELDS = [
  'id',
  'name',
  'slug',
  'tagline',
  'description',
  'avatarId',
  'visibility',
] as const;

/** A publication in one of the viewer's lists. */
export interface PublicationItem {
  id: string;
  name: string;
  slug: string;
  description: string;
  avatarId: string | null;
}

const publicationItem = (
  c: Pick<Collection, 'id' | 'name' | 'slug' | 'tagline' | 'description' | 'avatarId'>,
): PublicationItem => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  description: c.tagline || c.description,
  avatarId: c.avatarId ?? null,
});

/** The publications among `collections` the viewer may see, as list items. */
async function visiblePublications(em: EntityManager, viewer: User, collections: Collection[]) {
  const policy = await loadPolicyViewer(em, viewer);
  return collections.filter((c) => can(policy, 'viewPublication', c)).map(publicationItem);
}

/** A page of the viewer's follow or mute rows of publications, newest first. */
async function publicationPage<E extends FollowCollection | MuteCollection>(
  em: EntityManager,
  viewer: User,
  entity: new (...args: never[]) => E,
  owner: 'follower' | 'user',
  cursor: TimeCursor | null | undefined,
) {
  const rows = (await em.find(
    entity,
    { $and: [{ [owner]: viewer.id }, afterTime<E>('createdAt', cursor)] } as FilterQuery<E>,
    {
      populate: ['collection'] as never,
      fields: ['id', 'createdAt', ...PUBLICATION_FIELDS.map((f) => `collection.${f}`)] as never,
      orderBy: { createdAt: 'desc', id: 'desc' } as never,
      limit: DISCOVERY_PAGE_SIZE + 1,
    },
  )) as (E & { collection: Collection })[];
  const { rows: page, next } = pageOf(rows, DISCOVERY_PAGE_SIZE, (r) => ({
    at: r.createdAt.toISOString(),
    id: r.id,
  }));
  return {
    publications: await visiblePublications(
      em,
      viewer,
      page.map((r) => r.collection),
    ),
    next,
  };
}

/** /me/following (writers): the people the viewer follows, newest follow first. */
export const followedWriters = (em: EntityManager, viewer: User, cursor: TimeCursor | null | undefined) =>
  personPage(em, FollowUser, { follower: viewer.id }, 'target', viewer.id, cursor);

/** /me/following/publications: the publications the viewer follows. */
export const followedPublications = (
  em: EntityManager,
  viewer: User,
  cursor: TimeCursor | null | undefined,
) => publicationPage(em, viewer, FollowCollection, 'follower', cursor);

/** /me/following/topics: the topics the viewer follows, by name (a topic that was hidden is left out). */
export async function followedTopics(em: EntityManager, viewer: User) {
  const rows = await em.find(
    FollowTag,
    { follower: viewer.id, tag: LISTED_TAG },
    {
      populate: ['tag'],
      fields: ['id', 'tag.id', 'tag.name', 'tag.slug'],
      orderBy: { tag: { name: 'asc' } },
    },
  );
  return { topics: rows.map((r) => ({ id: r.tag.id, name: r.tag.name, slug: r.tag.slug })) };
}

/** How long a reader's near writers are kept, for the same follows (see nearWriters). */
export const NEAR_WRITERS_KEPT_MS = 10 * 60_000;
/** At most this many readers' near writers are kept in a process (the oldest go first). */
const NEAR_WRITERS_READERS = 10_000;
const nearWritersKept = new Map<string, { at: number; ids: string[]; scores: number[] }>();

/**
 * The writers followed most by the people `followed` names (the reader's 200 newest follows), at most 200, kept a
 * while per reader and follows: counting follows of follows is the costliest read of a signed-in home page (7–9 ms
 * of the database at 500,000 follows), and who those people follow changes slowly. A follow or unfollow by the
 * reader changes the key, so it counts again; the filters (followed, muted, blocked, live) apply on every request.
 */
async function nearWriters(em: EntityManager, viewerId: string, followed: string[], now: number) {
  const key = `${viewerId}:${followed.join(',')}`;
  const kept = nearWritersKept.get(key);
  if (kept && now - kept.at < NEAR_WRITERS_KEPT_MS) return kept;
  const rows = followed.length
    ? await em.execute<{ id: string; score: number }[]>(
        `select f.target_id as id, count(*)::int as score from follow_users f
          where f.follower_id = any(string_to_array(?, ',')) group by f.target_id order by score desc, f.target_id limit 200`,
        [followed.join(',')],
      )
    : [];
  const near = { at: now, ids: rows.map((r) => r.id), scores: rows.map((r) => r.score) };
  if (kept) nearWritersKept.delete(key);
  else if (nearWritersKept.size >= NEAR_WRITERS_READERS)
    nearWritersKept.delete(nearWritersKept.keys().next().value!);
  nearWritersKept.set(key, near);
  return near;
}

/**
 * The writer in `column` may be suggested to the viewer: not the viewer, nor someone they follow or muted, nor a
 * block either way. Its parameters are `suggestableParams(viewer)`.
 */
export const suggestable = (column: string) => `${column} <> ?
  and not exists (select 1 from follow_users f where f.follower_id = ? and f.target_id = ${column})
  and not exists (select 1 from mute_users m where m.user_id = ? and m.target_id = ${column})
  and not exists (select 1 from blocks b where (b.blocker_id = ? and b.blocked_id = ${column})
                                         or (b.blocker_id = ${column} and b.blocked_id = ?))`;
export const suggestableParams = (viewer: User) => Array<string>(5).fill(viewer.id);

/** How many of the newest listed stories name the writers who published most recently. */
const RECENT_STORIES = 500;

/** Each writer of the newest stories with their latest date, newest first (then by id): once per list of stories. */
const writersByRecency = new WeakMap<object, (readonly [string, number])[]>();
function writersByRecencyOf(newest: readonly { creatorId: string; publishedAt: number }[]) {
  let sorted = writersByRecency.get(newest);
  if (!sorted) {
    const latest = new Map<string, number>();
    for (const story of newest.slice(0, RECENT_STORIES)) {
      latest.set(story.creatorId, Math.max(latest.get(story.creatorId) ?? 0, story.publishedAt));
    }
    sorted = [...latest].sort(([a, at], [b, bt]) => bt - at || (a < b ? -1 : a > b ? 1 : 0));
    writersByRecency.set(newest, sorted);
  }
  return sorted;
}

/**
 * The writers of the newest listed stories with their latest date: from the newest stories the caller already has
 * (the home page's shared candidates, newest first), or read in the statement itself.
 */
function recentWriters(
  newest: readonly { creatorId: string; publishedAt: number }[] | undefined,
  keep: { ids: ReadonlySet<string>; top: number },
) {
  if (!newest) {
    return {
      sql: `select r.creator_id as id, 0 as score, max(r.latest_published_at) as at
              from (select p.creator_id, p.latest_published_at from posts p where ${LISTED_STORY_SQL}
                     order by p.latest_published_at desc limit ${RECENT_STORIES}) r
             group by r.creator_id`,
      params: [] as string[],
    };
  }
  // Only the writers the statement could rank: the near ones (their time breaks ties between equal counts) and
  // the `top` most recent of the rest, in its order (newest, then id). The statement was 20 KB of text before.
  // `top` leaves room for every writer the statement's rule (suggestable) may still leave out.
  const byRecency = writersByRecencyOf(newest);
  const writers: (readonly [string, number])[] = [];
  let rest = 0;
  for (const writer of byRecency) {
    if (keep.ids.has(writer[0])) writers.push(writer);
    else if (rest++ < keep.top) writers.push(writer);
  }
  return {
    sql: `select r.id, 0 as score, r.at from unnest(string_to_array(?, ',')::varchar[],
            string_to_array(?, ',')::timestamptz[]) as r(id, at)`,
    params: [
      writers.map(([id]) => id).join(','),
      writers.map(([, at]) => new Date(at).toISOString()).join(','),
    ],
  };
}

/**
 * /me/following/suggestions: writers to follow. First those the people the viewer follows follow most, then
 * those who published most recently; never the viewer, someone they follow or muted, or a block either way.
 * Each source is bounded (200 follows, 500 recent stories), so the page never scans every user.
 */
export async function suggestedWriters(
  em: EntityManager,
  viewer: User,
  limit = DISCOVERY_PAGE_SIZE,
  newest?: readonly { creatorId: string; publishedAt: number }[],
) {
  // The reader's 200 newest follows, from the sets a home page reads once for its feed and side column.
  const sets = await readerSets(em, viewer);
  const followed = [...sets.writers].slice(0, 200);
  const near = await nearWriters(em, viewer.id, followed, Date.now());
  const ranked = limit * 4 + 20;
  // Who suggestable leaves out is among these: the reader, and whom they follow, muted or block either way.
  const unsuggestable = 1 + sets.writers.size + sets.mutedWriters.size + sets.blocked.size;
  const recent = recentWriters(newest, { ids: new Set(near.ids), top: ranked + unsuggestable });
  const rows = await preparedRows<PersonRow>(
    em,
    `with near as (
       select n.id, n.score, null::timestamptz as at
         from unnest(string_to_array(?, ',')::varchar[], string_to_array(?, ',')::int[]) as n(id, score)),
     recent as (${recent.sql}),
     ranked as (
       select c.id, max(c.score) as score, max(c.at) as at from (select * from near union all select * from recent) c
        where ${suggestable('c.id')}
        group by c.id
        order by score desc, at desc nulls last, c.id
        limit ?)
     -- Only the best ranked are looked up among the accounts (a closed one is left out), not every account; the
     -- suggestions' cards come with them (none is followed, by suggestable).
     select ${PERSON_COLUMNS_SQL} from ranked r join users u on u.id = r.id
      where ${LIVE_USER_SQL}
      order by r.score desc, r.at desc nulls last, r.id
      limit ?`,
    [
      near.ids.join(','),
      near.scores.join(','),
      ...recent.params,
      ...suggestableParams(viewer),
      ranked,
      limit,
    ],
  );
  return { people: unfollowedPeople(rows, viewer.id) };
}

/** /me/settings/mute (writers): the people the viewer muted, newest first. */
export const mutedWriters = (em: EntityManager, viewer: User, cursor: TimeCursor | null | undefined) =>
  personPage(em, MuteUser, { user: viewer.id }, 'target', viewer.id, cursor);

/** /me/settings/mute/publications: the publications the viewer muted. */
export const mutedPublications = (em: EntityManager, viewer: User, cursor: TimeCursor | null | undefined) =>
  publicationPage(em, viewer, MuteCollection, 'user', cursor);

/** /me/publications: the publications the viewer belongs to, with their role, by name. */
export async function yourPublications(em: EntityManager, viewer: User) {
  const rows = await em.find(
    CollectionMember,
    { user: viewer.id },
    {
      populate: ['collection'],
      fields: ['id', 'role', ...PUBLICATION_FIELDS.map((f) => `collection.${f}` as const)],
      orderBy: { collection: { name: 'asc' } },
    },
  );
  const policy = await loadPolicyViewer(em, viewer);
  return {
    publications: rows.map((r) => ({
      ...publicationItem(r.collection),
      role: r.role as CollectionRole,
      canManage: can(policy, 'managePublication', r.collection),
      canLeave: can(policy, 'leavePublication', r.collection),
    })),
  };
}

// ── Reading history ──────────────────────────────────────────────────────────────────────────

/** Notes that the viewer opened (or, with `read`, read through) a story; one row per story. */
export async function rememberInHistory(
  em: EntityManager,
  viewer: User,
  postId: string,
  at: Date,
  read = false,
) {
  await em.execute(
    `insert into reading_histories (id, user_id, post_id, first_viewed_at, last_viewed_at, read_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, now(), now())
     on conflict (user_id, post_id) do update
       set last_viewed_at = greatest(reading_histories.last_viewed_at, excluded.last_viewed_at),
           read_at = coalesce(reading_histories.read_at, excluded.read_at),
           updated_at = now()`,
    [newId(), viewer.id, postId, at, at, read ? at : null],
  );
}

/** /me/readinghistory: the stories the viewer opened, last opened first, as cards (only readable ones). */
export async function readingHistory(em: EntityManager, viewer: User, cursor: TimeCursor | null | undefined) {
  const rows = await em.find(
    ReadingHistory,
    { $and: [{ user: viewer.id, post: READABLE_POST }, afterTime<ReadingHistory>('lastViewedAt', cursor)] },
    {
      fields: ['id', 'lastViewedAt', 'readAt', 'post'],
      orderBy: { lastViewedAt: 'desc', id: 'desc' },
      limit: DISCOVERY_PAGE_SIZE + 1,
    },
  );
  const { rows: page, next } = pageOf(rows, DISCOVERY_PAGE_SIZE, (r) => ({
    at: r.lastViewedAt.toISOString(),
    id: r.id,
  }));
  return {
    posts: await cardsInOrder(
      em,
      page.map((r) => r.post.id),
    ),
    next,
  };
}

/** Removes one story from the viewer's history (the read log the Partner Program pays from is kept). */
export async function removeFromHistory(em: EntityManager, viewer: User, postId: string) {
  const removed = await em.nativeDelete(ReadingHistory, { user: viewer.id, post: postId });
  return { removed: removed > 0 };
}

/** Clears the viewer's whole history. */
export async function clearHistory(em: EntityManager, viewer: User) {
  const removed = await em.nativeDelete(ReadingHistory, { user: viewer.id });
  return { removed };
}
