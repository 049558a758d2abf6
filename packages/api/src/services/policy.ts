import type { EntityManager } from '@mikro-orm/postgresql';
import { type Collection, CollectionMember, type Post, type User } from '@quire/db';

/** Authorization rules next to the data they guard (one function per question). */

/** Whether the viewer wrote the story. */
export function isPostAuthor(viewer: User | null, post: Post): boolean {
  return !!viewer && post.creator.id === viewer.id;
}

/** Whether a viewer may see a story at all: drafts and trashed stories only to their author. */
export function canViewPost(viewer: User | null, post: Post): boolean {
  if (post.status === 'PUBLISHED' || post.status === 'UNLISTED') return !post.deletedAt;
  return isPostAuthor(viewer, post);
}

/** Spec §4 Membership: a member has mediumMemberAt above 0. */
export function isMember(viewer: User | null): boolean {
  return !!viewer && Number(viewer.mediumMemberAt) > 0;
}

/**
 * Spec §3 Collection visibility: a PRIVATE publication (its pages and stories) is seen only by its members;
 * to everyone else it does not exist.
 */
export async function canViewCollection(
  em: EntityManager,
  viewer: User | null,
  collection: Pick<Collection, 'id' | 'visibility'>,
): Promise<boolean> {
  if (collection.visibility !== 'PRIVATE') return true;
  if (!viewer) return false;
  return (await em.count(CollectionMember, { collection: collection.id, user: viewer.id })) > 0;
}
