import { FollowUser } from '@quire/db';
import { DISCOVERY_LIMITS, daysBefore, TOP_TIME_PERIODS, type TopTimePeriod, textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId, scoreCursor, slug, timeCursor, username } from '../schemas';
import { engagementRanking, personPage, topStoriesOfDay, topWritersOfTag } from '../services/discovery';
import { homeModules } from '../services/home-modules';
import { listHeader, listItemsPage, listsPage, visibleList } from '../services/lists';
import { highlightsPage, recommendedPage, responsesPage } from '../services/profile-activity';
import { profileAbout, visibleProfile } from '../services/profiles';
import { allStories, featuredStories, featurePage } from '../services/publication-admin/navigation';
import {
  publicationAbout,
  publicationArchive,
  publicationArchiveStories,
  publicationBySlug,
  publicationFollowers,
  publicationTagged,
  publicationTrending,
  publicationWriter,
  publicationWriterStories,
} from '../services/publications';
import { writerSeries } from '../services/series';
import { publicTag, tagArchive, tagArchiveStories, tagTopStories, topicsPage } from '../services/topics';
import { publicProcedure, router } from '../trpc';

const datePart = textInput()
  .regex(/^\d{1,4}$/, 'An archive date part is a number.')
  .optional();
const archiveInput = { year: datePart, month: datePart, day: datePart };

const viewerIdOf = (ctx: { viewer: { id: string } | null }) => ctx.viewer?.id ?? null;

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

const profileInput = z.object({ username, cursor: timeCursor });
const listInput = z.object({ username, catalogSlugId: textInput().trim().min(1).max(140) });

/** Spec §2 Profiles sub-paths; each answers NOT_FOUND for a missing profile or a blocked viewer. */
const profilePagesRouter = router({
  /** /@{username}/about: the writer's bio, since when they write here and are a member, and their counts. */
  about: onProfile(z.object({ username })).query(({ ctx }) => profileAbout(ctx.em, ctx.writer)),
  /** /@{username}/followers: who follows the writer, newest first. */
  followers: onProfile(profileInput).query(({ ctx, input }) =>
    personPage(ctx.em, FollowUser, { target: ctx.writer.id }, 'follower', viewerIdOf(ctx), input.cursor),
  ),
  /** /@{username}/following: whom the writer follows, newest first. */
  following: onProfile(profileInput).query(({ ctx, input }) =>
    personPage(ctx.em, FollowUser, { follower: ctx.writer.id }, 'target', viewerIdOf(ctx), input.cursor),
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
  /** /@{username}/series: the writer's published series (and drafts, to the writer). */
  series: onProfile(z.object({ username })).query(({ ctx }) => writerSeries(ctx.em, ctx.viewer, ctx.writer)),
  /** /@{username}/lists: the writer's public lists (and private ones, to the writer). */
  lists: onProfile(profileInput).query(({ ctx, input }) =>
    listsPage(ctx.em, ctx.writer, ctx.viewer, input.cursor),
  ),
  /** /@{username}/list/{catalogSlugId}: a list's header; a private list is NOT_FOUND to anyone but its creator. */
  list: onProfile(listInput).query(async ({ ctx, input }) =>
    listHeader(ctx.em, await visibleList(ctx.em, ctx.writer, ctx.viewer, input.catalogSlugId)),
  ),
  /** The list's stories in its creator's order. */
  listItems: onProfile(listInput.extend({ cursor: scoreCursor })).query(async ({ ctx, input }) =>
    listItemsPage(
      ctx.em,
      await visibleList(ctx.em, ctx.writer, ctx.viewer, input.catalogSlugId),
      input.cursor,
    ),
  ),
});

// ── /{collectionSlug}/… ─────────────────────────────────────────────────────────────────────

/** Spec §2 Publications sub-paths; each answers NOT_FOUND for a slug no publication has. */
const publicationPagesRouter = router({
  /** /{collectionSlug}/about: description, editors (owner first) and follower count. */
  about: onPublication(z.object({ slug })).query(({ ctx }) =>
    publicationAbout(ctx.em, ctx.viewer, ctx.publication),
  ),
  /** /{collectionSlug}/trending: its stories with the most claps and responses in the last 30 days. */
  trending: onPublication(z.object({ slug, cursor: scoreCursor })).query(({ ctx, input }) =>
    publicationTrending(ctx.em, ctx.publication, ctx.now(), input.cursor),
  ),
  /** /{collectionSlug}/archive[/{year}[/{month}[/{day}]]]: the years and months that have stories. */
  archive: onPublication(z.object({ slug, ...archiveInput })).query(({ ctx, input }) =>
    publicationArchive(ctx.em, ctx.publication, input),
  ),
  /** The archive's stories in the selected range, newest first. */
  archiveStories: onPublication(z.object({ slug, ...archiveInput, cursor: timeCursor })).query(
    ({ ctx, input }) => publicationArchiveStories(ctx.em, ctx.publication, input, input.cursor),
  ),
  /** /{collectionSlug}/tagged/{tagSlug}: its stories with the tag; NOT_FOUND for an unknown tag. */
  tagged: onPublication(z.object({ slug, tagSlug: slug, cursor: timeCursor })).query(({ ctx, input }) =>
    publicationTagged(ctx.em, ctx.viewer, ctx.publication, input.tagSlug, input.cursor),
  ),
  /** /{collectionSlug}/{topicSlug}/home: a feature page and its stories; NOT_FOUND for one it does not have. */
  featurePage: onPublication(z.object({ slug, topicSlug: slug })).query(({ ctx, input }) =>
    featurePage(ctx.em, ctx.publication, input.topicSlug),
  ),
  /** /{collectionSlug}/featured: the stories of its feature pages. */
  featured: onPublication(z.object({ slug })).query(({ ctx }) => featuredStories(ctx.em, ctx.publication)),
  /** /{collectionSlug}/all[/{page}]: every story, newest first, in numbered pages; NOT_FOUND past the last. */
  all: onPublication(z.object({ slug, page: z.number().int().min(1).max(100_000).default(1) })).query(
    ({ ctx, input }) => allStories(ctx.em, ctx.publication, input.page),
  ),
  /** /{collectionSlug}/followers: who follows the publication, newest first. */
  followers: onPublication(z.object({ slug, cursor: timeCursor })).query(({ ctx, input }) =>
    publicationFollowers(ctx.em, ctx.viewer, ctx.publication, input.cursor),
  ),
  /**
   * /{collectionSlug}/@{username}: the writer's header; NOT_FOUND for a profile the viewer may not see or a
   * writer with no story in the publication.
   */
  writer: onPublication(z.object({ slug, username })).query(({ ctx, input }) =>
    publicationWriter(ctx.em, ctx.viewer, ctx.publication, input.username),
  ),
  /** The writer's stories in the publication, newest first. */
  writerStories: onPublication(z.object({ slug, username, cursor: timeCursor })).query(({ ctx, input }) =>
    publicationWriterStories(ctx.em, ctx.viewer, ctx.publication, input.username, input.cursor),
  ),
});

// ── /tag/{tagSlug}/… ────────────────────────────────────────────────────────────────────────

const timePeriod = z.enum(Object.keys(TOP_TIME_PERIODS) as [TopTimePeriod, ...TopTimePeriod[]], {
  error: 'A time period is day, week, month, year or all-time.',
});

/** Spec §2 Tags sub-paths; each answers NOT_FOUND for an unknown (or staff-only) tag. */
const tagPagesRouter = router({
  /** /tag/{tagSlug}/top/{timePeriod}: tagged stories published in the period, most claps first. */
  top: onTag(z.object({ slug, timePeriod, cursor: scoreCursor })).query(({ ctx, input }) =>
    tagTopStories(ctx.em, ctx.tag, input.timePeriod, ctx.now(), input.cursor),
  ),
  /** /tag/{tagSlug}/top-writers: writers with the most claps on their stories with the tag. */
  topWriters: onTag(z.object({ slug, cursor: scoreCursor })).query(({ ctx, input }) =>
    topWritersOfTag(ctx.em, viewerIdOf(ctx), ctx.tag.id, input.cursor),
  ),
  /** /tag/{tagSlug}/archive[/{year}[/{month}[/{day}]]]: the years and months that have tagged stories. */
  archive: onTag(z.object({ slug, ...archiveInput })).query(({ ctx, input }) =>
    tagArchive(ctx.em, ctx.tag, input),
  ),
  /** The tag archive's stories in the selected range, newest first. */
  archiveStories: onTag(z.object({ slug, ...archiveInput, cursor: timeCursor })).query(({ ctx, input }) =>
    tagArchiveStories(ctx.em, ctx.tag, input, input.cursor),
  ),
});

// ── /topics, /trending, /top-stories ────────────────────────────────────────────────────────

const topicCursor = z.object({ name: textInput().max(100), id: entityId() }).nullish();

/** Spec §2 Home and discovery pages, and the profile, publication and tag sub-pages. */
export const discoveryRouter = router({
  profile: profilePagesRouter,
  publication: publicationPagesRouter,
  tag: tagPagesRouter,

  /**
   * The home page's right column (spec §9 FEATURED_STORIES, RECOMMENDED_TOPICS, TOP_WRITERS): staff picks,
   * topics and writers to follow; the same for every visitor, less what a reader blocked, muted or follows.
   */
  homeModules: publicProcedure.query(({ ctx }) =>
    homeModules(ctx.em, ctx.viewer, { cacheMs: ctx.env.forYouCacheMs }),
  ),
  /** /topics: every public topic by name, with its follower and story counts. */
  topics: publicProcedure
    .input(z.object({ cursor: topicCursor }))
    .query(({ ctx, input }) => topicsPage(ctx.em, ctx.viewer, input.cursor)),
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
    .query(({ ctx, input }) => topStoriesOfDay(ctx.em, input.day, ctx.now(), input.cursor)),
});
