import type { EntityManager } from '@mikro-orm/postgresql';
import { Clap, type Post, type User } from '@quire/db';
import { CLAPS_PER_READER_MAX, type StoryInfoOrder } from '@quire/domain';
import { purgeCacheTags, storyCountsTag } from './cache-purge';
import { personPage } from './discovery';
import type { ScoreCursor, TimeCursor } from './keyset';
import { lockUntilCommit } from './locks';
import { notify } from './notifications';
import { storyFor } from './posts';

/** A story's claps after a change: everyone's, and the viewer's own (spec §3 client clap counts). */
export interface ClapCounts {
  postId: string;
  clapCount: number;
  viewerClapCount: number;
}

/** Serialises one reader's claps on one story until commit, so concurrent batches add up exactly. */
async function lockClaps(em: EntityManager, viewer: User, post: Post) {
  await lockUntilCommit(em, `clap:${viewer.id}:${post.id}`);
  return em.findOne(Clap, { user: viewer.id, post: post.id }, { refresh: true });
}

/** Moves the story's total by `delta` in SQL (other readers clap at the same time) and returns it. */
async function addToTotal(em: EntityManager, post: Post, delta: number): Promise<number> {
  const [row] = await em.execute<{ clap_count: number }[]>(
    'update posts set clap_count = greatest(0, clap_count + ?) where id = ? returning clap_count',
    [delta, post.id],
  );
  await purgeCacheTags(em, [storyCountsTag(post.id)]);
  return row?.clap_count ?? 0;
}

/**
 * Spec §1 Clap: `count` more claps from the viewer (the button sends a burst of clicks at once), up to
 * CLAPS_PER_READER_MAX in all. A writer cannot clap for their own story. The first clap tells the writer,
 * folded with other readers' into one 'clapped for' notification while unread. Runs in the caller's
 * transaction.
 */
export async function clapForStory(
  em: EntityManager,
  viewer: User,
  postId: string,
  count: number,
): Promise<ClapCounts> {
  const post = await storyFor(em, viewer, postId, 'clapPost');
  const clap = await lockClaps(em, viewer, post);
  const before = clap?.count ?? 0;
  const after = Math.min(CLAPS_PER_READER_MAX, before + count);
  if (after === before) {
    return { postId, clapCount: post.clapCount, viewerClapCount: before };
  }
  if (clap) clap.count = after;
  else em.create(Clap, { user: viewer, post, count: after });
  // Every reader's claps on a story wait on the same locks (the author's folded notification, the story's
  // row) until commit: take them last, after the work no other reader waits on.
  await em.flush();
  if (!clap)
    await notify(em, { recipient: post.creator, type: 'post_recommended_rollup', actor: viewer, post });
  const clapCount = await addToTotal(em, post, after - before);
  return { postId, clapCount, viewerClapCount: after };
}

/** Takes back all of the viewer's claps on a story (Medium's 'Undo claps'); nothing to undo is not an error. */
export async function undoClaps(em: EntityManager, viewer: User, postId: string): Promise<ClapCounts> {
  const post = await storyFor(em, viewer, postId);
  const clap = await lockClaps(em, viewer, post);
  if (!clap) return { postId, clapCount: post.clapCount, viewerClapCount: 0 };
  em.remove(clap);
  const clapCount = await addToTotal(em, post, -clap.count);
  await em.flush();
  return { postId, clapCount, viewerClapCount: 0 };
}

/** Not from the spec: clappers per page of `/p/{postId}/upvotes`. */
export const CLAPPERS_PAGE_SIZE = 20;

/**
 * Spec §2 `/p/{postId}/upvotes`: who clapped for a story the viewer may read, most recent first (or, for the
 * details page's `top` order, most claps first), each with their claps and whether the viewer follows them; the
 * story's total and how many people gave it. Deleted accounts are left out.
 */
export async function storyClappers(
  em: EntityManager,
  viewer: User | null,
  postId: string,
  cursor: TimeCursor | ScoreCursor | null | undefined,
  order: StoryInfoOrder = 'newest',
) {
  const post = await storyFor(em, viewer, postId);
  const where = { post: post.id };
  const viewerId = viewer?.id ?? null;
  const { people, rows, next } =
    order === 'top'
      ? await personPage(
          em,
          Clap,
          where,
          'user',
          viewerId,
          cursor as ScoreCursor,
          CLAPPERS_PAGE_SIZE,
          'count',
        )
      : await personPage(em, Clap, where, 'user', viewerId, cursor as TimeCursor, CLAPPERS_PAGE_SIZE);
  return {
    clapCount: post.clapCount,
    clappers: await em.count(Clap, { ...where, user: { isDeleted: false } }),
    people: people.map((person, i) => ({ ...person, claps: rows[i]!.count })),
    next,
  };
}
