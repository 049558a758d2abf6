import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import { textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import {
  collectionViewerEdge,
  reportCollection,
  reportUser,
  setCollectionFollowed,
  setCollectionMuted,
  setTagFollowed,
  setUserBlocked,
  setUserFollowed,
  setUserMuted,
  userViewerEdge,
} from '../services/social';
import { enforceActingAs } from '../services/viewer';
import { publicProcedure, router, transactionalProcedure } from '../trpc';

const targetUser = z.object({ targetUserId: entityId('user') });
/** Old clients name the acting user as userId or viewerId; the procedure checks it is the viewer. */
const actingUser = z.object({ userId: entityId('user').optional(), viewerId: entityId('user').optional() });
const targetCollection = z.object({ targetCollectionId: entityId('publication') });
const reason = textInput().trim().max(2000, 'A report reason is at most 2000 characters.').optional();

/** A service call that turns the viewer's follow, mute or block of a target on or off. */
type Toggle<R> = (em: EntityManager, viewer: User, targetId: string, on: boolean) => Promise<R>;

/** One side (`on`) of a toggle as a mutation on a user, in one transaction. */
const userToggle = <R>(toggle: Toggle<R>, on: boolean) =>
  transactionalProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) => toggle(ctx.em, ctx.viewer, input.targetUserId, on));

/** One side (`on`) of a toggle as a mutation on a publication, in one transaction. */
const collectionToggle = <R>(toggle: Toggle<R>, on: boolean) =>
  transactionalProcedure
    .input(targetCollection)
    .mutation(({ ctx, input }) => toggle(ctx.em, ctx.viewer, input.targetCollectionId, on));

/** One side (`on`) of a block, for the viewer or the acting user an old client names (only themself). */
const blockToggle = (on: boolean) =>
  transactionalProcedure.input(targetUser.extend(actingUser.shape)).mutation(async ({ ctx, input }) => {
    await enforceActingAs(ctx.em, ctx.viewer, [input.userId, input.viewerId]);
    return setUserBlocked(ctx.em, ctx.viewer, input.targetUserId, on);
  });

/** Spec §4 Follow/unfollow, Mute/unmute, Block/unblock, Report; each mutation is one transaction. */
export const socialRouter = router({
  /** Spec §7 UserViewerEdge: the viewer's follow, mute and block of a user (all false when signed out). */
  userEdge: publicProcedure
    .input(z.object({ userId: entityId('user') }))
    .query(({ ctx, input }) => userViewerEdge(ctx.em, ctx.viewer?.id ?? null, input.userId)),
  /** Spec §7 CollectionViewerEdge (follow and mute part). */
  collectionEdge: publicProcedure
    .input(z.object({ collectionId: entityId('publication') }))
    .query(({ ctx, input }) => collectionViewerEdge(ctx.em, ctx.viewer?.id ?? null, input.collectionId)),

  /** Spec §7 FollowUser / UnfollowUser. */
  followUser: userToggle(setUserFollowed, true),
  unfollowUser: userToggle(setUserFollowed, false),
  /** Spec §7 FollowCollection / UnfollowCollection. */
  followCollection: collectionToggle(setCollectionFollowed, true),
  unfollowCollection: collectionToggle(setCollectionFollowed, false),

  /** Spec §7 muteUser / unmuteUser. */
  muteUser: userToggle(setUserMuted, true),
  unmuteUser: userToggle(setUserMuted, false),
  /** Spec §7 muteCollection / unmuteCollection. */
  muteCollection: collectionToggle(setCollectionMuted, true),
  unmuteCollection: collectionToggle(setCollectionMuted, false),

  /** Spec §7 blockUser / unblockUser. */
  blockUser: blockToggle(true),
  unblockUser: blockToggle(false),

  /** Following a topic: its follower count and the viewer's edge. */
  followTag: transactionalProcedure
    .input(z.object({ tagId: entityId('topic') }))
    .mutation(({ ctx, input }) => setTagFollowed(ctx.em, ctx.viewer, input.tagId, true)),
  unfollowTag: transactionalProcedure
    .input(z.object({ tagId: entityId('topic') }))
    .mutation(({ ctx, input }) => setTagFollowed(ctx.em, ctx.viewer, input.tagId, false)),

  /** Spec §7 reportAndMaybeBlockUser. */
  reportUser: transactionalProcedure
    .input(targetUser.extend({ ...actingUser.shape, alsoBlockUser: z.boolean().default(false), reason }))
    .mutation(async ({ ctx, input: { userId, viewerId, ...report } }) => {
      await enforceActingAs(ctx.em, ctx.viewer, [userId, viewerId]);
      return reportUser(ctx.em, ctx.viewer, report);
    }),
  /** Spec §2 publication menu: report a publication. */
  reportCollection: transactionalProcedure
    .input(targetCollection.extend({ reason }))
    .mutation(({ ctx, input }) => reportCollection(ctx.em, ctx.viewer, input)),
});
