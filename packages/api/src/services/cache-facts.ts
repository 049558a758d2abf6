import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import { whyUnavailable } from './posts';

/**
 * What a CDN worker needs to tag and purge a story's pages (spec §7 PostCacheController), or null when the
 * viewer may not know it exists (another user's draft, a private publication's story answer exactly as an
 * unknown id); drafts answer as unpublished to their author.
 */
export async function postCacheFacts(em: EntityManager, viewer: User | null, id: string) {
  const post = await em.findOne(Post, { id }, { populate: ['creator', 'collection'] });
  if (!post || (await whyUnavailable(em, viewer, post)) === 'NotFound') return null;
  const isPublished = (post.status === 'PUBLISHED' || post.status === 'UNLISTED') && !post.deletedAt;
  return {
    id: post.id,
    isPublished,
    creator: isPublished ? { id: post.creator.id } : null,
    collection: isPublished && post.collection ? { id: post.collection.id } : null,
  };
}
