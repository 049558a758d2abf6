import {
  accessTexts,
  type CollectionRole,
  type CollectionVisibility,
  type PostStatus,
  type PostVisibility,
  type postResultTexts,
  publicationAdminTexts,
  type TopicVisibility,
} from '@quire/domain';
import type { PolicyViewer } from './viewer';

/*
 * What every rule shares: the refusal it answers, the fields it reads of its subject, and the facts about
 * the viewer (membership, authorship, publication roles).
 */

/** A refusal: the status to answer and the text the client shows. */
export interface Refusal {
  code: 'NOT_FOUND' | 'FORBIDDEN' | 'BAD_REQUEST' | 'UNAUTHORIZED';
  message: string;
}

export const refuse = (code: Refusal['code'], message: string): Refusal => ({ code, message });

/** Spec §3 PostResult: why a story is not shown to the viewer. */
export type PostUnavailableReason = Exclude<keyof typeof postResultTexts, 'UnavailableForLegalReasons'>;

// ── Subjects: the fields each rule reads ─────────────────────────────────────────────────────

export interface PostSubject {
  status: PostStatus;
  visibility: PostVisibility;
  deletedAt?: Date | null;
  isSuspended: boolean;
  isLocked: boolean;
  shareKey?: string | null;
  responsesLocked?: boolean;
  creator: { id: string; isDeleted?: boolean; isSuspended?: boolean };
  collection?: { id: string; visibility: CollectionVisibility } | null;
  pendingCollection?: { id: string } | null;
}

export interface PublicationSubject {
  id: string;
  visibility: CollectionVisibility;
  /** Set while its owner has it archived: nothing new goes in. */
  archivedAt?: Date | null;
}

/** An archived publication takes no new stories and no new people. */
export const archivedRefusal = (publication: PublicationSubject): Refusal | null =>
  publication.archivedAt ? refuse('FORBIDDEN', publicationAdminTexts.archivedRefusal) : null;

export interface ProfileSubject {
  id: string;
  isDeleted: boolean;
  deletedAt?: Date | null;
  isSuspended: boolean;
}

export interface TagSubject {
  visibility: TopicVisibility;
}

export interface ListSubject {
  visibility: CollectionVisibility;
  creator: { id: string };
}

// ── Facts about the viewer ────────────────────────────────────────────────────────────────────

/** Spec §4 Membership: a member has mediumMemberAt above 0 (any user: the viewer, a profile's owner). */
export const hasMembership = (user: { mediumMemberAt?: number | null } | null | undefined) =>
  !!user && Number(user.mediumMemberAt) > 0;

/** Whether the viewer is a member. */
export const isMember = (viewer: PolicyViewer) => hasMembership(viewer.user);

/** Whether the viewer wrote the story. */
export const isAuthor = (viewer: PolicyViewer, post: Pick<PostSubject, 'creator'>) =>
  !!viewer.user && viewer.user.id === post.creator.id;

/** The viewer's role in a publication, or null. */
export const roleIn = (
  viewer: PolicyViewer,
  collectionId: string | null | undefined,
): CollectionRole | null => (collectionId && viewer.roles.get(collectionId)) || null;

/** Spec §6: owners and editors run a publication; writers only write for it. */
export const isEditorOf = (viewer: PolicyViewer, collectionId: string | null | undefined) => {
  const role = roleIn(viewer, collectionId);
  return role === 'OWNER' || role === 'EDITOR';
};

/** Editors of the publication a story is in or was submitted to. */
export const editsStory = (viewer: PolicyViewer, post: PostSubject) =>
  isEditorOf(viewer, post.collection?.id) || isEditorOf(viewer, post.pendingCollection?.id);

export const storyNotFound = refuse('NOT_FOUND', accessTexts.storyNotFound);
