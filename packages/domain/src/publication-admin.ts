import type { CollectionRole } from './enums';

/*
 * A publication's back office (spec §2 /new-publication, /{collectionSlug}/permissions; §3 Collection; §6
 * publication roles). The spec gives no limits or words for creating a publication or managing its people:
 * the limits and every word here are ours.
 */

export const PUBLICATION_LIMITS = {
  nameMax: 100,
  slugMin: 3,
  slugMax: 60,
  taglineMax: 200,
  descriptionMax: 500,
  tagsMax: 5,
  /** Days an invitation to join a publication stays open. */
  invitationDays: 7,
  /** Open invitations one publication may have at once. */
  invitationsOpen: 50,
  /** Publications one account may create. */
  createdPerAccount: 20,
} as const;

/** A publication slug: lower-case letters and digits in words joined by single dashes. */
export const PUBLICATION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The roles an invitation offers: ownership is handed over by its owner, never given by invitation. */
export const INVITABLE_ROLES = ['EDITOR', 'WRITER'] as const satisfies readonly CollectionRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const publicationAdminTexts = {
  newPublication: 'New publication',
  createTitle: 'Create a publication',
  createIntro:
    'A publication gathers stories from many writers under one name. You will be its owner: you invite editors and writers, review what they submit and decide how it looks.',
  name: 'Name',
  namePlaceholder: 'The name of your publication',
  slug: 'Address',
  slugHint: (slug: string) => `Its page will be /${slug || '…'}`,
  tagline: 'Tagline',
  taglinePlaceholder: 'A short line under the name',
  description: 'Description',
  descriptionPlaceholder: 'What readers will find here',
  tags: 'Topics',
  tagsHint: `Up to ${PUBLICATION_LIMITS.tagsMax} topics, separated by commas`,
  contactEmail: 'Contact email',
  contactEmailHint: 'Shown to readers on the publication’s about page (optional)',
  logo: 'Logo',
  logoHint: 'A wide image shown in the publication’s header',
  avatar: 'Avatar',
  avatarHint: 'A square image shown beside the publication’s name in lists',
  chooseImage: 'Choose an image',
  removeImage: 'Remove',
  uploading: 'Uploading…',
  create: 'Create publication',
  creating: 'Creating…',
  nameRequired: 'Give your publication a name.',
  nameTooLong: `A publication name is at most ${PUBLICATION_LIMITS.nameMax} characters.`,
  slugTooShort: `An address is at least ${PUBLICATION_LIMITS.slugMin} characters.`,
  slugTooLong: `An address is at most ${PUBLICATION_LIMITS.slugMax} characters.`,
  slugMalformed: 'Use lower-case letters, digits and single dashes between words.',
  slugReserved: 'That address is reserved. Please choose another.',
  slugTaken: 'That address is taken. Please choose another.',
  slugAvailable: 'That address is available.',
  taglineTooLong: `A tagline is at most ${PUBLICATION_LIMITS.taglineMax} characters.`,
  descriptionTooLong: `A description is at most ${PUBLICATION_LIMITS.descriptionMax} characters.`,
  tooManyTags: `Choose at most ${PUBLICATION_LIMITS.tagsMax} topics.`,
  tagMalformed: 'A topic is a word or a few words of letters and digits.',
  imageNotYours: 'Upload the image again: that one is not yours.',
  tooManyPublications: `You can create at most ${PUBLICATION_LIMITS.createdPerAccount} publications.`,
  created: 'Your publication is ready.',
  // People (/{collectionSlug}/permissions)
  peopleTitle: 'People',
  peopleIntro:
    'Editors publish, review submissions and change the publication. Writers submit stories for the editors to review.',
  roleOf: { OWNER: 'Owner', EDITOR: 'Editor', WRITER: 'Writer' } satisfies Record<CollectionRole, string>,
  you: '(you)',
  invite: 'Invite',
  inviteTitle: 'Invite someone',
  inviteWho: 'Username or email',
  inviteWhoPlaceholder: '@username or name@example.com',
  inviteRole: 'Role',
  inviteSent: (who: string) => `Invitation sent to ${who}.`,
  inviteWhoRequired: 'Enter a username or an email address.',
  noSuchUser: 'No one has that username.',
  cannotInvite: 'You cannot invite this person.',
  alreadyMember: (name: string) => `${name} already belongs to this publication.`,
  alreadyInvited: 'This person already has an open invitation. It has been sent again.',
  tooManyInvitations: `A publication can have at most ${PUBLICATION_LIMITS.invitationsOpen} open invitations. Revoke some first.`,
  pendingInvitations: 'Open invitations',
  invitedAs: (role: string) => `Invited as ${role.toLowerCase()}`,
  expires: (date: string) => `expires ${date}`,
  revoke: 'Revoke',
  revoked: 'Invitation revoked.',
  makeRole: (role: string) => `Make ${role.toLowerCase()}`,
  roleChanged: (name: string, role: string) =>
    `${name} is now ${role === 'Editor' ? 'an' : 'a'} ${role.toLowerCase()}.`,
  remove: 'Remove',
  removeConfirm: (name: string) => `Remove ${name} from this publication? Their published stories stay.`,
  removed: (name: string) => `${name} was removed.`,
  makeOwner: 'Make owner',
  makeOwnerConfirm: (name: string) =>
    `Make ${name} the owner? You will become an editor, and only they can make you owner again.`,
  ownershipTransferred: (name: string) => `${name} is now the owner.`,
  leave: 'Leave publication',
  leaveConfirm: 'Leave this publication? You can only come back if an editor invites you again.',
  left: (name: string) => `You left ${name}.`,
  // Settings (/{collectionSlug}/settings)
  settingsTitle: 'Publication settings',
  settingsAbout: 'About',
  save: 'Save',
  saved: 'Your publication is saved.',
  settingsLinks: 'More settings',
  customDomain: 'Custom domain',
  customDomainLead:
    'Serve your publication and its stories at a domain you own, like magazine.example.com. You keep the domain; we answer for it once its DNS records point here.',
  followersTitle: 'Followers',
  followersCount: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'follower' : 'followers'}`,
  exportFollowers: 'Export followers as CSV',
  followersCsvHeader: 'name,username,followed_at',
  deleteTitle: 'Delete publication',
  deleteLead:
    'Deleting the publication removes its pages, people, invitations and domain. Its stories stay published under their writers’ names.',
  deleteConfirmLabel: (name: string) => `Type “${name}” to confirm`,
  deleteButton: 'Delete this publication',
  deleteMismatch: 'Type the publication’s name exactly to delete it.',
  deleted: (name: string) => `${name} was deleted.`,
  onlyOwnerDeletes: 'Only the owner can delete the publication.',
  archiveTitle: 'Archive publication',
  archiveLead:
    'An archived publication keeps its pages and stories for readers, but takes no new stories, submissions or people. Pending submissions go back to their writers as drafts. You can bring it back at any time.',
  archiveButton: 'Archive this publication',
  unarchiveButton: 'Bring the publication back',
  archivedLead: 'This publication is archived. Bring it back to publish in it and invite people again.',
  archived: (name: string) => `${name} is archived.`,
  unarchived: (name: string) => `${name} is active again.`,
  archivedNotice: 'This publication is archived. Its stories stay here to read; it publishes no new ones.',
  archivedRefusal: 'This publication is archived: it takes no new stories or people.',
  onlyOwnerArchives: 'Only the owner can archive the publication or bring it back.',
  // Refusals of the rules
  onlyOwnerEditors: 'Only the owner can add, change or remove editors.',
  onlyOwnerTransfers: 'Only the owner can hand over the publication.',
  ownerStays: 'The owner cannot be removed or changed. The owner can make someone else the owner first.',
  ownerCannotLeave: 'The owner cannot leave. Make someone else the owner first.',
  notAMember: 'You do not belong to this publication.',
  notAMemberOf: 'That person does not belong to this publication.',
  transferToMember: 'Ownership goes to an editor or writer of the publication.',
  // Invitations (the invitee's side, /me/publications)
  invitationsTitle: 'Invitations',
  invitationLine: (inviter: string, role: string) =>
    `${inviter} invited you to join as ${role === 'Editor' ? 'an' : 'a'} ${role.toLowerCase()}`,
  accept: 'Accept',
  decline: 'Decline',
  accepted: (name: string) => `You joined ${name}.`,
  declined: 'Invitation declined.',
  invitationNotFound: 'This invitation does not exist or was withdrawn.',
  invitationExpired: 'This invitation has expired. Ask the publication’s editors for a new one.',
  invitationSubject: (publication: string) => `You are invited to join ${publication}`,
  invitationText: (inviter: string, publication: string, role: string, link: string, days: number) =>
    `${inviter} invited you to join ${publication} as ${role === 'Editor' ? 'an' : 'a'} ${role.toLowerCase()}.\n\nSign in with this email address and answer the invitation (it stays open for ${days} days):\n${link}`,
} as const;

/** What is wrong with a slug's form (length and characters), or null; whether it is free is the server's question. */
export function publicationSlugError(slug: string): string | null {
  if (slug.length < PUBLICATION_LIMITS.slugMin) return publicationAdminTexts.slugTooShort;
  if (slug.length > PUBLICATION_LIMITS.slugMax) return publicationAdminTexts.slugTooLong;
  return PUBLICATION_SLUG_PATTERN.test(slug) ? null : publicationAdminTexts.slugMalformed;
}
