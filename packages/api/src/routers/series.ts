import { SERIES_FILTERS, seriesFieldsInput } from '@quire/domain';
import { z } from 'zod';
import { entityId, slug } from '../schemas';
import {
  createSeries,
  deleteSeries,
  moveSeriesStory,
  mySeries,
  publishSeries,
  seriesCandidates,
  seriesPage,
  seriesPathOf,
  setSeriesStory,
  updateSeries,
} from '../services/series';
import { seriesShareLinks } from '../services/share';
import { ownProcedure, publicProcedure, router, transactionalProcedure } from '../trpc';

const seriesId = entityId('series');
const itemId = entityId('series item');

/** Spec §2 Series and sequences: a writer's series of their own stories. */
export const seriesRouter = router({
  /** /s/{sequenceSlug}: a series and its stories; a draft only for its writer. */
  bySlug: publicProcedure
    .input(z.object({ sequenceSlug: slug }))
    .query(({ ctx, input }) => seriesPage(ctx.em, ctx.viewer, input.sequenceSlug)),
  /** /s/{sequenceSlug}/share/{channel}: the series' address and each network's share dialog. */
  shareLinks: publicProcedure
    .input(z.object({ sequenceSlug: slug }))
    .query(({ ctx, input }) => seriesShareLinks(ctx.em, ctx.viewer, input.sequenceSlug, ctx.env)),
  /** /series/{postId}: a series' path by its id. */
  pathOf: publicProcedure
    .input(z.object({ id: seriesId }))
    .query(({ ctx, input }) => seriesPathOf(ctx.em, ctx.viewer, input.id)),
  /** /me/series[/{filterBy}]: the viewer's published series or drafts. */
  mine: ownProcedure
    .input(z.object({ filterBy: z.enum(SERIES_FILTERS) }))
    .query(({ ctx, input }) => mySeries(ctx.em, ctx.viewer, input.filterBy)),
  /** The viewer's published stories in no series yet. */
  candidates: ownProcedure.query(({ ctx }) => seriesCandidates(ctx.em, ctx.viewer)),
  /** /new-series: a new draft series. */
  create: transactionalProcedure
    .meta({ access: 'own' })
    .input(seriesFieldsInput)
    .mutation(({ ctx, input }) => createSeries(ctx.em, ctx.viewer, input)),
  /** Retitles or redescribes one of the viewer's series. */
  update: transactionalProcedure
    .input(seriesFieldsInput.extend({ seriesId }))
    .mutation(({ ctx, input: { seriesId, ...fields } }) =>
      updateSeries(ctx.em, ctx.viewer, seriesId, fields),
    ),
  /** Deletes one of the viewer's series. */
  delete: transactionalProcedure
    .input(z.object({ seriesId }))
    .mutation(({ ctx, input }) => deleteSeries(ctx.em, ctx.viewer, input.seriesId)),
  /** Adds one of the viewer's stories to the series' end (included: true) or takes it out. */
  setStory: transactionalProcedure
    .input(z.object({ seriesId, postId: entityId('story'), included: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setSeriesStory(ctx.em, ctx.viewer, input.seriesId, input.postId, input.included),
    ),
  /** Moves a story right after another (first when afterItemId is null). */
  moveStory: transactionalProcedure
    .input(z.object({ seriesId, itemId, afterItemId: itemId.nullable() }))
    .mutation(({ ctx, input }) =>
      moveSeriesStory(ctx.em, ctx.viewer, input.seriesId, input.itemId, input.afterItemId),
    ),
  /** Publishes the series (its first time tells the writer's followers) or makes it a draft again. */
  publish: transactionalProcedure
    .input(z.object({ seriesId, published: z.boolean() }))
    .mutation(({ ctx, input }) => publishSeries(ctx.em, ctx.viewer, input.seriesId, input.published)),
});
