import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CollectionInvitation, CollectionMember, type User } from '@quire/db';
import {
  accessTexts,
  type CollectionRole,
  type InvitableRole,
  publicationAdminTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { authorize, can, forgetPolicyViewers, loadPolicyViewer } from '../../policies';
import { purgeCacheTags } from '../cache-purge';
import { lockUntilCommit } from '../locks';

/*
 * A publication's people (spec §2 /{collectionSlug}/permissions; §6 roles): who belongs to it and as what, the
 * invitations still open, and the changes the rules allow each viewer. Every change runs in the caller's
 * transaction, under the publication's lock, so two editors' changes take turns.
 */

const ROLE_ORDER: Record<CollectionRole, number> = { OWNER: 0, EDITOR: 1, WRITER: 2 };

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: accessTexts.publicationNotFound });

/** The publication a path or a form names, with what the rules read of it. */
export async function publicationFor(em: EntityManager, where: { slug: string } | { id: string }) {
  const collection = await em.findOne(Collection, where, {
    fields: ['id', 'name', 'slug', 'visibility', 'archivedAt'],
  });
  if (!collection) throw notFound();
  return collection;
}

type PublicationRow = Awaited<ReturnType<typeof publicationFor>>;

/** The publication a form or path names, for one of its owners or editors (managePublication). */
export async function managedPublication(
  em: EntityManager,
  viewer: User,
  where: { slug: string } | { id: string },
) {
  const collection = await publicationFor(em, where);
  authorize(await loadPolicyViewer(em, viewer), 'managePublication', collection);
  return collection;
}

/** Writes a change to a publication and purges its cached pages, so they show it at once. */
export async function publicationChanged(em: EntityManager, collectionId: string) {
  await em.flush();
  await purgeCacheTags(em, [`collection-${collectionId}`]);
}

/** One member, by publication and user; a refusal naming the person when they do not belong. */
async function memberOf(em: EntityManager, collection: PublicationRow, userId: string) {
  const member = await em.findOne(
    CollectionMember,
    { collection: collection.id, user: userId },
    { populate: ['user'], fields: ['role', 'user.id', 'user.name'] },
  );
  if (!member) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notAMemberOf });
  return member;
}

const personOf = (user: Pick<User, 'id' | 'name' | 'username' | 'imageId'>) => ({
  id: user.id,
  name: user.name,
  username: user.username,
  imageId: user.imageId ?? null,
});

/** /{collectionSlug}/permissions: the members, the open invitations and what the viewer may change. */
export async function publicationPeople(em: EntityManager, viewer: User, slug: string, now: Date) {
  const collection = await publicationFor(em, { slug });
  const policy = await loadPolicyViewer(em, viewer);
  authorize(policy, 'managePublication', collection);
  const [members, invitations] = await Promise.all([
    em.find(
      CollectionMember,
      { collection: collection.id },
      {
        populate: ['user'],
        fields: ['role', 'createdAt', 'user.id', 'user.name', 'user.username', 'user.imageId'],
      },
    ),
    em.find(
      CollectionInvitation,
      { collection: collection.id, status: 'PENDING', expiresAt: { $gt: now } },
      {
        populate: ['user'],
        fields: [
          'role',
          'email',
          'expiresAt',
          'createdAt',
          'user.id',
          'user.name',
          'user.username',
          'user.imageId',
        ],
        orderBy: { createdAt: 'desc', id: 'desc' },
      },
    ),
  ]);
  members.sort(
    (a, b) =>
      ROLE_ORDER[a.role as CollectionRole] - ROLE_ORDER[b.role as CollectionRole] ||
      a.user.name.localeCompare(b.user.name),
  );
  const canTransfer = can(policy, 'transferOwnership', collection);
  return {
    publication: { id: collection.id, name: collection.name, slug: collection.slug },
    canLeave: can(policy, 'leavePublication', collection),
    canInviteEditors: can(policy, 'invitePeople', collection, 'EDITOR'),
    members: members.map((m) => {
      const subject = { user: m.user, role: m.role as CollectionRole };
      return {
        user: personOf(m.user),
        role: m.role as CollectionRole,
        isViewer: m.user.id === viewer.id,
        canRemove: can(policy, 'manageMember', collection, subject),
        canMakeEditor: can(policy, 'manageMember', collection, subject, 'EDITOR'),
        canMakeWriter: can(policy, 'manageMember', collection, subject, 'WRITER'),
        canMakeOwner: canTransfer && m.role !== 'OWNER',
      };
    }),
    invitations: invitations.map((i) => ({
      id: i.id,
      role: i.role as InvitableRole,
      user: i.user ? personOf(i.user) : null,
      email: i.user ? null : i.email,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** Takes the publication's lock and the viewer's rules for one change to its people. */
export async function changing(em: EntityManager, viewer: User, collectionId: string) {
  const collection = await publicationFor(em, { id: collectionId });
  await lockUntilCommit(em, `publication-people:${collection.id}`);
  return { collection, policy: await loadPolicyViewer(em, viewer) };
}

/** The cache and the rules forget the old roles once a change is written. */
export async function changed(em: EntityManager, collection: PublicationRow, userIds: string[]) {
  await em.flush();
  forgetPolicyViewers();
  await purgeCacheTags(em, [`collection-${collection.id}`, ...userIds.map((id) => `user-${id}`)]);
}

/** Makes a writer an editor or an editor a writer. */
export async function changeRole(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; userId: string; role: InvitableRole },
) {
  const { collection, policy } = await changing(em, viewer, input.collectionId);
  const member = await memberOf(em, collection, input.userId);
  authorize(
    policy,
    'manageMember',
    collection,
    { user: member.user, role: member.role as CollectionRole },
    input.role,
  );
  member.role = input.role;
  await changed(em, collection, [member.user.id]);
  return { message: texts.roleChanged(member.user.name, texts.roleOf[input.role]) };
}

/** Removes a member; their published stories stay in the publication. */
export async function removeMember(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; userId: string },
) {
  const { collection, policy } = await changing(em, viewer, input.collectionId);
  const member = await memberOf(em, collection, input.userId);
  authorize(policy, 'manageMember', collection, { user: member.user, role: member.role as CollectionRole });
  em.remove(member);
  await changed(em, collection, [member.user.id]);
  return { message: texts.removed(member.user.name) };
}

/** Hands the publication to another member; the owner becomes an editor. */
export async function transferOwnership(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; userId: string },
) {
  const { collection, policy } = await changing(em, viewer, input.collectionId);
  authorize(policy, 'transferOwnership', collection);
  if (input.userId === viewer.id)
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.transferToMember });
  const member = await memberOf(em, collection, input.userId);
  const owner = await memberOf(em, collection, viewer.id);
  owner.role = 'EDITOR';
  member.role = 'OWNER';
  await changed(em, collection, [member.user.id, viewer.id]);
  return { message: texts.ownershipTransferred(member.user.name) };
}

/** The viewer leaves a publication they write or edit for. */
export async function leavePublication(em: EntityManager, viewer: User, input: { collectionId: string }) {
  const { collection, policy } = await changing(em, viewer, input.collectionId);
  authorize(policy, 'viewPublication', collection);
  authorize(policy, 'leavePublication', collection);
  const member = await memberOf(em, collection, viewer.id);
  em.remove(member);
  await changed(em, collection, [viewer.id]);
  return { message: texts.left(collection.name) };
}
