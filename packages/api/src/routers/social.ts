import { z } from 'zod';
import {
  collectionViewerEdge,
  followCollection,
  followUser,
  reportCollection,
  reportUser,
  setCollectionMuted,
  setUserBlocked,
  setUserMuted,
  unfollowCollection,
  unfollowUser,
  userViewerEdge,
} from '../services/social';
import { authedProcedure, publicProcedure, router } from '../trpc';

const entityId = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[0-9a-f]{8,16}$/, `A ${what} id is 8 to 16 hex characters.`);

const targetUser = z.object({ targetUserId: entityId('user') });
const targetCollection = z.object({ targetCollectionId: entityId('publication') });
const reason = z.string().trim().max(2000, 'A report reason is at most 2000 characters.').optional();

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

  /** Spec §7 FollowUser. */
  followUser: authedProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => followUser(em, ctx.viewer, input.targetUserId)),
    ),
  /** Spec §7 UnfollowUser. */
  unfollowUser: authedProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => unfollowUser(em, ctx.viewer, input.targetUserId)),
    ),
  /** Spec §7 FollowCollection. */
  followCollection: authedProcedure
    .input(targetCollection)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => followCollection(em, ctx.viewer, input.targetCollectionId)),
    ),
  /** Spec §7 UnfollowCollection. */
  unfollowCollection: authedProcedure
    .input(targetCollection)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => unfollowCollection(em, ctx.viewer, input.targetCollectionId)),
    ),

  /** Spec §7 muteUser / unmuteUser. */
  muteUser: authedProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => setUserMuted(em, ctx.viewer, input.targetUserId, true)),
    ),
  unmuteUser: authedProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => setUserMuted(em, ctx.viewer, input.targetUserId, false)),
    ),
  /** Spec §7 muteCollection / unmuteCollection. */
  muteCollection: authedProcedure
    .input(targetCollection)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => setCollectionMuted(em, ctx.viewer, input.targetCollectionId, true)),
    ),
  unmuteCollection: authedProcedure
    .input(targetCollection)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => setCollectionMuted(em, ctx.viewer, input.targetCollectionId, false)),
    ),

  /** Spec §7 blockUser / unblockUser. */
  blockUser: authedProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => setUserBlocked(em, ctx.viewer, input.targetUserId, true)),
    ),
  unblockUser: authedProcedure
    .input(targetUser)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => setUserBlocked(em, ctx.viewer, input.targetUserId, false)),
    ),

  /** Spec §7 reportAndMaybeBlockUser. */
  reportUser: authedProcedure
    .input(targetUser.extend({ alsoBlockUser: z.boolean().default(false), reason }))
    .mutation(({ ctx, input }) => ctx.em.transactional((em) => reportUser(em, ctx.viewer, input))),
  /** Spec §2 publication menu: report a publication. */
  reportCollection: authedProcedure
    .input(targetCollection.extend({ reason }))
    .mutation(({ ctx, input }) => ctx.em.transactional((em) => reportCollection(em, ctx.viewer, input))),
});
