import { z } from 'zod';
import { entityId, timeCursor, username } from '../schemas';
import { FOR_YOU_MAX_OFFSET, followingFeed } from '../services/feed';
import { profileHeader, profileStories } from '../services/profiles';
import { STORY_PAGE_SIZE } from '../services/story-lists';
import { userResult } from '../services/viewer-edges';
import { authedProcedure, publicProcedure, router } from '../trpc';

/** The story list cursor, for routers.posts until it reads schemas.ts itself. */

export const profilesRouter = router({
  /** Spec §7 userResult / UserSearchQuery: a user by id or username. */
  userResult: publicProcedure
    .input(
      z
        .object({ id: entityId('user').optional(), username: username.optional() })
        .refine((by) => by.id || by.username, 'Give a user id or a username.'),
    )
    .query(({ ctx, input }) => userResult(ctx.em, ctx.viewer, input)),
  /** Spec §2 /@{username}: the profile header, with the spec §3 User viewerEdge fields it shows. */
  byUsername: publicProcedure
    .input(z.object({ username }))
    .query(({ ctx, input }) => profileHeader(ctx.em, ctx.viewer, input.username)),

  /** Spec §2 /@{username}/latest: the writer's published public stories, newest first. */
  stories: publicProcedure
    .input(z.object({ username, cursor: timeCursor }))
    .query(({ ctx, input }) =>
      profileStories(ctx.em, ctx.viewer, input.username, input.cursor, { cacheMs: ctx.env.forYouCacheMs }),
    ),

  /** The home page's Following tab (`followingFeed` in services/feed.ts), offset-paged. */
  followingFeed: authedProcedure
    .input(z.object({ cursor: z.number().int().min(0).max(FOR_YOU_MAX_OFFSET).nullish() }))
    .query(({ ctx, input }) =>
      followingFeed(ctx.em, ctx.viewer, { offset: input.cursor ?? 0, limit: STORY_PAGE_SIZE }),
    ),
});
