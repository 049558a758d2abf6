import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import {
  readRatio,
  STORY_STATS_CSV_HEADER,
  type StatsPeriod,
  storyStatsCsvName,
  utcDay,
} from '@quire/domain';
import { type DayRange, periodRange, statsSeries } from './days';
import { statsStory } from './subjects';

/* One story's stats (spec §2 /me/stats/post/{postId}, /stats/{postId}/…): daily points from post_daily_stats. */

type StoryRow = Awaited<ReturnType<typeof statsStory>>;

/** What a story's stats page shows of the story itself. */
const storyHeader = (post: StoryRow) => ({
  id: post.id,
  title: post.title,
  uniqueSlug: post.uniqueSlug,
  isResponse: !!post.inResponseToPost,
  publishedAt: post.firstPublishedAt ? post.firstPublishedAt.toISOString() : null,
  collection: post.collection ? { slug: post.collection.slug, name: post.collection.name } : null,
});

/** Until its first day with stats, a story's all time starts on the day it was published. */
async function storyPeriod(em: EntityManager, post: StoryRow, period: StatsPeriod, now: Date) {
  const range = await periodRange(em, 'story', post.id, period, now);
  const published = post.firstPublishedAt ? utcDay(post.firstPublishedAt) : null;
  return period === 'all' && published && published < range.from ? { ...range, from: published } : range;
}

/** A story's numbers over a period: totals and one point a day. */
export async function storyStats(
  em: EntityManager,
  viewer: User,
  input: { postId: string; period: StatsPeriod },
  now: Date,
) {
  const post = await statsStory(em, viewer, input.postId);
  const range = await storyPeriod(em, post, input.period, now);
  return {
    story: storyHeader(post),
    period: input.period,
    ...(await statsSeries(em, 'story', post.id, range)),
  };
}

/** A story's numbers over a range of UTC days (the JSON stats paths). */
export async function storyRangeStats(em: EntityManager, viewer: User, postId: string, range: DayRange) {
  const post = await statsStory(em, viewer, postId);
  return { story: storyHeader(post), ...(await statsSeries(em, 'story', post.id, range)) };
}

/** A story's daily stats over a period as CSV, a line a day, oldest first. */
export async function storyStatsCsv(
  em: EntityManager,
  viewer: User,
  input: { postId: string; period: StatsPeriod },
  now: Date,
) {
  const stats = await storyStats(em, viewer, input, now);
  const lines = stats.days.map((d) =>
    [
      d.day,
      d.views,
      d.reads,
      readRatio(d.views, d.reads) ?? '',
      d.memberReadingSeconds,
      d.claps,
      d.responses,
      d.earningsCents,
    ].join(','),
  );
  return {
    filename: storyStatsCsvName(stats.story.id, stats.range.from, stats.range.to),
    csv: `${[STORY_STATS_CSV_HEADER, ...lines].join('\r\n')}\r\n`,
  };
}
