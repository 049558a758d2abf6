import type { EntityManager } from '@mikro-orm/postgresql';
import { NegativeSignal, newId, Post, type User } from '@quire/db';
import { TRPCError } from '@trpc/server';
import { CARD_FIELDS, postCard } from './posts';

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

/**
 * Ranks the newest published stories for a reader (or a visitor, with no affinity) and returns one page of
 * story ids in order. One SQL statement: the ranking runs where the rows are.
 */
async function rankedIds(
  em: EntityManager,
  viewer: User | null,
  opts: { offset: number; limit: number; now: Date },
): Promise<string[]> {
  const viewerId = viewer?.id ?? null;
  // The reader's own sets are read once each (small hashed sets), not probed per candidate story.
  const rows: { id: string }[] = await em.getConnection().execute(
    `with me as (select ?::varchar as id),
     followed_writers as (select target_id from follow_users where follower_id = (select id from me)),
     followed_publications as (select collection_id from follow_collections where follower_id = (select id from me)),
     followed_topics as (select tag_id from follow_tags where follower_id = (select id from me)),
     turned_down as (select post_id, creator_id from negative_signals where user_id = (select id from me)),
     muted_writers as (select target_id from mute_users where user_id = (select id from me)),
     muted_publications as (select collection_id from mute_collections where user_id = (select id from me)),
     blocked as (
       select blocker_id as user_id from blocks where blocked_id = (select id from me)
       union select blocked_id from blocks where blocker_id = (select id from me)
     ),
     candidates as (
       select p.id, p.creator_id, p.collection_id, p.clap_count, p.responses_count, p.latest_published_at
         from posts p
        where p.status = 'PUBLISHED' and p.visibility <> 'UNLISTED' and p.deleted_at is null
          and p.in_response_to_post_id is null and p.is_suspended = false
        order by p.latest_published_at desc
        limit ?
     ),
     on_followed_topics as (
       select distinct pt.post_id from post_tags pt
        where pt.post_id in (select id from candidates) and pt.tag_id in (select tag_id from followed_topics)
     ),
     scored as (
       select c.id, c.creator_id,
              ln(1 + c.clap_count) * ? + ln(1 + c.responses_count) * ?
              + case when c.creator_id in (select target_id from followed_writers) then ? else 0 end
              + case when c.collection_id in (select collection_id from followed_publications) then ? else 0 end
              + case when c.id in (select post_id from on_followed_topics) then ? else 0 end
              - case when c.creator_id in (select creator_id from turned_down) then ? else 0 end
              - extract(epoch from (?::timestamptz - c.latest_published_at)) / 86400 * ? as score
         from candidates c
        where c.id not in (select post_id from turned_down)
          and c.creator_id not in (select target_id from muted_writers)
          and (c.collection_id is null or c.collection_id not in (select collection_id from muted_publications))
          and c.creator_id not in (select user_id from blocked)
     )
     select id from (
       select id, score - (row_number() over (partition by creator_id order by score desc, id desc) - 1) * ? as final
         from scored
     ) ranked
     order by final desc, id desc
     offset ? limit ?`,
    [
      viewerId,
      FOR_YOU_CANDIDATES,
      W.claps,
      W.responses,
      W.followedWriter,
      W.followedPublication,
      W.followedTopic,
      W.fewerLikeThis,
      opts.now.toISOString(),
      W.perDayOld,
      W.sameWriterAgain,
      opts.offset,
      opts.limit,
    ],
  );
  return rows.map((r) => r.id);
}

/** A page of ranked story ids (one more than `limit` asked for) as cards, with the next page's offset. */
async function cardsPage(em: EntityManager, ids: string[], opts: { offset: number; limit: number }) {
  const pageIds = ids.slice(0, opts.limit);
  const posts = pageIds.length
    ? await em.find(Post, { id: { $in: pageIds } }, { fields: CARD_FIELDS, strategy: 'joined' })
    : [];
  const byId = new Map(posts.map((p) => [p.id, p]));
  const next = opts.offset + opts.limit;
  return {
    posts: pageIds.flatMap((id) => {
      const post = byId.get(id);
      return post ? [postCard(post)] : [];
    }),
    next: ids.length > opts.limit && next < FOR_YOU_MAX_OFFSET ? next : null,
  };
}

/** One page of the For you feed as cards, with the next page's offset (null at the end). */
export async function forYouFeed(
  em: EntityManager,
  viewer: User | null,
  opts: { offset: number; limit: number; now: Date },
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
        where p.status = 'PUBLISHED' and p.visibility <> 'UNLISTED' and p.deleted_at is null
          and p.in_response_to_post_id is null and p.is_suspended = false
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
  if (!post) throw new TRPCError({ code: 'NOT_FOUND', message: 'This story does not exist.' });
  await em.getConnection().execute(
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
