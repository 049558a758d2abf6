import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { FollowUser, Post, PostTag, type User } from '@quire/db';
import { textInput } from '@quire/domain';
import { z } from 'zod';
import { LISTED_STORY, PUBLICATION_STORY } from '../policies';
import { FOR_YOU_MAX_OFFSET, followingFeed } from '../services/feed';
import { CARD_FIELDS, postCard } from '../services/posts';
import { userViewerEdge, visibleUser } from '../services/social';
import { userResult } from '../services/viewer-edges';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const STORY_PAGE_SIZE = 20;

/** A keyset cursor over (latestPublishedAt, id), as posts.latest pages. */
export const storyCursor = z
  .object({ at: z.iso.datetime(), id: textInput().regex(/^[0-9a-f]{8,16}$/) })
  .nullish();
export type StoryCursor = z.infer<typeof storyCursor>;

/**
 * Listed stories matching `where` (a publication's own pages: its stories, `inPublication`), newest first,
 * one keyset page after `cursor`.
 */
async function findStories(
  em: EntityManager,
  where: FilterQuery<Post>,
  cursor: StoryCursor,
  limit: number,
  inPublication: boolean,
) {
  const before = cursor
    ? {
        $or: [
          { latestPublishedAt: { $lt: new Date(cursor.at) } },
          { latestPublishedAt: new Date(cursor.at), id: { $lt: cursor.id } },
        ],
      }
    : {};
  return em.find(
    Post,
    { $and: [inPublication ? PUBLICATION_STORY : LISTED_STORY, before, where] },
    {
      fields: CARD_FIELDS,
      strategy: 'joined',
      orderBy: { latestPublishedAt: 'desc', id: 'desc' },
      limit,
    },
  );
}

const cursorOf = (post: { id: string; latestPublishedAt?: Date | null }) =>
  post.latestPublishedAt ? { at: post.latestPublishedAt.toISOString(), id: post.id } : null;

/** One page of stories matching `where`, as cards, with the cursor of the next page (null at the end). */
export async function storyPage(
  em: EntityManager,
  where: FilterQuery<Post>,
  cursor: StoryCursor,
  { limit = STORY_PAGE_SIZE, inPublication = false }: { limit?: number; inPublication?: boolean } = {},
) {
  const posts = await findStories(em, where, cursor, limit + 1, inPublication);
  const page = posts.slice(0, limit);
  const last = page.at(-1);
  return { posts: page.map(postCard), next: posts.length > limit && last ? cursorOf(last) : null };
}

/** Stories carrying a tag (a subquery on post_tags, so the list stays one keyset query). */
export function taggedWith(em: EntityManager, tagIds: string | string[]): FilterQuery<Post> {
  const tags = em
    .createQueryBuilder(PostTag, 'pt')
    .select('pt.post')
    .where({ tag: { $in: Array.isArray(tagIds) ? tagIds : [tagIds] } });
  return { id: { $in: tags.toRaw() as unknown as string[] } };
}

/** A profile the viewer may see: not deleted, and not hidden by a block the profile's user placed. */
/** A profile by username; NOT_FOUND when missing or when its owner blocked the viewer. */
export const visibleProfile = (em: EntityManager, viewer: User | null, username: string) =>
  visibleUser(em, viewer?.id ?? null, { username });

const username = textInput().trim().min(1).max(50);

export const profilesRouter = router({
  /** Spec §7 userResult / UserSearchQuery: a user by id or username. */
  userResult: publicProcedure
    .input(
      z
        .object({
          id: textInput()
            .regex(/^[0-9a-f]{8,16}$/)
            .optional(),
          username: username.optional(),
        })
        .refine((by) => by.id || by.username, 'Give a user id or a username.'),
    )
    .query(({ ctx, input }) => userResult(ctx.em, ctx.viewer, input)),
  /** Spec §2 /@{username}: the profile header, with the spec §3 User viewerEdge fields it shows. */
  byUsername: publicProcedure.input(z.object({ username })).query(async ({ ctx, input }) => {
    const user = await visibleProfile(ctx.em, ctx.viewer, input.username);
    const [followerCount, followingCount, edge] = await Promise.all([
      ctx.em.count(FollowUser, { target: user.id }),
      ctx.em.count(FollowUser, { follower: user.id }),
      userViewerEdge(ctx.em, ctx.viewer?.id ?? null, user.id),
    ]);
    return {
      id: user.id,
      name: user.name,
      username: user.username,
      bio: user.bio,
      imageId: user.imageId ?? null,
      followerCount,
      followingCount,
      isMember: Number(user.mediumMemberAt) > 0,
      viewerEdge: {
        isFollowing: edge.isFollowing,
        isMuting: edge.isMuting,
        isBlocking: edge.isBlocking,
        isUser: edge.isUser,
      },
    };
  }),

  /** Spec §2 /@{username}/latest: the writer's published public stories, newest first. */
  stories: publicProcedure
    .input(z.object({ username, cursor: storyCursor }))
    .query(async ({ ctx, input }) => {
      const user = await visibleProfile(ctx.em, ctx.viewer, input.username);
      return storyPage(ctx.em, { creator: user.id }, input.cursor);
    }),

  /** The home page's Following tab (`followingFeed` in services/feed.ts), offset-paged. */
  followingFeed: authedProcedure
    .input(z.object({ cursor: z.number().int().min(0).max(FOR_YOU_MAX_OFFSET).nullish() }))
    .query(({ ctx, input }) =>
      followingFeed(ctx.em, ctx.viewer, { offset: input.cursor ?? 0, limit: STORY_PAGE_SIZE }),
    ),
});
