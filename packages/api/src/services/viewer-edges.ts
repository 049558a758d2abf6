import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogItem, Clap, PartnerEnrollment, Post, type User } from '@quire/db';
import type { PartnerEnrollmentStatus } from '@quire/domain';
import { can, loadPolicyViewer, NOT_A_RESPONSE } from '../policies';
import { storyNotFound, whyUnavailable } from './posts';
import { edgeId, visibleUser } from './social';

/**
 * Spec §3 creatorPartnerProgramEnrollmentStatus: `User.isPartnerProgramEnrolled` says whether the writer is
 * enrolled (the one source of truth); the enrollment row adds only why not (PERMISSION_DENIED).
 */
export function partnerProgramStatus(
  writer: Pick<User, 'isPartnerProgramEnrolled'>,
  enrollment: Pick<PartnerEnrollment, 'status'> | null,
): PartnerEnrollmentStatus {
  if (writer.isPartnerProgramEnrolled) return 'ENROLLED';
  return enrollment?.status === 'PERMISSION_DENIED' ? 'PERMISSION_DENIED' : 'NOT_ENROLLED';
}

/**
 * Spec §3 Post viewerEdge (§7 PostViewerEdgeQuery): the viewer's claps on the story, the reading list
 * holding it, the share key (its author only) and the writer's Partner Program status.
 */
export async function postViewerEdge(em: EntityManager, viewer: User | null, postId: string) {
  const post = await em.findOne(Post, { id: postId }, { populate: ['creator', 'collection'] });
  if (!post || (await whyUnavailable(em, viewer, post))) throw storyNotFound();
  const reader = await loadPolicyViewer(em, viewer);
  const [claps, listed, enrollment] = await Promise.all([
    viewer ? em.find(Clap, { user: viewer.id, post: post.id }, { fields: ['count'] }) : [],
    viewer
      ? em.findOne(
          CatalogItem,
          { post: post.id, archivedAt: null, catalog: { creator: viewer.id, predefined: { $ne: null } } },
          { populate: ['catalog'] },
        )
      : null,
    post.creator.isPartnerProgramEnrolled
      ? null
      : em.findOne(PartnerEnrollment, { user: post.creator.id }, { fields: ['status'] }),
  ]);
  return {
    id: edgeId(post.id, viewer?.id ?? null),
    clapCount: claps.reduce((sum, clap) => sum + clap.count, 0),
    /** The viewer's predefined list holding the story (e.g. READING_LIST), or null. */
    readingList: listed?.catalog.predefined ?? null,
    shareKey: can(reader, 'getFriendLink', post) ? (post.shareKey ?? null) : null,
    creatorPartnerProgramEnrollmentStatus: partnerProgramStatus(post.creator, enrollment),
  };
}

/**
 * Spec §7 userResult / UserSearchQuery: a user by id or username with the fields the style reminder reads.
 * hasSeenStyleReminder is the viewer's own business: false for anyone else.
 */
export async function userResult(
  em: EntityManager,
  viewer: User | null,
  by: { id?: string; username?: string },
) {
  const user = await visibleUser(
    em,
    viewer?.id ?? null,
    by.id ? { id: by.id } : { username: by.username ?? '' },
  );
  const publishedPosts = await em.count(Post, {
    creator: user.id,
    status: 'PUBLISHED',
    deletedAt: null,
    ...NOT_A_RESPONSE,
  });
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    // Custom style sheets are not built yet: nobody has one.
    customStyleSheet: null,
    hasSeenStyleReminder: viewer?.id === user.id ? user.hasSeenStyleReminder : false,
    userPostCounts: { publishedPosts },
  };
}
