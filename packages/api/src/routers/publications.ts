import { textInput } from '@quire/domain';
import { z } from 'zod';
import { slug, timeCursor } from '../schemas';
import { publicationByDomainOrSlug, publicationFavicon, publicationHome } from '../services/publications';
import { publicProcedure, router } from '../trpc';

const domainOrSlug = z.object({
  domainOrSlug: textInput()
    .trim()
    .min(1, 'A publication domain or slug is required.')
    .max(253, 'A publication domain or slug is at most 253 characters.'),
});

export const publicationsRouter = router({
  /** Spec §7 PublicationSearchQuery: the publication a search is scoped to, by hostname or slug. */
  byDomainOrSlug: publicProcedure
    .input(domainOrSlug)
    .query(({ ctx, input }) => publicationByDomainOrSlug(ctx.em, ctx.viewer, input.domainOrSlug)),
  /** Spec §4 Favicon / §7 PublicationFaviconQuery: the publication's favicon image id (null: the default). */
  favicon: publicProcedure
    .input(domainOrSlug)
    .query(({ ctx, input }) => publicationFavicon(ctx.em, ctx.viewer, input.domainOrSlug)),
  /** Spec §2 /{collectionSlug}: the publication home, its spec §3 Collection viewerEdge and latest stories. */
  home: publicProcedure
    .input(z.object({ slug, cursor: timeCursor }))
    .query(({ ctx, input }) => publicationHome(ctx.em, ctx.viewer, input.slug, input.cursor)),
});
