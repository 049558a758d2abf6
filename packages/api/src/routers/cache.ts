import { Post, Tag } from '@quire/db';
import { textInput } from '@quire/domain';
import { z } from 'zod';
import { whyUnavailable } from '../services/posts';
import { publicProcedure, router } from '../trpc';

/** What a CDN worker needs to tag and purge pages (spec §7 PostCacheController, TopicCacheController). */
export const cacheRouter = router({
  /**
   * A story's cache-relevant facts, or null when the viewer may not know it exists (another user's draft, a
   * private publication's story answer exactly as an unknown id); drafts answer as unpublished to their author.
   */
  post: publicProcedure
    .input(z.object({ id: textInput().regex(/^[0-9a-f]{8,16}$/) }))
    .query(async ({ ctx, input }) => {
      const post = await ctx.em.findOne(Post, { id: input.id }, { populate: ['creator', 'collection'] });
      if (!post || (await whyUnavailable(ctx.em, ctx.viewer, post)) === 'NotFound') return null;
      const isPublished = (post.status === 'PUBLISHED' || post.status === 'UNLISTED') && !post.deletedAt;
      return {
        id: post.id,
        isPublished,
        creator: isPublished ? { id: post.creator.id } : null,
        collection: isPublished && post.collection ? { id: post.collection.id } : null,
      };
    }),
  /** A tag's id by slug, or null. */
  tag: publicProcedure
    .input(z.object({ slug: textInput().min(1).max(100) }))
    .query(async ({ ctx, input }) => {
      const tag = await ctx.em.findOne(Tag, { slug: input.slug }, { fields: ['id'] });
      return tag ? { id: tag.id } : null;
    }),
});
