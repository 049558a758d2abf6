import {
  accessTexts,
  type CollectionRole,
  type CollectionVisibility,
  clapTexts,
  type PostStatus,
  type PostVisibility,
  type postResultTexts,
  responseTexts,
  type TopicVisibility,
  validationMessages,
} from '@quire/domain';
import type { PolicyViewer } from './viewer';

/*
 * Every access rule of Quire, one pure function per question over loaded rows and the viewer's facts.
 * A rule answers null (allowed) or the refusal to send. Routers, services, pages, feeds, search and the
 * GraphQL shim ask these through `can` / `authorize`; nothing else decides who may see or change what.
 */

/** A refusal: the status to answer and the text the client shows. */
export interface Refusal {
  code: 'NOT_FOUND' | 'FORBIDDEN' | 'BAD_REQUEST' | 'UNAUTHORIZED';
  message: string;
}

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
}

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
const editsStory = (viewer: PolicyViewer, post: PostSubject) =>
  isEditorOf(viewer, post.collection?.id) || isEditorOf(viewer, post.pendingCollection?.id);

const refuse = (code: Refusal['code'], message: string): Refusal => ({ code, message });
const storyNotFound = refuse('NOT_FOUND', accessTexts.storyNotFound);

// ── Stories ───────────────────────────────────────────────────────────────────────────────────

const isOut = (post: PostSubject) => post.status === 'PUBLISHED' || post.status === 'UNLISTED';

/**
 * Why the viewer may not see a story, or null when they may (spec §3 PostResult): drafts and trash are the
 * author's, a private publication's stories its members', and blocked readers, deleted or suspended
 * accounts and suspended stories answer their own cases.
 */
export function postUnavailable(viewer: PolicyViewer, post: PostSubject): PostUnavailableReason | null {
  const author = isAuthor(viewer, post);
  if (isOut(post) ? !!post.deletedAt : !author)
    return post.deletedAt && isOut(post) ? 'RemovedByUser' : 'NotFound';
  if (author) return post.creator.isDeleted ? 'AccountDeleted' : null;
  const { collection } = post;
  if (collection?.visibility === 'PRIVATE' && !roleIn(viewer, collection.id)) return 'NotFound';
  if (post.creator.isDeleted) return 'AccountDeleted';
  if (post.creator.isSuspended) return 'AccountSuspended';
  if (viewer.blockedBy.has(post.creator.id)) return 'Blocked';
  return post.isSuspended ? 'PostSuspended' : null;
}

/** A story every list, feed and search may show: published, listed, not suspended, outside private publications. */
export const isListedStory = (post: PostSubject & { inResponseToPost?: unknown }) =>
  post.status === 'PUBLISHED' &&
  post.visibility !== 'UNLISTED' &&
  !post.deletedAt &&
  !post.isSuspended &&
  !post.creator.isDeleted &&
  !post.creator.isSuspended &&
  post.collection?.visibility !== 'PRIVATE';

function viewPost(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  return postUnavailable(viewer, post) ? storyNotFound : null;
}

/** The fields the full-text rule reads of a story the viewer may already see (a listed row, say). */
export interface TextSubject {
  isLocked: boolean;
  visibility?: PostVisibility;
  shareKey?: string | null;
  creator: { id: string };
  collection?: { id: string } | null;
}

/** A published story the viewer may see, to act on (read events, claps, saves, responses). */
function viewPublishedPost(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  return isOut(post) ? viewPost(viewer, post) : storyNotFound;
}

/**
 * Who gets a members-only story's text without spending a free story (spec §1, §4), of a story the viewer
 * may see (a row a listing filter selected): members, its author, the editors of its publication, and anyone
 * holding the author's friend link. Others get the preview, or a free story from the monthly meter when
 * signed in (the paywall counts those).
 */
function readListedText(viewer: PolicyViewer, post: TextSubject, opts: { shareKey?: string | null } = {}) {
  if (!post.isLocked && post.visibility !== 'LOCKED') return null;
  if (isMember(viewer) || isAuthor(viewer, post) || isEditorOf(viewer, post.collection?.id)) return null;
  if (opts.shareKey && post.shareKey && opts.shareKey === post.shareKey) return null;
  return refuse('FORBIDDEN', accessTexts.membersOnly);
}

/** readListedText, for a story not yet known to be visible to the viewer. */
function readFullText(viewer: PolicyViewer, post: PostSubject, opts: { shareKey?: string | null } = {}) {
  return viewPost(viewer, post) ?? readListedText(viewer, post, opts);
}

/** Spec §6: the author, and editors of the publication it is in or was submitted to; members-only needs the flag. */
function editPost(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (!isAuthor(viewer, post) && !editsStory(viewer, post)) return refuse('FORBIDDEN', accessTexts.editStory);
  // Spec §5: editing a published members-only story needs can_edit_members_only_posts.
  if (post.isLocked && post.status !== 'DRAFT' && !viewer.flags.has('can_edit_members_only_posts'))
    return refuse('FORBIDDEN', accessTexts.editMembersOnlyStory);
  return null;
}

/**
 * Who may put a story behind the paywall: its author when enrolled in the Partner Program (whose earnings
 * come from members' reading), and the editors of the publication it is published in or submitted to.
 */
function lockPost(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (editsStory(viewer, post)) return null;
  if (isAuthor(viewer, post) && viewer.user?.isPartnerProgramEnrolled) return null;
  return refuse('FORBIDDEN', accessTexts.lockStory);
}

const authorOnly = (message: string) => (viewer: PolicyViewer, post: PostSubject) =>
  isAuthor(viewer, post) ? null : refuse('FORBIDDEN', message);

/** The friend link carries the story's share key: its author shares it; reading it is not editing. */
function getFriendLink(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (!isAuthor(viewer, post)) return refuse('FORBIDDEN', accessTexts.friendLink);
  return postUnavailable(viewer, post) ? storyNotFound : null;
}

/** A story's stats: its author and the editors of its publication. */
function viewPostStats(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (isAuthor(viewer, post) || isEditorOf(viewer, post.collection?.id)) return null;
  return refuse('FORBIDDEN', accessTexts.viewStats);
}

/** Spec §1 Clap: any reader who may see the story, but not its writer. */
function clapPost(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  if (!isOut(post)) return storyNotFound;
  return (
    viewPost(viewer, post) ?? (isAuthor(viewer, post) ? refuse('BAD_REQUEST', clapTexts.ownStory) : null)
  );
}

/** Spec §5: anyone who may see a published story responds, unless its author closed discussion. */
function respondToPost(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  const hidden = viewPublishedPost(viewer, post);
  if (hidden) return hidden;
  return post.responsesLocked ? refuse('BAD_REQUEST', validationMessages.closedDiscussion('story')) : null;
}

/** Spec §6: an editor of the publication a story was submitted to publishes it there. */
function approveSubmission(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  return isEditorOf(viewer, post.pendingCollection?.id)
    ? null
    : refuse('FORBIDDEN', accessTexts.approveSubmission);
}

// ── Publications, profiles, tags, lists ───────────────────────────────────────────────────────

/** Spec §3 Collection visibility: a PRIVATE publication is seen only by its members; to others it does not exist. */
function viewPublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  return publication.visibility !== 'PRIVATE' || roleIn(viewer, publication.id)
    ? null
    : refuse('NOT_FOUND', accessTexts.publicationNotFound);
}

/** Spec §6: any member of a publication (owner, editor, writer) writes for it. */
function writeForPublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  return roleIn(viewer, publication.id) ? null : refuse('FORBIDDEN', accessTexts.notAWriter);
}

/** Spec §6: owners and editors run a publication (publish in it, review, change it). */
function managePublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  return (
    viewPublication(viewer, publication) ??
    (isEditorOf(viewer, publication.id) ? null : refuse('FORBIDDEN', accessTexts.managePublication))
  );
}

/** A profile: missing once deleted, and missing to those its owner blocked (a block is never revealed). */
function viewProfile(viewer: PolicyViewer, profile: ProfileSubject): Refusal | null {
  const self = viewer.user?.id === profile.id;
  if (profile.isDeleted || profile.deletedAt || (!self && viewer.blockedBy.has(profile.id)))
    return refuse('NOT_FOUND', accessTexts.profileNotFound);
  return null;
}

/** Blocking, unblocking or reporting a user: any account may, even one that user blocked (or it could not undo it). */
function actOnProfile(viewer: PolicyViewer, profile: ProfileSubject): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return profile.isDeleted || profile.deletedAt ? refuse('NOT_FOUND', accessTexts.profileNotFound) : null;
}

/** A profile that lists and search may show: visible, and not suspended. */
export const isListedProfile = (profile: ProfileSubject) =>
  !profile.isDeleted && !profile.deletedAt && !profile.isSuspended;

/** What an operation naming its acting user is about, for the refusal's words. */
export type ActingFor = 'action' | 'taxForms' | 'flags';

const otherUsers: Record<ActingFor, string> = {
  action: accessTexts.otherUsersAction,
  taxForms: accessTexts.otherUsersTaxForms,
  flags: accessTexts.otherUsersFlags,
};

/** Acting as a named user (old clients name who acts, spec §7): only as oneself. */
function actAs(viewer: PolicyViewer, user: { id: string }, opts: { for?: ActingFor } = {}): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return viewer.user.id === user.id ? null : refuse('FORBIDDEN', otherUsers[opts.for ?? 'action']);
}

/** Spec §3 Tag visibility: STAFF topics exist for staff alone. */
function viewTag(viewer: PolicyViewer, tag: TagSubject): Refusal | null {
  return tag.visibility !== 'STAFF' || viewer.user?.isStaff
    ? null
    : refuse('NOT_FOUND', accessTexts.topicNotFound);
}

/** A topic lists and search may show: public ones only. */
export const isListedTag = (tag: TagSubject) => tag.visibility === 'PUBLIC';

/** A reader's list: public ones to anyone, private ones to their creator alone. */
function viewList(viewer: PolicyViewer, list: ListSubject): Refusal | null {
  return list.visibility === 'PUBLIC' || viewer.user?.id === list.creator.id
    ? null
    : refuse('NOT_FOUND', accessTexts.listNotFound);
}

/** Only a list's creator changes it. */
function editList(viewer: PolicyViewer, list: ListSubject): Refusal | null {
  return (
    viewList(viewer, list) ??
    (viewer.user?.id === list.creator.id ? null : refuse('FORBIDDEN', accessTexts.editList))
  );
}

/**
 * Who may use an account at all: signed in, and for changes not suspended (spec §6 Suspended user: it may
 * read but not change anything). Every signed-in procedure asks this first; it is not an action on a subject.
 */
export function accountRefusal(user: { isSuspended?: boolean } | null, changing: boolean): Refusal | null {
  if (!user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return changing && user.isSuspended ? refuse('FORBIDDEN', accessTexts.suspendedAccount) : null;
}

/** Spec §6: suspended stories stay readable to staff and to holders of can_view_suspended_content. */
function viewSuspendedContent(viewer: PolicyViewer): Refusal | null {
  return viewer.user?.isStaff || viewer.flags.has('can_view_suspended_content')
    ? null
    : refuse('FORBIDDEN', accessTexts.storyNotFound);
}

/** Members-only features (spec §4 Membership). */
function useMemberFeatures(viewer: PolicyViewer): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return isMember(viewer) ? null : refuse('FORBIDDEN', accessTexts.membersOnly);
}

/** Every question the policy answers, by action. */
export const rules = {
  viewPost,
  viewPublishedPost,
  readFullText,
  readListedText,
  editPost,
  lockPost,
  deletePost: authorOnly(accessTexts.deleteStory),
  restorePost: authorOnly(accessTexts.restoreStory),
  hideResponses: authorOnly(responseTexts.onlyAuthorHides),
  getFriendLink,
  viewPostStats,
  clapPost,
  respondToPost,
  approveSubmission,
  viewPublication,
  writeForPublication,
  managePublication,
  viewProfile,
  actOnProfile,
  actAs,
  viewTag,
  viewList,
  editList,
  useMemberFeatures,
  viewSuspendedContent,
} as const;

export type Rules = typeof rules;
export type Action = keyof Rules;
