import { generalTexts, postResultTexts, socialMenuTexts } from './messages';

/**
 * The refusals of the access rules (packages/api/src/policies). The spec gives no wording for most of them;
 * these are ours, in the voice of the spec's other messages.
 */
export const accessTexts = {
  signIn: 'You need to sign in first.',
  membersOnly: 'This is available to members only.',
  storyNotFound: postResultTexts.NotFound,
  suspendedAccount: generalTexts.accountUnderInvestigation,
  editStory: 'Only the author or an editor of its publication can edit this story.',
  editMembersOnlyStory: 'Editing members-only stories is not available to you.',
  lockStory:
    'Only Partner Program writers, and the editors of a publication for its stories, can make a story members-only.',
  deleteStory: 'Only the author can delete this story.',
  restoreStory: 'Only the author can restore this story.',
  friendLink: 'Only the author can share a friend link to this story.',
  viewStats: 'Only the author and the editors of its publication can see the stats of this story.',
  writeForPublication: 'You can write for a publication only after its editors add you as a writer.',
  notAWriter: 'You are not a writer or editor of that publication.',
  approveSubmission: 'Only the editors of the publication can approve this story.',
  managePublication: 'Only the editors of this publication can do that.',
  publicationNotFound: socialMenuTexts.publicationNotFound,
  profileNotFound: socialMenuTexts.profileNotFound,
  /** /{collectionSlug}/@{username} of a writer with no story on the publication's pages. */
  writerNotInPublication: 'This writer has no stories in this publication.',
  topicNotFound: 'This topic does not exist.',
  listNotFound: 'This list does not exist.',
  editList: 'Only the creator of this list can change it.',
  /** Old clients name the acting user; it must be the signed-in one. */
  otherUsersAction: socialMenuTexts.otherUsersAction,
  otherUsersFlags: 'You can only dismiss your own flags.',
  otherUsersTaxForms: 'You can only see your own tax forms.',
} as const;
