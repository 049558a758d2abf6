import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, Post, User } from '@quire/db';
import { authorize, loadPolicyViewer } from '../../policies';
import { noStats } from './days';

/*
 * Whose stats a request names, found and checked by the policy (stats-rules.ts). A subject that is missing and one
 * the viewer may not see are the same NOT_FOUND.
 */

/** The writer whose stats these are: the viewer (no username), or by username, which must be the viewer's. */
export async function statsWriter(em: EntityManager, viewer: User, username?: string | null) {
  const writer = username
    ? await em.findOne(
        User,
        { username, isDeleted: false, deletedAt: null },
        { fields: ['id', 'name', 'username'] },
      )
    : viewer;
  if (!writer) throw noStats();
  authorize(await loadPolicyViewer(em, viewer), 'viewWriterStats', writer);
  return { id: writer.id, name: writer.name, username: writer.username };
}

/** A story whose stats the viewer may see (its writer, its publication's editors). */
export async function statsStory(em: EntityManager, viewer: User, postId: string) {
  const post = await em.findOne(
    Post,
    { id: postId, inResponseToCatalog: null },
    {
      populate: ['collection'],
      fields: [
        'title',
        'uniqueSlug',
        'status',
        'visibility',
        'deletedAt',
        'isSuspended',
        'isLocked',
        'creator',
        'firstPublishedAt',
        'inResponseToPost',
        'collection.id',
        'collection.visibility',
        'collection.slug',
        'collection.name',
      ],
    },
  );
  if (!post) throw noStats();
  authorize(await loadPolicyViewer(em, viewer), 'viewStoryStats', post);
  return post;
}

/** A publication whose stats the viewer may see (its owner and editors). */
export async function statsPublication(em: EntityManager, viewer: User, slug: string) {
  const publication = await em.findOne(
    Collection,
    { slug },
    { fields: ['id', 'name', 'slug', 'visibility', 'archivedAt'] },
  );
  if (!publication) throw noStats();
  authorize(await loadPolicyViewer(em, viewer), 'viewPublicationStats', publication);
  return {
    id: publication.id,
    name: publication.name,
    slug: publication.slug,
    visibility: publication.visibility,
  };
}
