import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Collection,
  CollectionMember,
  FollowCollection,
  FollowTag,
  FollowUser,
  Post,
  Tag,
  type User,
} from '@quire/db';
import {
  type ArchiveRange,
  archiveRange,
  DISCOVERY_LIMITS,
  dayOf,
  daysBefore,
  formatLongDate,
  memberSinceLabel,
  monthDayYearSlug,
  parseMonthDayYearSlug,
  TOP_TIME_PERIODS,
  type TopTimePeriod,
  textInput,
  topPeriodStart,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { LISTED_STORY, PUBLICATION_STORY } from '../policies';
import {
  archiveIndex,
  DISCOVERY_PAGE_SIZE,
  engagementRanking,
  followPage,
  pageOf,
  peopleInOrder,
  rankedStoryPage,
  topWritersOfTag,
} from '../services/discovery';
import { canViewCollection } from '../services/policy';
import {
  highlightsPage,
  listHeader,
  listItemsPage,
  listsPage,
  recommendedPage,
  responsesPage,
  visibleList,
} from '../services/profile-activity';
import { publicProcedure, router } from '../trpc';
import { storyCursor, storyPage, taggedWith, visibleProfile } from './profiles';
import { publicTag } from './topics';

const hexId = textInput().regex(/^[0-9a-f]{8,16}$/, 'An id is 8 to 16 hex characters.');
/** A keyset cursor after a row ranked by a number (claps, engagement, list position). */
export const scoreCursor = z.object({ score: z.number().int(), id: hexId }).nullish();
const username = textInput().trim().min(1).max(50);
const slug = textInput().trim().min(1).max(100);
const datePart = textInput()
  .regex(/^\d{1,4}$/, 'An archive date part is a number.')
  .optional();
const archiveInput = { year: datePart, month: datePart, day: datePart };

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
const viewerIdOf = (ctx: { viewer: { id: string } | null }) => ctx.viewer?.id ?? null;

/** The archive range the path names; NOT_FOUND when it is not a real date. */
function rangeOf(input: { year?: string | undefined; month?: string | undefined; day?: string | undefined }) {
  const range = archiveRange(input.year, input.month, input.day);
  if (!range) throw notFound('There is no such date in the archive.');
  return range;
}

/** Stories published in the archive range (no range: all of them). */
const inRange = (range: ArchiveRange) =>
  range.from ? { latestPublishedAt: { $gte: range.from, $lt: range.to } } : {};

/** A publication by its slug (as its home page finds it); NOT_FOUND otherwise. */
async function publicationBySlug(em: EntityManager, viewer: User | null, value: string) {
  const c = await em.findOne(Collection, { slug: value });
  if (!c || !(await canViewCollection(em, viewer, c))) throw notFound('This publication does not exist.');
  return c;
}

/** Procedures on one profile: `ctx.writer`, or NOT_FOUND for a missing profile or a blocked viewer. */
const onProfile = <S extends z.ZodType<{ username: string }>>(schema: S) =>
  publicProcedure
    .input(schema)
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { writer: await visibleProfile(ctx.em, ctx.viewer, input.username) } }),
    );

/** Procedures on one publication (by `slug`): `ctx.publication`, or NOT_FOUND. */
const onPublication = <S extends z.ZodType<{ slug: string }>>(schema: S) =>
  publicProcedure
    .input(schema)
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { publication: await publicationBySlug(ctx.em, ctx.viewer, input.slug) } }),
    );

/** Procedures on one tag (by `slug`): `ctx.tag`, or NOT_FOUND for an unknown or staff-only tag. */
const onTag = <S extends z.ZodType<{ slug: string }>>(schema: S) =>
  publicProcedure
    .input(schema)
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { tag: await publicTag(ctx.em, ctx.viewer, input.slug) } }),
    );

// ── /@{username}/… ──────────────────────────────────────────────────────────────────────────

const profileInput = z.object({ username, cursor: storyCursor });
const listInput = z.object({ username, catalogSlugId: textInput().trim().min(1).max(140) });

/** Spec §2 Profiles sub-paths; each answers NOT_FOUND for a missing profile or a blocked viewer. */
const profilePagesRouter = router({
  /** /@{username}/about: the writer's bio, since when they write here and are a member, and their counts. */
  about: onProfile(z.object({ username })).query(async ({ ctx: { em, writer } }) => {
    const [followerCount, followingCount, storyCount] = await Promise.all([
      em.count(FollowUser, { target: writer.id }),
      em.count(FollowUser, { follower: writer.id }),
      em.count(Post, { $and: [LISTED_STORY, { creator: writer.id }] }),
    ]);
    return {
      name: writer.name,
      bio: writer.bio,
      joinedAt: writer.createdAt.toISOString(),
      joined: formatLongDate(writer.createdAt),
      memberSince: memberSinceLabel(Number(writer.mediumMemberAt)),
      followerCount,
      followingCount,
      storyCount,
    };
  }),
  /** /@{username}/followers: who follows the writer, newest first. */
  followers: onProfile(profileInput).query(({ ctx, input }) =>
    followPage(ctx.em, FollowUser, { target: ctx.writer.id }, 'follower', viewerIdOf(ctx), input.cursor),
  ),
  /** /@{username}/following: whom the writer follows, newest first. */
  following: onProfile(profileInput).query(({ ctx, input }) =>
    followPage(ctx.em, FollowUser, { follower: ctx.writer.id }, 'target', viewerIdOf(ctx), input.cursor),
  ),
  /** /@{username}/responses: the writer's published responses, newest first, with the stories they answer. */
  responses: onProfile(profileInput).query(({ ctx, input }) =>
    responsesPage(ctx.em, ctx.writer, input.cursor),
  ),
  /** /@{username}/has-recommended: stories the writer clapped for, most recent clap first. */
  recommended: onProfile(profileInput).query(({ ctx, input }) =>
    recommendedPage(ctx.em, ctx.writer, input.cursor),
  ),
  /** /@{username}/highlights: the writer's highlights with their stories. */
  highlights: onProfile(profileInput).query(({ ctx, input }) =>
    highlightsPage(ctx.em, ctx.writer, ctx.viewer, input.cursor),
  ),
  /** /@{username}/lists: the writer's public lists (and private ones, to the writer). */
  lists: onProfile(profileInput).query(({ ctx, input }) =>
    listsPage(ctx.em, ctx.writer, ctx.viewer, input.cursor),
  ),
  /** /@{username}/list/{catalogSlugId}: a list's header; a private list is NOT_FOUND to anyone but its creator. */
  list: onProfile(listInput).query(async ({ ctx, input }) =>
    listHeader(ctx.em, await visibleList(ctx.em, ctx.writer, ctx.viewer, input.catalogSlugId)),
  ),
  /** The list's stories in its creator's order. */
  listItems: onProfile(listInput.extend({ cursor: scoreCursor })).query(async ({ ctx, input }) => {
    const catalog = await visibleList(ctx.em, ctx.writer, ctx.viewer, input.catalogSlugId);
    return listItemsPage(ctx.em, catalog, input.cursor);
  }),
});

// ── /{collectionSlug}/… ─────────────────────────────────────────────────────────────────────

/** Spec §2 Publications sub-paths; each answers NOT_FOUND for a slug no publication has. */
const publicationPagesRouter = router({
  /** /{collectionSlug}/about: description, editors (owner first) and follower count. */
  about: onPublication(z.object({ slug })).query(async ({ ctx }) => {
    const c = ctx.publication;
    const [members, followerCount, storyCount] = await Promise.all([
      ctx.em.find(
        CollectionMember,
        { collection: c.id, role: { $in: ['OWNER', 'EDITOR'] } },
        { fields: ['user', 'role'], orderBy: { createdAt: 'asc', id: 'asc' } },
      ),
      ctx.em.count(FollowCollection, { collection: c.id }),
      ctx.em.count(Post, { $and: [PUBLICATION_STORY, { collection: c.id }] }),
    ]);
    const ordered = [
      ...members.filter((m) => m.role === 'OWNER'),
      ...members.filter((m) => m.role !== 'OWNER'),
    ];
    return {
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      tagline: c.tagline,
      createdAt: c.createdAt.toISOString(),
      since: formatLongDate(c.createdAt),
      followerCount,
      storyCount,
      editors: await peopleInOrder(
        ctx.em,
        viewerIdOf(ctx),
        ordered.map((m) => m.user.id),
      ),
    };
  }),
  /** /{collectionSlug}/trending: its stories with the most claps and responses in the last 30 days. */
  trending: onPublication(z.object({ slug, cursor: scoreCursor })).query(({ ctx, input }) =>
    engagementRanking(ctx.em, {
      since: daysBefore(ctx.now(), DISCOVERY_LIMITS.publicationTrendingDays),
      collectionId: ctx.publication.id,
      cursor: input.cursor,
    }),
  ),
  /** /{collectionSlug}/archive[/{year}[/{month}[/{day}]]]: the years and months that have stories. */
  archive: onPublication(z.object({ slug, ...archiveInput })).query(async ({ ctx, input }) => {
    const range = rangeOf(input);
    const index = await archiveIndex(ctx.em, { collectionId: ctx.publication.id }, range.year);
    return { name: ctx.publication.name, ...index };
  }),
  /** The archive's stories in the selected range, newest first. */
  archiveStories: onPublication(z.object({ slug, ...archiveInput, cursor: storyCursor })).query(
    ({ ctx, input }) =>
      storyPage(ctx.em, { collection: ctx.publication.id, ...inRange(rangeOf(input)) }, input.cursor, {
        limit: DISCOVERY_PAGE_SIZE,
        inPublication: true,
      }),
  ),
  /** /{collectionSlug}/tagged/{tagSlug}: its stories with the tag; NOT_FOUND for an unknown tag. */
  tagged: onPublication(z.object({ slug, tagSlug: slug, cursor: storyCursor })).query(
    async ({ ctx, input }) => {
      const c = ctx.publication;
      const tag = await publicTag(ctx.em, ctx.viewer, input.tagSlug);
      const page = await storyPage(
        ctx.em,
        { $and: [{ collection: c.id }, taggedWith(ctx.em, tag.id)] },
        input.cursor,
        { limit: DISCOVERY_PAGE_SIZE, inPublication: true },
      );
      return {
        publication: { name: c.name, slug: c.slug },
        tag: { slug: tag.slug, name: tag.name },
        ...page,
      };
    },
  ),
  /** /{collectionSlug}/followers: who follows the publication, newest first. */
  followers: onPublication(z.object({ slug, cursor: storyCursor })).query(({ ctx, input }) =>
    followPage(
      ctx.em,
      FollowCollection,
      { collection: ctx.publication.id },
      'follower',
      viewerIdOf(ctx),
      input.cursor,
    ),
  ),
});

// ── /tag/{tagSlug}/… ────────────────────────────────────────────────────────────────────────

const timePeriod = z.enum(Object.keys(TOP_TIME_PERIODS) as [TopTimePeriod, ...TopTimePeriod[]], {
  error: 'A time period is day, week, month, year or all-time.',
});

/** Spec §2 Tags sub-paths; each answers NOT_FOUND for an unknown (or staff-only) tag. */
const tagPagesRouter = router({
  /** /tag/{tagSlug}/top/{timePeriod}: tagged stories published in the period, most claps first. */
  top: onTag(z.object({ slug, timePeriod, cursor: scoreCursor })).query(({ ctx, input }) => {
    const start = topPeriodStart(input.timePeriod, ctx.now());
    const tagged = taggedWith(ctx.em, ctx.tag.id);
    const where = start ? { $and: [tagged, { latestPublishedAt: { $gte: start } }] } : tagged;
    return rankedStoryPage(ctx.em, where, 'clapCount', input.cursor);
  }),
  /** /tag/{tagSlug}/top-writers: writers with the most claps on their stories with the tag. */
  topWriters: onTag(z.object({ slug, cursor: scoreCursor })).query(({ ctx, input }) =>
    topWritersOfTag(ctx.em, viewerIdOf(ctx), ctx.tag.id, input.cursor),
  ),
  /** /tag/{tagSlug}/archive[/{year}[/{month}[/{day}]]]: the years and months that have tagged stories. */
  archive: onTag(z.object({ slug, ...archiveInput })).query(async ({ ctx, input }) => {
    const range = rangeOf(input);
    const index = await archiveIndex(ctx.em, { tagId: ctx.tag.id }, range.year);
    return { name: ctx.tag.name, ...index };
  }),
  /** The tag archive's stories in the selected range, newest first. */
  archiveStories: onTag(z.object({ slug, ...archiveInput, cursor: storyCursor })).query(({ ctx, input }) =>
    storyPage(ctx.em, { $and: [taggedWith(ctx.em, ctx.tag.id), inRange(rangeOf(input))] }, input.cursor),
  ),
});

// ── /topics, /trending, /top-stories ────────────────────────────────────────────────────────

const topicCursor = z.object({ name: textInput().max(100), id: hexId }).nullish();

/** Spec §2 Home and discovery pages, and the profile, publication and tag sub-pages. */
export const discoveryRouter = router({
  profile: profilePagesRouter,
  publication: publicationPagesRouter,
  tag: tagPagesRouter,

  /** /topics: every public topic by name, with its follower and story counts. */
  topics: publicProcedure.input(z.object({ cursor: topicCursor })).query(async ({ ctx, input }) => {
    const after = input.cursor
      ? {
          $or: [
            { name: { $gt: input.cursor.name } },
            { name: input.cursor.name, id: { $gt: input.cursor.id } },
          ],
        }
      : {};
    const rows = await ctx.em.find(
      Tag,
      { $and: [{ isTopic: true, visibility: 'PUBLIC' }, after] },
      { orderBy: { name: 'asc', id: 'asc' }, limit: DISCOVERY_PAGE_SIZE + 1 },
    );
    const { rows: page, next } = pageOf(rows, DISCOVERY_PAGE_SIZE, (t) => ({ name: t.name, id: t.id }));
    const followed = new Set(
      ctx.viewer && page.length
        ? (
            await ctx.em.find(
              FollowTag,
              { follower: ctx.viewer.id, tag: { $in: page.map((t) => t.id) } },
              { fields: ['tag'] },
            )
          ).map((f) => f.tag.id)
        : [],
    );
    return {
      topics: page.map((t) => ({
        id: t.id,
        slug: t.slug,
        name: t.name,
        followerCount: t.followerCount,
        postCount: t.postCount,
        viewerEdge: { isFollowing: followed.has(t.id) },
      })),
      next,
    };
  }),
  /** /trending: the most claps and responses in the last 7 days, at most 2 stories by one writer. */
  trending: publicProcedure.input(z.object({ cursor: scoreCursor })).query(({ ctx, input }) =>
    engagementRanking(ctx.em, {
      since: daysBefore(ctx.now(), DISCOVERY_LIMITS.trendingDays),
      perWriter: DISCOVERY_LIMITS.trendingPerWriter,
      cursor: input.cursor,
    }),
  ),
  /**
   * /top-stories[/{monthDayYearSlug}]: the stories published on a day (UTC; today without a slug), most claps
   * first. NOT_FOUND for a slug that names no day, or a day still to come.
   */
  topStories: publicProcedure
    .input(z.object({ day: textInput().trim().max(40).nullish(), cursor: scoreCursor }))
    .query(async ({ ctx, input }) => {
      const today = dayOf(ctx.now());
      const day = input.day ? parseMonthDayYearSlug(input.day) : today;
      if (!day || day.from > today.from) throw notFound('There are no top stories for that day.');
      const page = await rankedStoryPage(
        ctx.em,
        { latestPublishedAt: { $gte: day.from, $lt: day.to } },
        'clapCount',
        input.cursor,
      );
      const previous = new Date(day.from.getTime() - 1);
      return {
        day: { slug: monthDayYearSlug(day.from), label: formatLongDate(day.from) },
        previousDay: monthDayYearSlug(previous),
        nextDay: day.to <= today.from ? monthDayYearSlug(day.to) : null,
        ...page,
      };
    }),
});
