import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import type { License } from '@quire/domain';
import { postPath, storyFor } from './posts';

/**
 * Spec §2 `/p/{postId}/info`: the facts of a story the viewer may see, for its details page, and how many
 * people clapped for and highlighted it (live accounts). No text, so loading it spends no free read.
 */
export async function storyInfo(em: EntityManager, viewer: User | null, postId: string) {
  const post = await storyFor(em, viewer, postId);
  const [counts] = await em.execute<{ clappers: number; highlights: number }[]>(
    `select (select count(*)::int from claps c join users u on u.id = c.user_id
              where c.post_id = ? and not u.is_deleted) as clappers,
            (select count(*)::int from highlights h join users u on u.id = h.user_id
              where h.post_id = ? and not u.is_deleted) as highlights`,
    [post.id, post.id],
  );
  return {
    id: post.id,
    title: post.title,
    mediumUrl: postPath(post),
    firstPublishedAt: post.firstPublishedAt?.toISOString() ?? null,
    latestPublishedAt: post.latestPublishedAt?.toISOString() ?? null,
    readingTime: post.readingTime,
    wordCount: post.wordCount,
    isLocked: post.isLocked,
    license: post.license as License,
    publication: post.collection ? { name: post.collection.name, url: `/${post.collection.slug}` } : null,
    clapCount: post.clapCount,
    clappers: counts?.clappers ?? 0,
    responsesCount: post.responsesCount,
    highlights: counts?.highlights ?? 0,
  };
}
