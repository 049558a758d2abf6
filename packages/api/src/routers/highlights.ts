import { STORY_INFO_ORDERS, textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import {
  highlightPassage,
  quoteOfStory,
  removeHighlight,
  storyHighlights,
  storyQuotes,
} from '../services/highlights';
import { paywallReaderOf } from '../services/paywall';
import { publicProcedure, router, transactionalProcedure } from '../trpc';

const postId = entityId('story');
const highlightId = entityId('highlight');
const offset = z.int().min(0).max(1_000_000);

/** Spec §1 Highlight and §2 `/p/{postId}/quotes[/{quoteId}]`: passages readers mark in stories. */
export const highlightsRouter = router({
  /** Highlights a span of one paragraph (spec §7 /_/p/{postId}/quotes/create). */
  create: transactionalProcedure
    .input(
      z.object({ postId, paragraphName: textInput().min(1).max(16), startOffset: offset, endOffset: offset }),
    )
    .mutation(({ ctx, input: { postId, ...anchor } }) =>
      highlightPassage(ctx.em, { ...paywallReaderOf(ctx), viewer: ctx.viewer }, postId, anchor),
    ),
  /** Removes one of the viewer's highlights. */
  remove: transactionalProcedure
    .meta({ access: 'own' })
    .input(z.object({ highlightId }))
    .mutation(({ ctx, input }) => removeHighlight(ctx.em, ctx.viewer, input.highlightId)),
  /** The viewer's highlights in a story and its top highlight. */
  ofStory: publicProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => storyHighlights(ctx.em, paywallReaderOf(ctx), input.postId)),
  /** Spec §2 `/p/{postId}/quotes`: the story's highlighted passages, most readers first (or newest first). */
  quotes: publicProcedure
    .input(z.object({ postId, order: z.enum(STORY_INFO_ORDERS).default('top') }))
    .query(({ ctx, input }) => storyQuotes(ctx.em, paywallReaderOf(ctx), input.postId, input.order)),
  /** Spec §2 `/p/{postId}/quotes/{quoteId}`: one highlighted passage. */
  quote: publicProcedure
    .input(z.object({ postId, quoteId: highlightId }))
    .query(({ ctx, input }) => quoteOfStory(ctx.em, paywallReaderOf(ctx), input.postId, input.quoteId)),
});
