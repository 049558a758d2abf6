import type { Post, User } from '@quire/db';

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
