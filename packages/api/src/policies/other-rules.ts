import {
  accessTexts,
  exportTexts,
  giftTexts,
  listTexts,
  membershipTexts,
  validationMessages,
} from '@quire/domain';
import {
  archivedRefusal,
  isMember,
  type ListSubject,
  type ProfileSubject,
  type PublicationSubject,
  type Refusal,
  refuse,
  roleIn,
  type TagSubject,
} from './facts';
import type { PolicyViewer } from './viewer';

/* The rules about publications, profiles, tags, lists and the account itself. */

/** Spec §6: any member of a publication (owner, editor, writer) writes for it, while it is not archived. */
function writeForPublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  if (!roleIn(viewer, publication.id)) return refuse('FORBIDDEN', accessTexts.notAWriter);
  return archivedRefusal(publication);
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
 * Following, clapping for or responding to a list: any signed-in reader who may see it, except its creator
 * and those the creator blocked (to whom it does not exist).
 */
function engageList(viewer: PolicyViewer, list: ListSubject): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  if (viewer.blockedBy.has(list.creator.id)) return refuse('NOT_FOUND', accessTexts.listNotFound);
  return (
    viewList(viewer, list) ??
    (viewer.user.id === list.creator.id ? refuse('BAD_REQUEST', listTexts.ownList) : null)
  );
}

/** Spec §5: any signed-in reader who may see a list responds to it, unless its creator closed discussion. */
function respondToList(
  viewer: PolicyViewer,
  list: ListSubject & { responsesLocked: boolean },
): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  if (viewer.blockedBy.has(list.creator.id)) return refuse('NOT_FOUND', accessTexts.listNotFound);
  return (
    viewList(viewer, list) ??
    (list.responsesLocked ? refuse('BAD_REQUEST', validationMessages.closedDiscussion('list')) : null)
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

/** Spec §6 disable_lite_gift_page: the gift landing and checkout are off for the viewer while it is on. */
function viewGiftPages(viewer: PolicyViewer): Refusal | null {
  return viewer.flags.has('disable_lite_gift_page') ? refuse('NOT_FOUND', giftTexts.giftsUnavailable) : null;
}

/** Buying a gift: any account while the gift pages are on; a group gift only with hasGroupGiftingEnabled (spec §3). */
function buyGift(viewer: PolicyViewer, gift: { type: 'GIFT' | 'GROUP_GIFT' }): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  const off = viewGiftPages(viewer);
  if (off) return off;
  return gift.type === 'GROUP_GIFT' && !viewer.user.hasGroupGiftingEnabled
    ? refuse('FORBIDDEN', giftTexts.groupGiftUnavailable)
    : null;
}

/** Redeeming a gift code: any account, its buyer too (the code is the key; counts are kept atomically). */
function redeemGift(viewer: PolicyViewer): Refusal | null {
  return accountRefusal(viewer.user, true);
}

/** Paying a checkout: only the account that started it; anyone else's session does not exist for them. */
function payCheckout(viewer: PolicyViewer, session: { userId: string | null }): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return session.userId === viewer.user.id ? null : refuse('NOT_FOUND', membershipTexts.checkoutNotFound);
}

/**
 * A data export (spec §2 /me/export/{exportId}): its owner alone sees it and downloads it; to anyone else it does
 * not exist, so another user's export id tells nothing.
 */
function viewExport(viewer: PolicyViewer, dataExport: { user: { id: string } }): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return viewer.user.id === dataExport.user.id ? null : refuse('NOT_FOUND', exportTexts.notFound);
}

/** Every question about publications, profiles, tags, lists and the account, by action. */
export const otherRules = {
  writeForPublication,
  viewProfile,
  actOnProfile,
  actAs,
  viewTag,
  viewList,
  editList,
  engageList,
  respondToList,
  useMemberFeatures,
  viewSuspendedContent,
  viewGiftPages,
  buyGift,
  redeemGift,
  payCheckout,
  viewExport,
} as const;
