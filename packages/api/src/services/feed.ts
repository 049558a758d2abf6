import type { EntityManager } from '@mikro-orm/postgresql';
import { NegativeSignal, newId, Post, preparedRows, type User } from '@quire/db';
import { LISTED_STORY_SQL } from '../policies';
import { keptCardsById, storyNotFound } from './posts';
import { keepForRequest, oncePerRequest } from './request-memo';

/**
 * How many of the newest stories the For you feed ranks (read in (status, latestPublishedAt) index order, so
 * the cost does not grow with the number of stories).
 */
export const FOR_YOU_CANDIDATES = 1000;
/** Deepest offset the For you feed pages to (the candidate window). */
export const FOR_YOU_MAX_OFFSET = FOR_YOU_CANDIDATES;

/**
 * The For you weights: engagement (log of claps and responses), affinity (a followed writer, publication or
 * topic), a recency decay per day, and a penalty per earlier story by the same writer in the ranking, so no
 * single writer floods a page. A story the reader asked to see fewer of is left out; the rest of that writer's
 * stories lose `fewerLikeThis`.
 */
export const FOR_YOU_WEIGHTS = {
  claps: 0.6,
  responses: 1,
  followedWriter: 3,
  followedPublication: 2,
  followedTopic: 1.5,
  perDayOld: 0.35,
  sameWriterAgain: 2.5,
  fewerLikeThis: 4,
} as const;

const W = FOR_YOU_WEIGHTS;
const DAY_MS = 86_400_000;

/** A story the For you feed may rank: what every reader's ranking (and the home modules) shares. */
export interface Candidate {
  id: string;
  creatorId: string;
  collectionId: string | null;
  claps: number;
  responses: number;
  publishedAt: number;
  tagIds: string[];
  /** Spec §3 curation status: DISTRIBUTED marks a staff pick. */
  curationStatus: string;
  /**
   * The part of its For you score that is the same for every reader: engagement, and recency counted from a fixed
   * day (the decay since then is the same for every story, so it changes no order).
   */
  score: number;
}

/** The newest published stories with their engagement and topics (one query, read in index order). */
async function loadCandidates(em: EntityManager): Promise<Candidate[]> {
  const rows: {
    id: string;
    creator_id: string;
    collection_id: string | null;
    clap_count: number;
    responses_count: number;
    latest_published_at: Date;
    tag_ids: string[];
    curation_status: string;
  }[] = await em.getConnection().execute(
    `select p.id, p.creator_id, p.collection_id, p.clap_count, p.responses_count, p.latest_published_at,
            p.curation_status,
            coalesce((select array_agg(pt.tag_id) from post_tags pt where pt.post_id = p.id), '{}') as tag_ids
       from posts p
      where ${LISTED_STORY_SQL}
      order by p.latest_published_at desc
      limit ?`,
    [FOR_YOU_CANDIDATES],
  );
  return rows.map((r) => ({
    id: r.id,
    creatorId: r.creator_id,
    collectionId: r.collection_id,
    claps: r.clap_count,
    responses: r.responses_count,
    publishedAt: new Date(r.latest_published_at).getTime(),
    tagIds: r.tag_ids,
    curationStatus: r.curation_status,
    score: sharedScore(r.clap_count, r.responses_count, new Date(r.latest_published_at).getTime()),
  }));
}

/** A candidate's `score`: engagement, and the days from a fixed day to its publication at the decay's rate. */
export const sharedScore = (claps: number, responses: number, publishedAt: number) =>
  Math.log1p(claps) * W.claps + Math.log1p(responses) * W.responses + (publishedAt / DAY_MS) * W.perDayOld;

/**
 * The candidates are the same for every reader: a process may keep them for `cacheMs` (one load at a time),
 * so a signed-in home page costs one small query for the reader's own follows instead of a ranking query. With
 * `refreshCandidatesEvery` running, a timer reloads them and no request waits for them.
 */
const shared: {
  rows: Candidate[] | null;
  expiresAt: number;
  loading: Promise<Candidate[]> | null;
} = {
  rows: null,
  expiresAt: 0,
  loading: null,
};

function reloadCandidates(em: EntityManager, keepMs: number): Promise<Candidate[]> {
  shared.loading ??= loadCandidates(em)
    .then((rows) => {
      shared.rows = rows;
      shared.expiresAt = Date.now() + keepMs;
      return rows;
    })
    .finally(() => {
      shared.loading = null;
    });
  return shared.loading;
}

/** The newest listed stories, newest first, kept by the process for `cacheMs` (the home modules read them too). */
export async function candidates(em: EntityManager, cacheMs: number): Promise<Candidate[]> {
  if (cacheMs <= 0) return loadCandidates(em);
  if (shared.rows && shared.expiresAt > Date.now()) return shared.rows;
  return reloadCandidates(em, cacheMs);
}

/** How many refresh periods refreshed candidates stay good for when a refresh fails. */
export const CANDIDATE_PERIODS_KEPT = 4;

/**
 * Reloads the shared candidates every `everyMs` from a timer, from now on, so For you and the home modules rank
 * without a request ever loading them. Rows are kept for a few periods: when the database cannot answer for
 * longer, requests load them again (and see its error). Returns the stop.
 */
export function refreshCandidatesEvery(
  openEm: () => EntityManager,
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  const keepMs = everyMs * CANDIDATE_PERIODS_KEPT;
  const refresh = () => {
    reloadCandidates(openEm(), keepMs).catch(onError);
  };
  refresh();
  const timer = setInterval(refresh, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export type ReaderSets = Awaited<ReturnType<typeof loadReaderSets>>;

/**
 * The reader's own sets the ranking reads: follows (writers newest first), turned-down stories, mutes and blocks
 * either way; read once per request (a home page ranks For you and its side column from one read).
 */
export function readerSets(em: EntityManager, viewer: User | null): Promise<ReaderSets> {
  return oncePerRequest(em, readerSetsKey(viewer), () => loadReaderSets(em, viewer));
}

/**
 * The reader's sets as the columns of a statement about the user `userId` (an SQL expression): read on their own,
 * or with the session when a page will rank or filter stories (`rememberReaderSets`).
 */
export const readerSetsColumns = (userId: string) => `
       coalesce((select array_agg(target_id order by created_at desc, target_id) from follow_users
                  where follower_id = ${userId}), '{}') as writers,
       coalesce((select array_agg(collection_id) from follow_collections where follower_id = ${userId}), '{}')
         as publications,
       coalesce((select array_agg(tag_id) from follow_tags where follower_id = ${userId}), '{}') as topics,
       coalesce((select array_agg(post_id) from negative_signals where user_id = ${userId}), '{}') as turned_down_posts,
       coalesce((select array_agg(creator_id) from negative_signals where user_id = ${userId}), '{}')
         as turned_down_writers,
       coalesce((select array_agg(target_id) from mute_users where user_id = ${userId}), '{}') as muted_writers,
       coalesce((select array_agg(collection_id) from mute_collections where user_id = ${userId}), '{}')
         as muted_publications,
       coalesce((select array_agg(blocked_id) from blocks where blocker_id = ${userId}), '{}')
         || coalesce((select array_agg(blocker_id) from blocks where blocked_id = ${userId}), '{}') as blocked`;

/** The columns of `readerSetsColumns` in a row. */
export type ReaderSetsRow = Record<
  | 'writers'
  | 'publications'
  | 'topics'
  | 'turned_down_posts'
  | 'turned_down_writers'
  | 'muted_writers'
  | 'muted_publications'
  | 'blocked',
  string[]
>;

const readerSetsOfRow = (row: ReaderSetsRow | undefined) => {
  const set = (key: keyof ReaderSetsRow) => new Set(row?.[key] ?? []);
  return {
    writers: set('writers'),
    publications: set('publications'),
    topics: set('topics'),
    turnedDownPosts: set('turned_down_posts'),
    turnedDownWriters: set('turned_down_writers'),
    mutedWriters: set('muted_writers'),
    mutedPublications: set('muted_publications'),
    blocked: set('blocked'),
  };
};

const readerSetsKey = (viewer: Pick<User, 'id'> | null) => `reader-sets:${viewer?.id ?? ''}`;

/** The reader's sets as a statement that read them with something else found them: this request reads them no more. */
export function rememberReaderSets(em: EntityManager, viewer: Pick<User, 'id'>, row: ReaderSetsRow): void {
  keepForRequest(em, readerSetsKey(viewer), readerSetsOfRow(row));
}

async function loadReaderSets(em: EntityManager, viewer: User | null) {
  if (!viewer) return readerSetsOfRow(undefined);
  const [row] = await preparedRows<ReaderSetsRow>(
    em,
    `select ${readerSetsColumns('u.id')} from users u where u.id = ?`,
    [viewer.id],
  );
  return readerSetsOfRow(row);
}

/** A story in a reader's order: a candidate as it is (its shared score), or moved by the reader's affinity. */
interface Ranked {
  id: string;
  creatorId: string;
  score: number;
}

/** Ties go to the greater id. */
const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byScoreThenId = (a: Ranked, b: Ranked) => b.score - a.score || byIdDesc(a, b);

/**
 * A load of candidates by their shared score (best first), and by writer, publication and topic: sorted and
 * grouped once per load, not per request, so a reader's follows find the stories they move without a scan.
 */
interface CandidateIndex {
  byScore: Candidate[];
  byWriter: Map<string, Candidate[]>;
  byPublication: Map<string, Candidate[]>;
  byTopic: Map<string, Candidate[]>;
}

const indexes = new WeakMap<Candidate[], CandidateIndex>();
function indexOf(stories: Candidate[]): CandidateIndex {
  let index = indexes.get(stories);
  if (!index) {
    const byScore = [...stories].sort(byScoreThenId);
    const group = (keysOf: (c: Candidate) => readonly (string | null)[]) => {
      const groups = new Map<string, Candidate[]>();
      for (const c of byScore) {
        for (const key of keysOf(c)) {
          if (key === null) continue;
          const members = groups.get(key);
          if (members) members.push(c);
          else groups.set(key, [c]);
        }
      }
      return groups;
    };
    index = {
      byScore,
      byWriter: group((c) => [c.creatorId]),
      byPublication: group((c) => [c.collectionId]),
      byTopic: group((c) => c.tagIds),
    };
    indexes.set(stories, index);
  }
  return index;
}

/** Two orders in `byScoreThenId` order as one (`a` a list, `b` read as it goes), merged only as far as it is read. */
function* merged(a: Ranked[], b: Iterable<Ranked>): Generator<Ranked> {
  let i = 0;
  for (const next of b) {
    while (i < a.length && byScoreThenId(a[i]!, next) <= 0) yield a[i++]!;
    yield next;
  }
  while (i < a.length) yield a[i++]!;
}

/**
 * The first `n` of `ranked` (best first) once each writer's n-th story has moved down n - 1 places' worth. A
 * story only moves down, so once one scores below the n-th kept, none after it can be among them.
 */
function firstAfterWriterSpacing(ranked: Iterable<Ranked>, n: number): Ranked[] {
  const seen = new Map<string, number>();
  const kept: Ranked[] = [];
  for (const story of ranked) {
    if (kept.length === n && story.score < kept[n - 1]!.score) break;
    const earlier = seen.get(story.creatorId) ?? 0;
    seen.set(story.creatorId, earlier + 1);
    const spaced = earlier
      ? { id: story.id, creatorId: story.creatorId, score: story.score - earlier * W.sameWriterAgain }
      : story;
    let at = kept.length;
    while (at > 0 && byScoreThenId(kept[at - 1]!, spaced) > 0) at--;
    kept.splice(at, 0, spaced);
    if (kept.length > n) kept.pop();
  }
  return kept;
}

/**
 * Ranks the newest published stories for a reader (or a visitor, with no affinity) and returns one page of
 * story ids in order: engagement, affinity and recency per story, then each writer's further stories pushed
 * down by `sameWriterAgain` per place. The shared part of the score is ranked once per load of the candidates; a
 * request scores only the stories the reader's follows or turned-down writers move, and reads the shared order
 * only as far down as the page reaches, leaving out what the reader hid.
 */
export function forYouRanking(
  stories: Candidate[],
  sets: ReaderSets,
  page: { offset: number; limit: number },
): string[] {
  const index = indexOf(stories);
  const hidden = (c: Candidate) =>
    sets.turnedDownPosts.has(c.id) ||
    sets.mutedWriters.has(c.creatorId) ||
    (c.collectionId !== null && sets.mutedPublications.has(c.collectionId)) ||
    sets.blocked.has(c.creatorId);
  const touched = new Set<Candidate>();
  const gather = (keys: ReadonlySet<string>, groups: Map<string, Candidate[]>) => {
    for (const key of keys) for (const c of groups.get(key) ?? []) touched.add(c);
  };
  gather(sets.writers, index.byWriter);
  gather(sets.turnedDownWriters, index.byWriter);
  gather(sets.publications, index.byPublication);
  gather(sets.topics, index.byTopic);
  const moved: Ranked[] = [];
  const movedFrom = new Set<Candidate>();
  for (const c of touched) {
    if (hidden(c)) continue;
    const affinity =
      (sets.writers.has(c.creatorId) ? W.followedWriter : 0) +
      (c.collectionId !== null && sets.publications.has(c.collectionId) ? W.followedPublication : 0) +
      (c.tagIds.some((id) => sets.topics.has(id)) ? W.followedTopic : 0) -
      (sets.turnedDownWriters.has(c.creatorId) ? W.fewerLikeThis : 0);
    if (!affinity) continue;
    moved.push({ id: c.id, creatorId: c.creatorId, score: c.score + affinity });
    movedFrom.add(c);
  }
  // The candidates themselves, in their shared order: a story no affinity moves costs no new object.
  function* unmoved() {
    for (const c of index.byScore) if (!movedFrom.has(c) && !hidden(c)) yield c;
  }
  return firstAfterWriterSpacing(merged(moved.sort(byScoreThenId), unmoved()), page.offset + page.limit)
    .slice(page.offset)
    .map((s) => s.id);
}

async function rankedIds(
  em: EntityManager,
  viewer: User | null,
  opts: { offset: number; limit: number; cacheMs?: number },
): Promise<string[]> {
  const [stories, sets] = await Promise.all([candidates(em, opts.cacheMs ?? 0), readerSets(em, viewer)]);
  return forYouRanking(stories, sets, opts);
}

/** A page of ranked story ids (one more than `limit` asked for) as cards, with the next page's offset. */
async function cardsPage(
  em: EntityManager,
  ids: string[],
  opts: { offset: number; limit: number; cacheMs?: number },
) {
  const pageIds = ids.slice(0, opts.limit);
  const byId = await keptCardsById(em, pageIds, opts.cacheMs ?? 0);
  const next = opts.offset + opts.limit;
  return {
    posts: pageIds.flatMap((id) => byId.get(id) ?? []),
    next: ids.length > opts.limit && next < FOR_YOU_MAX_OFFSET ? next : null,
  };
}

/** One page of the For you feed as cards, with the next page's offset (null at the end). */
export async function forYouFeed(
  em: EntityManager,
  viewer: User | null,
  opts: { offset: number; limit: number; cacheMs?: number },
) {
  return cardsPage(em, await rankedIds(em, viewer, { ...opts, limit: opts.limit + 1 }), opts);
}

/** How far back in time each further story by the same writer moves in the Following tab. */
export const FOLLOWING_SAME_WRITER_SPACING_HOURS = 12;

/**
 * The home page's Following tab: the newest stories by followed writers, in followed publications or on
 * followed topics. A writer's further stories move back 12 hours each, so one writer never floods a page
 * and none of their stories is skipped; offset-paged like For you.
 */
export async function followingFeed(
  em: EntityManager,
  viewer: User,
  opts: { offset: number; limit: number },
) {
  const rows: { id: string }[] = await em.getConnection().execute(
    `with me as (select ?::varchar as id),
     followed_writers as (select target_id from follow_users where follower_id = (select id from me)),
     followed_publications as (select collection_id from follow_collections where follower_id = (select id from me)),
     followed_topics as (select tag_id from follow_tags where follower_id = (select id from me)),
     live as not materialized (
       select p.id, p.creator_id, p.collection_id, p.latest_published_at
         from posts p
        where ${LISTED_STORY_SQL}
     ),
     -- Each source on its own index (writer, publication, topic), then merged: never a scan of every story.
     candidates as (
       select distinct on (id) id, creator_id, latest_published_at from (
         (select l.id, l.creator_id, l.latest_published_at from live l
           where l.creator_id in (select target_id from followed_writers)
           order by l.latest_published_at desc limit ?)
         union all
         (select l.id, l.creator_id, l.latest_published_at from live l
           where l.collection_id in (select collection_id from followed_publications)
           order by l.latest_published_at desc limit ?)
         union all
         (select l.id, l.creator_id, l.latest_published_at from live l
            join post_tags pt on pt.post_id = l.id
           where pt.tag_id in (select tag_id from followed_topics)
           order by l.latest_published_at desc limit ?)
       ) sources
     )
     select id from (
       select id, latest_published_at
                  - (row_number() over (partition by creator_id order by latest_published_at desc, id desc) - 1)
                    * make_interval(hours => ?) as at
         from candidates
     ) spaced
     order by at desc, id desc
     offset ? limit ?`,
    [
      viewer.id,
      FOR_YOU_CANDIDATES,
      FOR_YOU_CANDIDATES,
      FOR_YOU_CANDIDATES,
      FOLLOWING_SAME_WRITER_SPACING_HOURS,
      opts.offset,
      opts.limit + 1,
    ],
  );
  return cardsPage(
    em,
    rows.map((r) => r.id),
    opts,
  );
}

/** Spec §8 'Got it. You will see fewer stories like this.': records the reader's signal (idempotent). */
export async function showFewerLikeThis(em: EntityManager, viewer: User, postId: string) {
  const post = await em.findOne(
    Post,
    { id: postId, status: 'PUBLISHED', deletedAt: null },
    { fields: ['creator'] },
  );
  if (!post) throw storyNotFound();
  // em.execute, not the connection's: it runs in the request's transaction.
  await em.execute(
    `insert into negative_signals (id, created_at, updated_at, user_id, post_id, creator_id)
       values (?, now(), now(), ?, ?, ?) on conflict do nothing`,
    [newId(), viewer.id, post.id, post.creator.id],
  );
  return { postId: post.id, hidden: true };
}

/** Undo of the signal: 'Undone. This story has been added back.' */
export async function undoShowFewer(em: EntityManager, viewer: User, postId: string) {
  await em.nativeDelete(NegativeSignal, { user: viewer.id, post: postId });
  return { postId, hidden: false };
}
