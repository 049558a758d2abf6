import { textInput } from '@quire/domain';
import { z } from 'zod';
import { paywallReaderOf } from '../services/paywall';
import { hasRead, recordRead, recordView } from '../services/reading';
import { publicProcedure, router } from '../trpc';

const postId = textInput()
  .trim()
  .min(1, 'A story id is required.')
  .max(32, 'A story id is at most 32 characters.');

/** Spec §4 read tracking: a view on load, a read after 30 s or reaching the end. */
export const readingRouter = router({
  view: publicProcedure
    .input(
      z.object({
        postId,
        referrer: textInput().max(4096).nullish(),
        shareKey: textInput().max(64).nullish(),
      }),
    )
    .mutation(({ ctx, input }) => recordView(ctx.em, paywallReaderOf(ctx), input)),
  read: publicProcedure
    .input(z.object({ postId, readingSeconds: z.number(), shareKey: textInput().max(64).nullish() }))
    .mutation(({ ctx, input }) => recordRead(ctx.em, paywallReaderOf(ctx), input)),
  /** Whether the current reader has read the story. */
  state: publicProcedure
    .input(z.object({ postId }))
    .query(async ({ ctx, input }) => ({ read: await hasRead(ctx.em, paywallReaderOf(ctx), input.postId) })),
});
