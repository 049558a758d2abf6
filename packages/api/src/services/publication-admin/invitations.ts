import type { EntityManager } from '@mikro-orm/postgresql';
import { CollectionInvitation, CollectionMember, User } from '@quire/db';
import {
  EMAIL_PATTERN,
  type InvitePersonInput,
  normalizeEmail,
  PUBLICATION_LIMITS,
  quireRoutes,
  publicationAdminTexts as texts,
} from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { TRPCError } from '@trpc/server';
import { authorize, can, enforce, loadPolicyViewer } from '../../policies';
import type { Context } from '../../trpc';
import { fieldError } from '../account/field-errors';
import { userByEmail } from '../auth/accounts';
import { notify } from '../notifications';
import { changed, changing } from './people';

/*
 * Invitations to join a publication (spec §6 roles). An editor invites by username or email; the invitee is
 * mailed (through the outbox, with the change) and, when they have an account, notified. They answer on
 * /me/publications, signed in as the invited account or with the invited address verified.
 */

const DAY_MS = 86_400_000;

/** The account (and the address to mail) an invitation's 'who' names: '@username', 'username' or an email. */
async function invitee(em: EntityManager, who: string): Promise<{ user: User | null; email: string | null }> {
  if (EMAIL_PATTERN.test(who)) {
    const email = normalizeEmail(who);
    return { user: await userByEmail(em, email), email };
  }
  const user = await em.findOne(User, { username: who.replace(/^@/, ''), isDeleted: false });
  if (!user) throw fieldError('who', texts.noSuchUser);
  return { user, email: user.email ?? null };
}

/**
 * Invites someone as an editor or writer. Inviting someone who already has an open invitation sends it again
 * with the new role and a fresh expiry, so a publication never holds two for one person.
 */
export async function invitePerson(em: EntityManager, ctx: Context, viewer: User, input: InvitePersonInput) {
  const { collection, policy } = await changing(em, viewer, input.collectionId);
  authorize(policy, 'invitePeople', collection, input.role);
  const { user, email } = await invitee(em, input.who);
  if (user) {
    if (!can(policy, 'inviteAccount', await loadPolicyViewer(em, user)))
      throw fieldError('who', texts.cannotInvite);
    if (await em.count(CollectionMember, { collection: collection.id, user: user.id }))
      throw fieldError('who', texts.alreadyMember(user.name), 'CONFLICT');
  }
  const now = ctx.now();
  const open = { collection: collection.id, status: 'PENDING' as const, expiresAt: { $gt: now } };
  const existing = await em.findOne(
    CollectionInvitation,
    user ? { ...open, user: user.id } : { ...open, email },
  );
  if (!existing && (await em.count(CollectionInvitation, open)) >= PUBLICATION_LIMITS.invitationsOpen)
    throw fieldError('who', texts.tooManyInvitations, 'TOO_MANY_REQUESTS');
  const invitation =
    existing ??
    em.create(CollectionInvitation, {
      collection: collection.id,
      user: user?.id ?? null,
      email: user ? null : email,
      role: input.role,
      expiresAt: now,
    });
  invitation.role = input.role;
  invitation.invitedBy = viewer;
  invitation.expiresAt = new Date(now.getTime() + PUBLICATION_LIMITS.invitationDays * DAY_MS);
  await em.flush();
  const role = texts.roleOf[input.role];
  if (email) {
    const link = `${ctx.env.publicUrl}${quireRoutes.build('ShowYourCollections')}`;
    enqueueEmail(em, {
      category: 'transactional',
      to: email,
      subject: texts.invitationSubject(collection.name),
      template: 'publication-invitation',
      payload: {
        link,
        text: texts.invitationText(
          viewer.name,
          collection.name,
          role,
          link,
          PUBLICATION_LIMITS.invitationDays,
        ),
      },
    });
  }
  if (user)
    await notify(em, {
      recipient: user.id,
      type: 'collection_invitation',
      actor: viewer.id,
      collection: collection.id,
    });
  await em.flush();
  return { message: existing ? texts.alreadyInvited : texts.inviteSent(user ? user.name : (email ?? '')) };
}

/** Withdraws an open invitation. */
export async function revokeInvitation(em: EntityManager, viewer: User, input: { invitationId: string }) {
  const invitation = await em.findOne(CollectionInvitation, { id: input.invitationId, status: 'PENDING' });
  if (!invitation) throw new TRPCError({ code: 'NOT_FOUND', message: texts.invitationNotFound });
  const { collection, policy } = await changing(em, viewer, invitation.collection.id);
  authorize(policy, 'invitePeople', collection, invitation.role as 'EDITOR' | 'WRITER');
  invitation.status = 'REVOKED';
  invitation.answeredAt = new Date();
  await changed(em, collection, []);
  return { message: texts.revoked };
}

/** The open invitations addressed to the viewer: to their account, or to their verified email. */
export async function yourInvitations(em: EntityManager, viewer: User, now: Date) {
  const to = [
    { user: viewer.id },
    ...(viewer.email && viewer.emailVerifiedAt ? [{ email: viewer.email }] : []),
  ];
  const rows = await em.find(
    CollectionInvitation,
    { $or: to, status: 'PENDING', expiresAt: { $gt: now } },
    {
      populate: ['collection', 'invitedBy'],
      fields: [
        'role',
        'expiresAt',
        'collection.id',
        'collection.name',
        'collection.slug',
        'collection.avatarId',
        'invitedBy.name',
      ],
      orderBy: { createdAt: 'desc', id: 'desc' },
    },
  );
  return {
    invitations: rows.map((i) => ({
      id: i.id,
      role: i.role as 'EDITOR' | 'WRITER',
      expiresAt: i.expiresAt.toISOString(),
      inviter: i.invitedBy?.name ?? null,
      publication: {
        id: i.collection.id,
        name: i.collection.name,
        slug: i.collection.slug,
        avatarId: i.collection.avatarId ?? null,
      },
    })),
  };
}

/** Accepts or declines an invitation addressed to the viewer; accepting makes them a member with its role. */
export async function answerInvitation(
  em: EntityManager,
  viewer: User,
  input: { invitationId: string; accept: boolean },
  now: Date,
) {
  const found = await em.findOne(CollectionInvitation, input.invitationId, { fields: ['id', 'collection'] });
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: texts.invitationNotFound });
  const { collection } = await changing(em, viewer, found.collection.id);
  // Read again under the lock: a revoke or a second answer may have come first.
  const invitation = await em.findOneOrFail(CollectionInvitation, found.id, { refresh: true });
  await enforce(em, viewer, 'answerInvitation', {
    user: invitation.user ?? null,
    email: invitation.email ?? null,
  });
  if (invitation.status !== 'PENDING')
    throw new TRPCError({ code: 'NOT_FOUND', message: texts.invitationNotFound });
  if (invitation.expiresAt <= now)
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.invitationExpired });
  invitation.status = input.accept ? 'ACCEPTED' : 'DECLINED';
  invitation.answeredAt = now;
  if (input.accept && !(await em.count(CollectionMember, { collection: collection.id, user: viewer.id })))
    em.create(CollectionMember, { collection: collection.id, user: viewer.id, role: invitation.role });
  await changed(em, collection, [viewer.id]);
  return {
    message: input.accept ? texts.accepted(collection.name) : texts.declined,
    url: quireRoutes.build('ShowCollectionHome', { collectionSlug: collection.slug }),
  };
}
