import type { EntityManager } from '@mikro-orm/postgresql';
import { FollowTag, Tag, type User } from '@quire/db';
import { textInput } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc';
import { storyCursor, storyPage, taggedWith } from './profiles';

const slug = textInput().trim().min(1).max(100);

/** A tag or topic by its slug (staff-only topics for staff alone); NOT_FOUND otherwise. */
export async function publicTag(em: EntityManager, viewer: User | null, value: string) {
  const tag = await em.findOne(Tag, { slug: value.toLowerCase() });
  if (!tag || (tag.visibility === 'STAFF' && !viewer?.isStaff))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'This topic does not exist.' });
  return tag;
}

export const topicsRouter = router({
  /** Spec §2 /topic/{topicSlug} and /tag/{tagSlug}: the header of a topic or tag page. */
  bySlug: publicProcedure.input(z.object({ slug })).query(async ({ ctx, input }) => {
    const tag = await publicTag(ctx.em, ctx.viewer, input.slug);
    const following = ctx.viewer
      ? await ctx.em.count(FollowTag, { follower: ctx.viewer.id, tag: tag.id })
      : 0;
    return {
      id: tag.id,
      slug: tag.slug,
      name: tag.name,
      postCount: tag.postCount,
      followerCount: tag.followerCount,
      viewerEdge: { isFollowing: following > 0 },
    };
  }),
  /** The tagged published stories, newest first, keyset-paged. */
  stories: publicProcedure.input(z.object({ slug, cursor: storyCursor })).query(async ({ ctx, input }) => {
    const tag = await publicTag(ctx.em, ctx.viewer, input.slug);
    return storyPage(ctx.em, taggedWith(ctx.em, tag.id), input.cursor);
  }),
});
