import { z } from 'zod';
import { entityId } from '../schemas';
import { repostable, repostDraft } from '../services/import/repost';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

const postId = entityId('story');

/** Spec §2 Writing: reposting one's own story as a new draft (importing files and pages is `POST /_/import`). */
export const importsRouter = router({
  /** /new-story/repost/{repostId}: the story the writer is about to repost. */
  repostable: ownProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => repostable(ctx.em, ctx.viewer, input.postId)),
  /** Makes the repost's draft and answers where the editor opens it. */
  repost: transactionalProcedure
    .input(z.object({ postId }))
    .mutation(({ ctx, input }) =>
      repostDraft(ctx.em, ctx.viewer, input.postId, ctx.env.publicUrl, ctx.now()),
    ),
});
