import type { EntityManager } from '@mikro-orm/postgresql';

/** The PostgreSQL channel every app process listens on for page-cache purges. */
export const CACHE_PURGE_CHANNEL = 'quire_cache_purge';

/**
 * Asks every process to drop cached pages with these surrogate keys (spec §4 edge cache tags).
 * NOTIFY inside the transaction (em.execute runs there; the connection's own execute would not) is
 * delivered only when it commits, so a rolled-back change purges nothing.
 */
export async function purgeCacheTags(em: EntityManager, tags: string[]) {
  const unique = [...new Set(tags.filter(Boolean))];
  if (!unique.length) return;
  await em.execute('select pg_notify(?, ?)', [CACHE_PURGE_CHANNEL, unique.join(' ')]);
}

type TaggedStory = { id: string; creator: { id: string }; collection?: { id: string } | null };

/** The surrogate keys of what shows a story itself: its page, its writer's and its publication's. */
export function storyOwnTags(post: TaggedStory) {
  return [
    `post-${post.id}`,
    `user-${post.creator.id}`,
    ...(post.collection ? [`collection-${post.collection.id}`] : []),
  ];
}

/** The surrogate keys a story's pages carry (and the home page, whose list it may be on). */
export function storyTags(post: TaggedStory) {
  return [...storyOwnTags(post), 'group-edgeCacheHome'];
}

/** The surrogate keys of topics' pages (spec §4 `tag-{id}`): each lists the stories on its topic. */
const topicTags = (tagIds: readonly string[]) => tagIds.map((id) => `tag-${id}`);

/** The ids of the topics a story is on, as its transaction sees them. */
export async function storyTopicIds(em: EntityManager, postId: string): Promise<string[]> {
  const rows = await em.execute<{ tag_id: string }[]>('select tag_id from post_tags where post_id = ?', [
    postId,
  ]);
  return rows.map((row) => row.tag_id);
}

/**
 * Drops the cached pages that show a story: its own, its writer's and its publication's, the home, and those of the
 * topics it is on: `topicIds` where this transaction changes them (old and new), else read from post_tags.
 */
export async function purgeStory(em: EntityManager, post: TaggedStory, topicIds?: readonly string[]) {
  const topics = topicIds ?? (await storyTopicIds(em, post.id));
  await purgeCacheTags(em, [...storyTags(post), ...topicTags(topics)]);
}

/**
 * The surrogate key of a story's counts (claps, responses). Only a kept story carries it (`pageStory`), so a clap
 * drops that and no cached page: a reader who clapped sees the new total on their next page at once.
 */
export const storyCountsTag = (postId: string) => `post-counts-${postId}`;
