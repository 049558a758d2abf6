import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { latestPosts, postForViewer } from '../services/posts';
import { publicProcedure, router } from '../trpc';

const postId = z.string().regex(/^[0-9a-f]{8,16}$/, 'A story id is 8 to 16 hex characters.');

export const postsRouter = router({
  /** Newest published stories for the home page, keyset-paged. */
  latest: publicProcedure
    .input(
      z.object({
        limit: z.number().int().min(1).max(50).default(20),
        cursor: z.object({ at: z.iso.datetime(), id: postId }).nullish(),
      }),
    )
    .query(({ ctx, input }) =>
      latestPosts(ctx.em, {
        limit: input.limit,
        before: input.cursor ? { at: new Date(input.cursor.at), id: input.cursor.id } : undefined,
      }),
    ),
  /** One story for its page; NOT_FOUND when missing or not visible to the viewer. */
  byId: publicProcedure.input(z.object({ id: postId })).query(async ({ ctx, input }) => {
    const post = await postForViewer(ctx.em, ctx.viewer, input.id);
    if (!post) throw new TRPCError({ code: 'NOT_FOUND', message: 'This story does not exist.' });
    return post;
  }),
});
