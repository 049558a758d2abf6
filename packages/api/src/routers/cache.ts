import { textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import { postCacheFacts } from '../services/cache-facts';
import { tagIdBySlug } from '../services/topics';
import { publicProcedure, router } from '../trpc';

/** What a CDN worker needs to tag and purge pages (spec §7 PostCacheController, TopicCacheController). */
export const cacheRouter = router({
  /** A story's cache-relevant facts, or null when the viewer may not know it exists. */
  post: publicProcedure
    .input(z.object({ id: entityId('story') }))
    .query(({ ctx, input }) => postCacheFacts(ctx.em, ctx.viewer, input.id)),
  /** A tag's id by slug, or null (also for a staff-only tag, to anyone but staff). */
  tag: publicProcedure
    .input(z.object({ slug: textInput().min(1).max(100) }))
    .query(({ ctx, input }) => tagIdBySlug(ctx.em, ctx.viewer, input.slug)),
});
