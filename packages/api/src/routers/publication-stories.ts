import { declineSubmissionInput, publicationStoryFilterInput, requestChangesInput } from '@quire/domain';
import { z } from 'zod';
import { entityId, slug, timeCursor } from '../schemas';
import {
  approvePublicationSubmission,
  declineSubmission,
  publicationStories,
  requestSubmissionChanges,
  submissionPreview,
} from '../services/publication-admin/submissions';
import { authedProcedure, router, transactionalProcedure } from '../trpc';

const postId = entityId('story');

/** Spec §2 /{collectionSlug}/submissions and /{collectionSlug}/stories[/{filterBy}]: a publication's stories and its queue. */
export const publicationStoriesRouter = router({
  /** One page of the publication's stories under a tab (owner and editors); submissions oldest first. */
  list: authedProcedure
    .input(z.object({ slug, filterBy: publicationStoryFilterInput, cursor: timeCursor }))
    .query(({ ctx, input }) => publicationStories(ctx.em, ctx.viewer, input)),
  /** A submission's text, for an editor of the publication it was submitted to. */
  submission: authedProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => submissionPreview(ctx.em, ctx.viewer, input.postId)),
  /** Publishes a submission in its publication and tells the writer. */
  approve: transactionalProcedure
    .input(z.object({ postId }))
    .mutation(({ ctx, input }) => approvePublicationSubmission(ctx.em, ctx.viewer, input.postId, ctx.now())),
  /** Declines a submission (with an optional note) and tells the writer. */
  decline: transactionalProcedure
    .input(declineSubmissionInput.extend({ postId }))
    .mutation(({ ctx, input }) => declineSubmission(ctx.em, ctx.viewer, input, ctx.now())),
  /** Sends a submission back to its writer as a draft, with a note saying what to change. */
  requestChanges: transactionalProcedure
    .input(requestChangesInput.extend({ postId }))
    .mutation(({ ctx, input }) => requestSubmissionChanges(ctx.em, ctx.viewer, input, ctx.now())),
});
