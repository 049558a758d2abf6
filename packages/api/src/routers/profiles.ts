import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Block, FollowCollection, FollowTag, FollowUser, Post, PostTag, User } from '@quire/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { CARD_FIELDS, postCard } from '../services/posts';
import { userViewerEdge } from '../services/social';
import { userResult } from '../services/viewer-edges';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const STORY_PAGE_SIZE = 20;

/** A keyset cursor over (latestPublishedAt, id), as posts.latest pages. */
export const storyCursor = z
  .object({ at: z.iso.datetime(), id: z.string().regex(/^[0-9a-f]{8,16}$/) })
  .nullish();
export type StoryCursor = z.infer<typeof storyCursor>;

/** Published public stories (not responses) matching `where`, newest first, one keyset page after `cursor`. */
async function findStories(em: EntityManager, where: FilterQuery<Post>, cursor: StoryCursor, limit: number) {
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
    {
      $and: [
        {
          status: 'PUBLISHED',
          visibility: { $ne: 'UNLISTED' },
          deletedAt: null,
          inResponseToPost: null,
          ...before,
        },
        where,
      ],
    },
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
  limit = STORY_PAGE_SIZE,
) {
  const posts = await findStories(em, where, cursor, limit + 1);
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
export async function visibleProfile(em: EntityManager, viewer: User | null, username: string) {
  const user = await em.findOne(User, { username, isDeleted: false, deletedAt: null });
  const blocked =
    user && viewer && viewer.id !== user.id
      ? await em.count(Block, { blocker: user.id, blocked: viewer.id })
      : 0;
  if (!user || blocked > 0)
    throw new TRPCError({ code: 'NOT_FOUND', message: 'This profile does not exist.' });
  return user;
}

/** Spec §4 Following feed: at most this many stories by one author on a page. */
export const FOLLOWING_PER_AUTHOR = 3;

const username = z.string().trim().min(1).max(50);

export const profilesRouter = router({
  /** Spec §7 userResult / UserSearchQuery: a user by id or username. */
  userResult: publicProcedure
    .input(
      z
        .object({
          id: z
            .string()
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

  /**
   * The home page's Following tab: stories by followed writers, in followed publications or with
   * followed topics, newest first; no author shows more than FOLLOWING_PER_AUTHOR times on one page.
   */
  followingFeed: authedProcedure.input(z.object({ cursor: storyCursor })).query(async ({ ctx, input }) => {
    const viewerId = ctx.viewer.id;
    const [users, collections, tags] = await Promise.all([
      ctx.em.find(FollowUser, { follower: viewerId }, { fields: ['target'] }),
      ctx.em.find(FollowCollection, { follower: viewerId }, { fields: ['collection'] }),
      ctx.em.find(FollowTag, { follower: viewerId }, { fields: ['tag'] }),
    ]);
    const sources: FilterQuery<Post>[] = [];
    if (users.length) sources.push({ creator: { $in: users.map((f) => f.target.id) } });
    if (collections.length) sources.push({ collection: { $in: collections.map((f) => f.collection.id) } });
    if (tags.length)
      sources.push(
        taggedWith(
          ctx.em,
          tags.map((f) => f.tag.id),
        ),
      );
    if (!sources.length) return { posts: [], next: null };

    const perAuthor = new Map<string, number>();
    const page: Awaited<ReturnType<typeof findStories>> = [];
    let cursor = input.cursor;
    let more = false;
    // Scan in batches until the page is full: an author's 4th and later stories are left out of the page.
    for (let round = 0; round < 5 && page.length < STORY_PAGE_SIZE; round += 1) {
      const batch = await findStories(ctx.em, { $or: sources }, cursor, STORY_PAGE_SIZE * 2);
      for (const [index, post] of batch.entries()) {
        if (page.length === STORY_PAGE_SIZE) {
          more = true;
          break;
        }
        const seen = perAuthor.get(post.creator.id) ?? 0;
        if (seen < FOLLOWING_PER_AUTHOR) {
          perAuthor.set(post.creator.id, seen + 1);
          page.push(post);
        }
        if (index === batch.length - 1) more = batch.length === STORY_PAGE_SIZE * 2;
      }
      const last = batch.at(-1);
      if (batch.length < STORY_PAGE_SIZE * 2 || !last) break;
      cursor = cursorOf(last);
    }
    const last = page.at(-1);
    return { posts: page.map(postCard), next: more && last ? cursorOf(last) : null };
  }),
});
