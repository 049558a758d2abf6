import { z } from 'zod';
import { entityId, timeCursor } from '../schemas';
import { yourActivity } from '../services/your-activity';
import {
  clearHistory,
  followedPublications,
  followedTopics,
  followedWriters,
  mutedPublications,
  mutedWriters,
  readingHistory,
  removeFromHistory,
  suggestedWriters,
  yourPublications,
} from '../services/your-pages';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

const page = z.object({ cursor: timeCursor });
/** The viewer's own rows, changed in one transaction. */
const ownChange = transactionalProcedure.meta({ access: 'own' });

/** Spec §2 Your pages (/me/following…, /me/readinghistory, /me/publications) and Settings mute. */
export const yourPagesRouter = router({
  followedWriters: ownProcedure
    .input(page)
    .query(({ ctx, input }) => followedWriters(ctx.em, ctx.viewer, input.cursor)),
  followedPublications: ownProcedure
    .input(page)
    .query(({ ctx, input }) => followedPublications(ctx.em, ctx.viewer, input.cursor)),
  followedTopics: ownProcedure.query(({ ctx }) => followedTopics(ctx.em, ctx.viewer)),
  suggestedWriters: ownProcedure.query(({ ctx }) => suggestedWriters(ctx.em, ctx.viewer)),
  mutedWriters: ownProcedure
    .input(page)
    .query(({ ctx, input }) => mutedWriters(ctx.em, ctx.viewer, input.cursor)),
  mutedPublications: ownProcedure
    .input(page)
    .query(({ ctx, input }) => mutedPublications(ctx.em, ctx.viewer, input.cursor)),
  publications: ownProcedure.query(({ ctx }) => yourPublications(ctx.em, ctx.viewer)),
  /** /me/activity: the viewer's claps, responses, highlights and follows, newest first. */
  activity: ownProcedure
    .input(page)
    .query(({ ctx, input }) => yourActivity(ctx.em, ctx.viewer, input.cursor)),

  readingHistory: ownProcedure
    .input(page)
    .query(({ ctx, input }) => readingHistory(ctx.em, ctx.viewer, input.cursor)),
  /** Takes one story out of the viewer's history. */
  removeFromHistory: ownChange
    .input(z.object({ postId: entityId('story') }))
    .mutation(({ ctx, input }) => removeFromHistory(ctx.em, ctx.viewer, input.postId)),
  /** Clears the viewer's history. */
  clearHistory: ownChange.mutation(({ ctx }) => clearHistory(ctx.em, ctx.viewer)),
});
