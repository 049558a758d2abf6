import { accessTexts, type CollectionRole, publicationAdminTexts as texts } from '@quire/domain';
import { archivedRefusal, isEditorOf, type PublicationSubject, type Refusal, refuse, roleIn } from './facts';
import { accountRefusal } from './other-rules';
import type { PolicyViewer } from './viewer';

/* The rules of a publication's back office: creating one, and who may change its people (spec §6). */

/** A member of a publication, as the rules about changing them read it. */
export interface MemberSubject {
  user: { id: string };
  role: CollectionRole;
}

/** An invitation, as the rule about answering it reads it. */
export interface InvitationSubject {
  user: { id: string } | null;
  email: string | null;
}

/** Spec §3 Collection visibility: a PRIVATE publication is seen only by its members; to others it does not exist. */
export function viewPublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  return publication.visibility !== 'PRIVATE' || roleIn(viewer, publication.id)
    ? null
    : refuse('NOT_FOUND', accessTexts.publicationNotFound);
}

/** Spec §6: owners and editors run a publication (publish in it, review, change it, invite people). */
export function managePublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  return (
    viewPublication(viewer, publication) ??
    (isEditorOf(viewer, publication.id) ? null : refuse('FORBIDDEN', accessTexts.managePublication))
  );
}

/** Any account in good standing creates publications (how many is the service's count). */
function createPublication(viewer: PolicyViewer): Refusal | null {
  return accountRefusal(viewer.user, true);
}

/** Owners and editors invite writers; only the owner brings in editors; an archived publication takes nobody new. */
function invitePeople(
  viewer: PolicyViewer,
  publication: PublicationSubject,
  role: Exclude<CollectionRole, 'OWNER'>,
): Refusal | null {
  const managing = managePublication(viewer, publication) ?? archivedRefusal(publication);
  if (managing) return managing;
  return role === 'EDITOR' && roleIn(viewer, publication.id) !== 'OWNER'
    ? refuse('FORBIDDEN', texts.onlyOwnerEditors)
    : null;
}

/**
 * Inviting one account: not a suspended one, and not when either of the two blocked the other (the invitee's
 * facts say whom they are blocked by; the viewer's, who blocked the viewer).
 */
function inviteAccount(viewer: PolicyViewer, invitee: PolicyViewer): Refusal | null {
  if (!viewer.user) return accountRefusal(null, false);
  const other = invitee.user;
  if (!other || other.isSuspended || viewer.blockedBy.has(other.id) || invitee.blockedBy.has(viewer.user.id))
    return refuse('FORBIDDEN', texts.cannotInvite);
  return null;
}

/**
 * Changing a member's role or removing them: owners change anyone but themselves; editors only writers, and
 * never into editors. The owner stays until they hand the publication over.
 */
function manageMember(
  viewer: PolicyViewer,
  publication: PublicationSubject,
  member: MemberSubject,
  to: Exclude<CollectionRole, 'OWNER'> | null = null,
): Refusal | null {
  const managing = managePublication(viewer, publication);
  if (managing) return managing;
  if (member.role === 'OWNER') return refuse('FORBIDDEN', texts.ownerStays);
  if (roleIn(viewer, publication.id) === 'OWNER') return null;
  return member.role === 'EDITOR' || to === 'EDITOR' ? refuse('FORBIDDEN', texts.onlyOwnerEditors) : null;
}

/** Handing the publication over: its owner alone. */
function transferOwnership(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  const managing = managePublication(viewer, publication);
  if (managing) return managing;
  return roleIn(viewer, publication.id) === 'OWNER' ? null : refuse('FORBIDDEN', texts.onlyOwnerTransfers);
}

/** Deleting the publication: its owner alone. */
function deletePublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  const managing = managePublication(viewer, publication);
  if (managing) return managing;
  return roleIn(viewer, publication.id) === 'OWNER' ? null : refuse('FORBIDDEN', texts.onlyOwnerDeletes);
}

/** Archiving the publication or bringing it back: its owner alone. */
function archivePublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  const managing = managePublication(viewer, publication);
  if (managing) return managing;
  return roleIn(viewer, publication.id) === 'OWNER' ? null : refuse('FORBIDDEN', texts.onlyOwnerArchives);
}

/** Leaving: any member but the owner, who hands the publication over first. */
function leavePublication(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  const account = accountRefusal(viewer.user, true);
  if (account) return account;
  const role = roleIn(viewer, publication.id);
  if (!role) return refuse('BAD_REQUEST', texts.notAMember);
  return role === 'OWNER' ? refuse('BAD_REQUEST', texts.ownerCannotLeave) : null;
}

/**
 * Answering an invitation: only the account it names, or one whose verified email is the address it was sent
 * to. To anyone else it does not exist.
 */
function answerInvitation(viewer: PolicyViewer, invitation: InvitationSubject): Refusal | null {
  const account = accountRefusal(viewer.user, true);
  if (account) return account;
  const user = viewer.user!;
  if (invitation.user) {
    return invitation.user.id === user.id ? null : refuse('NOT_FOUND', texts.invitationNotFound);
  }
  const byEmail = !!invitation.email && !!user.emailVerifiedAt && user.email === invitation.email;
  return byEmail ? null : refuse('NOT_FOUND', texts.invitationNotFound);
}

/** Every question about running a publication, by action. */
export const publicationRules = {
  viewPublication,
  managePublication,
  createPublication,
  invitePeople,
  inviteAccount,
  manageMember,
  transferOwnership,
  deletePublication,
  archivePublication,
  leavePublication,
  answerInvitation,
} as const;
