import {
  accessTexts,
  clapTexts,
  noteTexts,
  type PostVisibility,
  responseTexts,
  validationMessages,
} from '@quire/domain';
import {
  editsStory,
  isAuthor,
  isEditorOf,
  isMember,
  type PostSubject,
  type PostUnavailableReason,
  type Refusal,
  refuse,
  roleIn,
  storyNotFound,
} from './facts';
import type { PolicyViewer } from './viewer';

/* The rules about stories: seeing, reading in full, editing, locking, sharing, clapping, responding. */

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

/** A private note on a story: a signed-in reader who may see it, not its author, when the author takes notes. */
function leaveNote(viewer: PolicyViewer, post: PostSubject & { creator: { allowPrivateNotes: boolean } }) {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  const hidden = viewPublishedPost(viewer, post);
  if (hidden) return hidden;
  if (isAuthor(viewer, post)) return refuse('BAD_REQUEST', noteTexts.ownStory);
  return post.creator.allowPrivateNotes ? null : refuse('BAD_REQUEST', noteTexts.notAllowed);
}

/** A private note and its replies: the reader who left it and the story's writer alone; to anyone else it does not exist. */
function viewNote(viewer: PolicyViewer, note: { user: { id: string }; post: { creator: { id: string } } }) {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return viewer.user.id === note.user.id || viewer.user.id === note.post.creator.id
    ? null
    : refuse('NOT_FOUND', noteTexts.notFound);
}

/** Every question about a story, by action. */
export const storyRules = {
  viewPost,
  viewPublishedPost,
  readFullText,
  readListedText,
  editPost,
  lockPost,
  deletePost: authorOnly(accessTexts.deleteStory),
  restorePost: authorOnly(accessTexts.restoreStory),
  hideResponses: authorOnly(responseTexts.onlyAuthorHides),
  closeDiscussion: authorOnly(responseTexts.onlyAuthorCloses),
  getFriendLink,
  viewPostStats,
  clapPost,
  respondToPost,
  approveSubmission,
  leaveNote,
  viewNote,
} as const;
