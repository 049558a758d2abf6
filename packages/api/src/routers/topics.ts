import { z } from 'zod';
import { slug, timeCursor } from '../schemas';
import { relatedTags, topicHeader, topicStories } from '../services/topics';
import { publicProcedure, router } from '../trpc';

export const topicsRouter = router({
  /** Spec §2 /topic/{topicSlug} and /tag/{tagSlug}: the header of a topic or tag page. */
  bySlug: publicProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => topicHeader(ctx.em, ctx.viewer, input.slug)),
  /** Spec §9 RELATED_TAGS: the public topics that most often tag the same stories. */
  related: publicProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) =>
      relatedTags(ctx.em, ctx.viewer, input.slug, { cacheMs: ctx.env.forYouCacheMs }),
    ),
  /** The tagged published stories, newest first, keyset-paged. */
  stories: publicProcedure
    .input(z.object({ slug, cursor: timeCursor }))
    .query(({ ctx, input }) =>
      topicStories(ctx.em, ctx.viewer, input.slug, input.cursor, { cacheMs: ctx.env.forYouCacheMs }),
    ),
});
