import { publicationDesignInput, textInput } from '@quire/domain';
import { z } from 'zod';
import { slug } from '../schemas';
import {
  publicationDesign,
  resetPublicationDesign,
  savePublicationDesign,
} from '../services/publication-admin/design';
import { authedProcedure, router, transactionalProcedure } from '../trpc';

const collectionId = textInput().trim().min(1).max(16);

/** Spec §2 /{collectionSlug}/design, /styles and /edit: a publication's design, for its owner and editors. */
export const publicationDesignRouter = router({
  /** The design's stored fields, and the header design its preview draws. */
  get: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => publicationDesign(ctx.em, ctx.viewer, input.slug)),
  /** Saves the whole design (spec §5 colour strings, stored as 8-digit alpha-first hex). */
  save: transactionalProcedure
    .input(publicationDesignInput)
    .mutation(({ ctx, input }) => savePublicationDesign(ctx.em, ctx.viewer, input)),
  /** Puts the default design back. */
  reset: transactionalProcedure
    .input(z.object({ collectionId }))
    .mutation(({ ctx, input }) => resetPublicationDesign(ctx.em, ctx.viewer, input)),
});
