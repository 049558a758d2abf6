import type { EntityManager } from '@mikro-orm/postgresql';
import { type Collection, CollectionMember, type Post, type User } from '@quire/db';
import type { CollectionRole } from '@quire/domain';

/** The viewer's role in a publication, or null. */
export async function roleIn(
  em: EntityManager,
  viewer: User | null,
  collection: Collection | null | undefined,
) {
  if (!viewer || !collection) return null;
  const member = await em.findOne(CollectionMember, { collection: collection.id, user: viewer.id });
  return (member?.role ?? null) as CollectionRole | null;
}

export const isEditorRole = (role: CollectionRole | null) => role === 'OWNER' || role === 'EDITOR';

/**
 * Who may change a story (spec §6): its author, and editors of the publication it is in or was
 * submitted to. Writers of a publication edit only their own stories.
 */
export async function storyPermissions(em: EntityManager, viewer: User | null, post: Post) {
  const isAuthor = !!viewer && post.creator.id === viewer.id;
  const [inCollection, inPending] = await Promise.all([
    roleIn(em, viewer, post.collection),
    roleIn(em, viewer, post.pendingCollection),
  ]);
  const isEditor = isEditorRole(inCollection) || isEditorRole(inPending);
  return { isAuthor, isEditor, canEdit: isAuthor || isEditor };
}
