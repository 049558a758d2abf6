import {
  audienceDetailsInput,
  audiencePeriodInput,
  checkStatsRange,
  rangeDays,
  statsPeriodInput,
  statsRangeInput,
  statsUsernameInput,
  WRITER_STATS_TABS,
} from '@quire/domain';
import { z } from 'zod';
import { entityId, slug, timeCursor } from '../schemas';
import { audienceStats } from '../services/stats/audience';
import type { DayRange } from '../services/stats/days';
import { publicationDigests, publicationStats, publicationStoriesStats } from '../services/stats/publication';
import { storyRangeStats, storyStats, storyStatsCsv } from '../services/stats/story';
import { writerRangeStats, writerStats, writerTable } from '../services/stats/writer';
import { authedProcedure, router } from '../trpc';

const period = statsPeriodInput.default('30');
const username = statsUsernameInput;
const postId = entityId('story');

/** A checked range's UTC days (checkStatsRange refused any other). */
const daysOf = (input: { startTimeMs: number; endTimeMs: number }) =>
  rangeDays(input.startTimeMs, input.endTimeMs) as DayRange;

/**
 * Spec §2 stats pages and JSON stats paths: a writer's own stats, a story's for its writer and its publication's
 * editors, a publication's for its owner and editors (policies/stats-rules.ts); anyone else gets NOT_FOUND.
 */
export const statsRouter = router({
  /** A writer's totals and daily points over a period (/me/stats, /@{username}/stats). */
  writer: authedProcedure
    .input(z.object({ username, period }))
    .query(({ ctx, input }) => writerStats(ctx.em, ctx.viewer, input, ctx.now())),
  /** The stories, responses or series table under a writer's stats, a page at a time. */
  writerTable: authedProcedure
    .input(
      z.object({
        username,
        period,
        tab: z.enum(WRITER_STATS_TABS, 'tab must be stories, responses or series.').default('stories'),
        cursor: timeCursor,
      }),
    )
    .query(({ ctx, input }) => writerTable(ctx.em, ctx.viewer, input, ctx.now())),
  /** A writer's numbers over a range of UTC days (/me/stats/total/…, /@{username}/stats/total/…). */
  writerRange: authedProcedure
    .input(z.object({ username, ...statsRangeInput }).superRefine(checkStatsRange))
    .query(({ ctx, input }) => writerRangeStats(ctx.em, ctx.viewer, input.username, daysOf(input))),
  /** One story's totals and daily points over a period (/me/stats/post/{postId}). */
  story: authedProcedure
    .input(z.object({ postId, period }))
    .query(({ ctx, input }) => storyStats(ctx.em, ctx.viewer, input, ctx.now())),
  /** One story's numbers over a range of UTC days (/me/stats/{postId}/…, /stats/{postId}/…). */
  storyRange: authedProcedure
    .input(z.object({ postId, ...statsRangeInput }).superRefine(checkStatsRange))
    .query(({ ctx, input }) => storyRangeStats(ctx.em, ctx.viewer, input.postId, daysOf(input))),
  /** One story's daily stats over a period as CSV. */
  storyCsv: authedProcedure
    .input(z.object({ postId, period }))
    .query(({ ctx, input }) => storyStatsCsv(ctx.em, ctx.viewer, input, ctx.now())),
  /** A writer's followers or newsletter subscribers per day, week or month (/@{username}/audience…). */
  audience: authedProcedure
    .input(
      z.object({
        username,
        period: audiencePeriodInput.default('daily'),
        details: audienceDetailsInput.default('followers'),
      }),
    )
    .query(({ ctx, input }) => audienceStats(ctx.em, ctx.viewer, input, ctx.now())),
  /** A publication's totals and daily points over a period (/{collectionSlug}/stats[/overview]). */
  publication: authedProcedure
    .input(z.object({ slug, period }))
    .query(({ ctx, input }) => publicationStats(ctx.em, ctx.viewer, input, ctx.now())),
  /** A page of a publication's stories with their numbers over a period (/{collectionSlug}/stats/stories). */
  publicationStories: authedProcedure
    .input(z.object({ slug, period, cursor: timeCursor }))
    .query(({ ctx, input }) => publicationStoriesStats(ctx.em, ctx.viewer, input, ctx.now())),
  /** What a publication's newsletter sent (/{collectionSlug}/stats/publication-digests). */
  publicationDigests: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => publicationDigests(ctx.em, ctx.viewer, input)),
});
