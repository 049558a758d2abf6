import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { FollowUser, Post, preparedRows, type User } from '@quire/db';
import {
  type ArchiveRange,
  archiveRange,
  dayOf,
  formatLongDate,
  monthDayYearSlug,
  parseMonthDayYearSlug,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { LISTED_STORY, LISTED_STORY_SQL, PUBLICATION_STORY_SQL } from '../policies';
import { afterScore, afterTime, pageOf, type ScoreCursor, type TimeCursor } from './keyset';
import { CARD_FIELDS, cardsById, type PostCard, postCard } from './posts';

export { afterScore, afterTime, pageOf, type ScoreCursor, type TimeCursor };

/*
 * Discovery lists (spec §2 Paths: profile, publication and tag sub-pages, /topics, /trending, /top-stories).
 * Every list is keyset-paged (keyset.ts).
 */

/** Rows per page of every discovery list (the profile and publication story lists use the same). */
export const DISCOVERY_PAGE_SIZE = 20;

/** Story cards for `ids`, in the order given (ids that no longer load are left out). */
export async function cardsInOrder(em: EntityManager, ids: string[]): Promise<PostCard[]> {
  const byId = await cardsById(em, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Listed stories matching `where`, highest `field` first (then newest id), one page after `cursor`. */
export async function rankedStoryPage(
  em: EntityManager,
  where: FilterQuery<Post>,
  field: 'clapCount',
  cursor: ScoreCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const posts = await em.find(
    Post,
    { $and: [LISTED_STORY, where, afterScore<Post>(field, cursor)] },
    { fields: CARD_FIELDS, strategy: 'joined', orderBy: { [field]: 'desc', id: 'desc' }, limit: limit + 1 },
  );
  const { rows, next } = pageOf(posts, limit, (p) => ({ score: p[field], id: p.id }));
  return { posts: rows.map(postCard), next };
}

/**
 * /top-stories[/{monthDayYearSlug}]: the stories published on a day (UTC; today without a slug), most claps
 * first. NOT_FOUND for a slug that names no day, or a day still to come.
 */
export async function topStoriesOfDay(
  em: EntityManager,
  daySlug: string | null | undefined,
  now: Date,
  cursor: ScoreCursor | null | undefined,
) {
  const today = dayOf(now);
  const day = daySlug ? parseMonthDayYearSlug(daySlug) : today;
  if (!day || day.from > today.from)
    throw new TRPCError({ code: 'NOT_FOUND', message: 'There are no top stories for that day.' });
  const page = await rankedStoryPage(
    em,
    { latestPublishedAt: { $gte: day.from, $lt: day.to } },
    'clapCount',
    cursor,
  );
  const previous = new Date(day.from.getTime() - 1);
  return {
    day: { slug: monthDayYearSlug(day.from), label: formatLongDate(day.from) },
    previousDay: monthDayYearSlug(previous),
    nextDay: day.to <= today.from ? monthDayYearSlug(day.to) : null,
    ...page,
  };
}

// ── People ──────────────────────────────────────────────────────────────────────────────────

/** A writer in a people list, with whether the viewer follows them (for the Follow button). */
export interface PersonItem {
  id: string;
  name: string;
  username: string;
  bio: string;
  imageId: string | null;
  isFollowing: boolean;
  isUser: boolean;
}

/** Which of `userIds` the viewer follows. */
async function followedAmong(em: EntityManager, viewerId: string | null, userIds: string[]) {
  if (!viewerId || !userIds.length) return new Set<string>();
  const rows = await em.find(
    FollowUser,
    { follower: viewerId, target: { $in: userIds } },
    { fields: ['target'] },
  );
  return new Set(rows.map((r) => r.target.id));
}

const PERSON_FIELDS = ['id', 'name', 'username', 'bio', 'imageId'] as const;
type PersonSource = Pick<User, (typeof PERSON_FIELDS)[number]>;

/** A person as a list item for `viewerId`. */
const personItem = (u: PersonSource, viewerId: string | null, isFollowing: boolean): PersonItem => ({
  id: u.id,
  name: u.name,
  username: u.username,
  bio: u.bio,
  imageId: u.imageId ?? null,
  isFollowing,
  isUser: u.id === viewerId,
});

/** The columns of a person as a list item, from `users u`. */
export const PERSON_COLUMNS_SQL = 'u.id, u.name, u.username, u.bio, u.image_id';
export type PersonRow = Pick<User, 'id' | 'name' | 'username' | 'bio'> & { image_id: string | null };

/** People the viewer does not follow (suggestions, read with `PERSON_COLUMNS_SQL`) as list items, in their order. */
export const unfollowedPeople = (rows: readonly PersonRow[], viewerId: string): PersonItem[] =>
  rows.map((r) => personItem({ ...r, imageId: r.image_id }, viewerId, false));

/** People as list items, in the order given, with the viewer's follow state. */
export async function personItems(
  em: EntityManager,
  viewerId: string | null,
  users: PersonSource[],
): Promise<PersonItem[]> {
  const followed = await followedAmong(
    em,
    viewerId,
    users.map((u) => u.id),
  );
  return users.map((u) => personItem(u, viewerId, followed.has(u.id)));
}

/**
 * People by id, in the order given (deleted accounts left out), with the viewer's follow state: one prepared
 * statement (home's Who to follow asks on every page), where personItems reads the follows apart.
 */
export async function peopleInOrder(em: EntityManager, viewerId: string | null, ids: string[]) {
  if (!ids.length) return [];
  const rows = await preparedRows<PersonRow & { is_following: boolean }>(
    em,
    `select ${PERSON_COLUMNS_SQL},
            exists (select 1 from follow_users f where f.follower_id = ? and f.target_id = u.id) as is_following
       from users u where u.id = any(string_to_array(?, ',')) and u.is_deleted = false`,
    [viewerId ?? '', ids.join(',')],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const u = byId.get(id);
    return u ? [personItem({ ...u, imageId: u.image_id }, viewerId, u.is_following)] : [];
  });
}

/** One page of people and the rows about them, with the cursor after the page. */
interface PersonPage<E, C> {
  people: Awaited<ReturnType<typeof personItems>>;
  rows: (E & Record<'follower' | 'target' | 'user', User>)[];
  next: C | null;
}

/**
 * One page of people from rows about them (follows, claps): the rows of `entity` matching `where`, newest
 * first (or ranked by the numeric field `rankBy`, highest first, with a score cursor), each turned into the
 * person it is about by `person` ('follower', 'target' or 'user'), deleted accounts left out. `rows` are the
 * page's rows, in the order of `people`.
 */
export async function personPage<E extends { id: string; createdAt: Date }>(
  em: EntityManager,
  entity: new (...args: never[]) => E,
  where: FilterQuery<E>,
  person: 'follower' | 'target' | 'user',
  viewerId: string | null,
  cursor: TimeCursor | null | undefined,
  limit?: number,
): Promise<PersonPage<E, { at: string; id: string }>>;
export async function personPage<E extends { id: string; createdAt: Date }>(
  em: EntityManager,
  entity: new (...args: never[]) => E,
  where: FilterQuery<E>,
  person: 'follower' | 'target' | 'user',
  viewerId: string | null,
  cursor: ScoreCursor | null | undefined,
  limit: number,
  rankBy: keyof E & string,
): Promise<PersonPage<E, ScoreCursor>>;
export async function personPage<E extends { id: string; createdAt: Date }>(
  em: EntityManager,
  entity: new (...args: never[]) => E,
  where: FilterQuery<E>,
  person: 'follower' | 'target' | 'user',
  viewerId: string | null,
  cursor: TimeCursor | ScoreCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
  rankBy?: keyof E & string,
): Promise<PersonPage<E, { at: string; id: string } | ScoreCursor>> {
  const after = rankBy
    ? afterScore<E>(rankBy, cursor as ScoreCursor | null | undefined)
    : afterTime<E>('createdAt', cursor as TimeCursor | null | undefined);
  const rows = (await em.find(
    entity,
    { $and: [where, { [person]: { isDeleted: false } }, after] } as FilterQuery<E>,
    {
      populate: [person] as never,
      orderBy: { [rankBy ?? 'createdAt']: 'desc', id: 'desc' } as never,
      limit: limit + 1,
    },
  )) as (E & Record<typeof person, User>)[];
  const { rows: page, next } = pageOf<
    E & Record<typeof person, User>,
    { at: string; id: string } | ScoreCursor
  >(rows, limit, (r) =>
    rankBy ? { score: Number(r[rankBy]), id: r.id } : { at: r.createdAt.toISOString(), id: r.id },
  );
  return {
    people: await personItems(
      em,
      viewerId,
      page.map((r) => r[person]),
    ),
    rows: page,
    next,
  };
}

// ── Rankings ────────────────────────────────────────────────────────────────────────────────

/**
 * Listed stories ranked by engagement since `since`: the claps given (a clap row counts when it changed in the
 * window) plus the responses published in it. Stories with none are left out; `perWriter` caps how many
 * stories by one writer the whole ranking holds (not just one page). One page of ids after `cursor`.
 */
export async function engagementRanking(
  em: EntityManager,
  opts: {
    since: Date;
    collectionId?: string;
    perWriter?: number;
    cursor: ScoreCursor | null | undefined;
    limit?: number;
  },
) {
  const limit = opts.limit ?? DISCOVERY_PAGE_SIZE;
  const params: unknown[] = [opts.since.toISOString(), opts.since.toISOString()];
  let scope = '';
  if (opts.collectionId) {
    scope = 'and p.collection_id = ?';
    params.push(opts.collectionId);
  }
  let filter = 'true';
  if (opts.perWriter) {
    filter = 'rn <= ?';
    params.push(opts.perWriter);
  }
  if (opts.cursor) {
    filter += ' and (score < ? or (score = ? and id < ?))';
    params.push(opts.cursor.score, opts.cursor.score, opts.cursor.id);
  }
  params.push(limit + 1);
  const rows: { id: string; score: number | string }[] = await em.getConnection().execute(
    `with events as (
       select c.post_id, c.count as n from claps c where c.updated_at >= ?
       union all
       select r.in_response_to_post_id, 1 from posts r
        where r.in_response_to_post_id is not null and r.status = 'PUBLISHED' and r.deleted_at is null
          and r.latest_published_at >= ?
     ),
     scored as (
       select p.id, p.creator_id, sum(e.n)::int as score
         from events e join posts p on p.id = e.post_id
        where ${opts.collectionId ? PUBLICATION_STORY_SQL : LISTED_STORY_SQL} ${scope}
        group by p.id, p.creator_id
     ),
     ranked as (
       select id, score, row_number() over (partition by creator_id order by score desc, id desc) as rn
         from scored
     )
     select id, score from ranked where ${filter} order by score desc, id desc limit ?`,
    params,
  );
  const { rows: page, next } = pageOf(rows, limit, (r) => ({ score: Number(r.score), id: r.id }));
  return {
    posts: await cardsInOrder(
      em,
      page.map((r) => r.id),
    ),
    next,
  };
}

/** Writers ranked by the claps on their listed stories carrying `tagId`; one page after `cursor`. */
export async function topWritersOfTag(
  em: EntityManager,
  viewerId: string | null,
  tagId: string,
  cursor: ScoreCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const params: unknown[] = [tagId];
  let having = '';
  if (cursor) {
    having = 'having sum(p.clap_count) < ? or (sum(p.clap_count) = ? and p.creator_id < ?)';
    params.push(cursor.score, cursor.score, cursor.id);
  }
  params.push(limit + 1);
  const rows: { id: string; claps: number | string; stories: number | string }[] = await em
    .getConnection()
    .execute(
      `select p.creator_id as id, sum(p.clap_count)::int as claps, count(*)::int as stories
         from posts p
         join post_tags pt on pt.post_id = p.id
         join users u on u.id = p.creator_id
        where pt.tag_id = ? and ${LISTED_STORY_SQL} and u.is_deleted = false
        group by p.creator_id
        ${having}
        order by claps desc, id desc
        limit ?`,
      params,
    );
  const { rows: page, next } = pageOf(rows, limit, (r) => ({ score: Number(r.claps), id: r.id }));
  const people = await peopleInOrder(
    em,
    viewerId,
    page.map((r) => r.id),
  );
  const totals = new Map(page.map((r) => [r.id, { claps: Number(r.claps), stories: Number(r.stories) }]));
  return {
    writers: people.map((p) => ({
      ...p,
      claps: totals.get(p.id)?.claps ?? 0,
      stories: totals.get(p.id)?.stories ?? 0,
    })),
    next,
  };
}

// ── Archives ────────────────────────────────────────────────────────────────────────────────

/** The path segments of an archive page: …/archive[/{year}[/{month}[/{day}]]]. */
export interface ArchivePath {
  year?: string | undefined;
  month?: string | undefined;
  day?: string | undefined;
}

/** The archive range the path names; NOT_FOUND when it is not a real date. */
export function archiveRangeOf(path: ArchivePath): ArchiveRange {
  const range = archiveRange(path.year, path.month, path.day);
  if (!range) throw new TRPCError({ code: 'NOT_FOUND', message: 'There is no such date in the archive.' });
  return range;
}

/** Stories published in the archive range (no range: all of them). */
export const publishedIn = (range: ArchiveRange) =>
  range.from ? { latestPublishedAt: { $gte: range.from, $lt: range.to } } : {};

/**
 * The years, and the months of `year`, in which listed stories of a publication or with a tag were published
 * (UTC), newest first: the archive page links to them.
 */
export async function archiveIndex(
  em: EntityManager,
  scope: { collectionId: string } | { tagId: string },
  year: number | null,
) {
  const [join, where, id] =
    'collectionId' in scope
      ? ['', `p.collection_id = ? and ${PUBLICATION_STORY_SQL}`, scope.collectionId]
      : ['join post_tags pt on pt.post_id = p.id', `pt.tag_id = ? and ${LISTED_STORY_SQL}`, scope.tagId];
  const rows: { year: number | string; month: number | string }[] = await em.getConnection().execute(
    `select distinct extract(year from p.latest_published_at at time zone 'UTC')::int as year,
            extract(month from p.latest_published_at at time zone 'UTC')::int as month
       from posts p ${join}
      where ${where}
      order by year desc, month desc`,
    [id],
  );
  const pairs = rows.map((r) => ({ year: Number(r.year), month: Number(r.month) }));
  return {
    years: [...new Set(pairs.map((p) => p.year))],
    months: year === null ? [] : pairs.filter((p) => p.year === year).map((p) => p.month),
  };
}
