import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CustomDomain, FollowCollection } from '@quire/db';
import { textInput } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { canViewCollection } from '../services/policy';
import { collectionViewerEdge } from '../services/social';
import { publicProcedure, router } from '../trpc';
import { storyCursor, storyPage } from './profiles';

const domainOrSlug = z.object({
  domainOrSlug: textInput()
    .trim()
    .min(1, 'A publication domain or slug is required.')
    .max(253, 'A publication domain or slug is at most 253 characters.'),
});

/** A publication by its slug, its live domain column, or a LIVE custom domain row; with that live domain. */
async function collectionByDomainOrSlug(em: EntityManager, value: string) {
  const key = value.toLowerCase();
  const collection = await em.findOne(Collection, { $or: [{ slug: value }, { domain: key }] });
  if (collection) return collection;
  const custom = await em.findOne(
    CustomDomain,
    { domain: key, status: 'LIVE', collection: { $ne: null } },
    { populate: ['collection'] },
  );
  return custom?.collection ?? null;
}

export const publicationsRouter = router({
  /** Spec §7 PublicationSearchQuery: the publication a search is scoped to, by hostname or slug. */
  byDomainOrSlug: publicProcedure.input(domainOrSlug).query(async ({ ctx, input }) => {
    const c = await collectionByDomainOrSlug(ctx.em, input.domainOrSlug);
    if (!c) return null;
    let domain = c.domain ?? null;
    if (!domain) {
      const live = await ctx.em.findOne(CustomDomain, { collection: c.id, status: 'LIVE' });
      domain = live?.domain ?? null;
    }
    return {
      id: c.id,
      name: c.name,
      slug: c.slug,
      domain,
      avatar: { id: c.avatarId ?? null },
      favicon: { id: c.faviconId ?? null },
      creator: { id: c.creator.id },
    };
  }),
  /** Spec §4 Favicon / §7 PublicationFaviconQuery: the publication's favicon image id (null: the default). */
  favicon: publicProcedure.input(domainOrSlug).query(async ({ ctx, input }) => {
    const c = await collectionByDomainOrSlug(ctx.em, input.domainOrSlug);
    return c ? { id: c.id, favicon: { id: c.faviconId ?? null } } : null;
  }),
  /** Spec §2 /{collectionSlug}: the publication home, its spec §3 Collection viewerEdge and latest stories. */
  home: publicProcedure
    .input(z.object({ slug: textInput().trim().min(1).max(100), cursor: storyCursor }))
    .query(async ({ ctx, input }) => {
      const c = await ctx.em.findOne(Collection, { slug: input.slug });
      if (!c || !(await canViewCollection(ctx.em, ctx.viewer, c))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This publication does not exist.' });
      }
      const viewer = ctx.viewer;
      const [viewerEdge, followerCount, stories] = await Promise.all([
        collectionViewerEdge(ctx.em, viewer?.id ?? null, c.id),
        ctx.em.count(FollowCollection, { collection: c.id }),
        storyPage(ctx.em, { collection: c.id }, input.cursor, { inPublication: true }),
      ]);
      return {
        id: c.id,
        name: c.name,
        slug: c.slug,
        domain: c.domain ?? null,
        description: c.description,
        tagline: c.tagline,
        avatar: { id: c.avatarId ?? null },
        favicon: { id: c.faviconId ?? null },
        isAuroraEligible: c.isAuroraEligible,
        isAuroraVisible: c.isAuroraVisible,
        creator: { id: c.creator.id },
        followerCount,
        viewerEdge,
        stories,
      };
    }),
});
