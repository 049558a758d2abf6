/*
 * Stats pages (spec §2 /me/stats…, /@{username}/stats…, /@{username}/audience…, /{collectionSlug}/stats…, and the
 * JSON stats paths). The spec names the paths, 'View stats', 'Your stats' and the audience periods (§3); the
 * periods of the stats pages, the read ratio, the range cap and every other word here are ours.
 */

/** The periods a stats page shows: the last 7, 30 or 90 UTC days (today included), or all time. */
export const STATS_PERIODS = ['7', '30', '90', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The period a stats page shows when its address names none. */
export const DEFAULT_STATS_PERIOD: StatsPeriod = '30';

/** Spec §3 "Audience stats periods": daily, weekly, monthly. */
export const AUDIENCE_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];

/** How many buckets the audience chart shows per period: 30 days, 26 weeks, 12 months. */
export const AUDIENCE_BUCKETS: Record<AudiencePeriod, number> = { daily: 30, weekly: 26, monthly: 12 };

/** What /@{username}/audience/{details} shows: followers (the default) or newsletter subscribers. */
export const AUDIENCE_DETAILS = ['followers', 'subscribers'] as const;
export type AudienceDetails = (typeof AUDIENCE_DETAILS)[number];

/** The tabs of a writer's stats: stories, responses, series. */
export const WRITER_STATS_TABS = ['stories', 'responses', 'series'] as const;
export type WriterStatsTab = (typeof WRITER_STATS_TABS)[number];

/** The tabs of a publication's stats. */
export const PUBLICATION_STATS_TABS = ['overview', 'stories', 'publication-digests'] as const;
export type PublicationStatsTab = (typeof PUBLICATION_STATS_TABS)[number];

/** The longest range a JSON stats path answers, in UTC days: a year and a bit, so a yearly report fits. */
export const STATS_RANGE_MAX_DAYS = 400;

/** Stories (or responses) on one page of a stats table. */
export const STATS_TABLE_PAGE = 20;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, as YYYY-MM-DD (the day every stats row is kept under). */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** The UTC day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const addDays = (day: string, days: number): string =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Whole UTC days from `from` to `to`, both included (1 for a single day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The days of a period ending today; all time starts at `firstDay` (the first day with stats, else today). */
export function periodDays(
  period: StatsPeriod,
  today: string,
  firstDay: string | null,
): { from: string; to: string } {
  if (period === 'all') return { from: firstDay && firstDay < today ? firstDay : today, to: today };
  return { from: addDays(today, 1 - Number(period)), to: today };
}

/**
 * A JSON stats range: the UTC days from the one holding startTimeMs to the one holding endTimeMs, both
 * included; the reason instead when it is reversed or longer than STATS_RANGE_MAX_DAYS.
 */
export function rangeDays(
  startTimeMs: number,
  endTimeMs: number,
): { from: string; to: string } | { error: string } {
  if (endTimeMs < startTimeMs) return { error: statsTexts.rangeReversed };
  const from = utcDay(startTimeMs);
  const to = utcDay(endTimeMs);
  if (daysBetween(from, to) > STATS_RANGE_MAX_DAYS) return { error: statsTexts.rangeTooLong };
  return { from, to };
}

/** Reads per view, as a whole percentage; null when there was no view. */
export const readRatio = (views: number, reads: number): number | null =>
  views > 0 ? Math.round((reads / views) * 100) : null;

/** Member reading time for a stats card: seconds under a minute, then minutes, then hours and minutes. */
export function formatReadingTime(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)}h ${rest}m` : `${Math.floor(minutes / 60)}h`;
}

/** Cents as dollars with two decimals and thousands separators ($1,234.56). */
export const formatEarnings = (cents: number): string =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A count with thousands separators (12,345). */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** The period a page address names (?period=…), the default when it names none or another. */
export const statsPeriodOf = (value: string | null | undefined): StatsPeriod =>
  (STATS_PERIODS as readonly string[]).includes(value ?? '') ? (value as StatsPeriod) : DEFAULT_STATS_PERIOD;

/** The audience period an address names (?period=…), daily when it names none or another. */
export const audiencePeriodOf = (value: string | null | undefined): AudiencePeriod =>
  (AUDIENCE_PERIODS as readonly string[]).includes(value ?? '') ? (value as AudiencePeriod) : 'daily';

/** The CSV file name of a story's daily stats. */
export const storyStatsCsvName = (postId: string, from: string, to: string) =>
  `story-${postId}-stats-${from}-to-${to}.csv`;

/** Where a story's daily stats download as CSV (for the period the page shows). */
export const storyStatsCsvPath = (postId: string, period: StatsPeriod) =>
  `/me/stats/post/${postId}/csv?period=${period}`;

/** The columns of a story's daily stats CSV, in order. */
export const STORY_STATS_CSV_HEADER =
  'day,views,reads,read_ratio_percent,member_reading_seconds,claps,responses,earnings_cents';

/** Every word of the stats pages. */
export const statsTexts = {
  title: 'Stats',
  storyTitle: 'Story stats',
  responsesTitle: 'Responses stats',
  seriesTitle: 'Series stats',
  audienceTitle: 'Audience',
  publicationTitle: 'Publication stats',
  tabsLabel: 'Stats',
  tabs: { stories: 'Stories', responses: 'Responses', series: 'Series' },
  publicationTabs: { overview: 'Overview', stories: 'Stories', 'publication-digests': 'Publication digests' },
  audienceTab: 'Audience',
  periodLabel: 'Period',
  periods: { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', all: 'All time' },
  audiencePeriods: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
  audienceDetails: { followers: 'Followers', subscribers: 'Email subscribers' },
  views: 'Views',
  reads: 'Reads',
  readRatio: 'Read ratio',
  memberReadingTime: 'Member reading time',
  earnings: 'Earnings',
  followersGained: 'Followers gained',
  followersLost: 'Followers lost',
  claps: 'Claps',
  responses: 'Responses',
  followers: 'Followers',
  subscribers: 'Subscribers',
  gained: 'Gained',
  lost: 'Lost',
  total: 'Total',
  day: 'Day',
  story: 'Story',
  series: 'Series',
  storiesInSeries: 'Stories',
  sentAt: 'Sent',
  recipients: 'Recipients',
  chartLabel: (what: string) => `Daily ${what.toLowerCase()}`,
  noRatio: '–',
  range: (from: string, to: string) => (from === to ? `${from} (UTC)` : `${from} to ${to} (UTC)`),
  freshness: 'Numbers are kept per UTC day and brought up to date every few minutes.',
  readRatioHelp:
    'Reads divided by views. A read is counted when someone spends 30 seconds on the story or reaches its end.',
  memberReadingHelp: 'Time members spent reading your stories in full (your own reading is not counted).',
  downloadCsv: 'Download CSV',
  showMore: 'Show more',
  allStories: 'All stories',
  viewStory: 'View story',
  emptyStories: 'No stories yet. Once you publish, their views and reads show up here.',
  emptyResponses: 'No responses yet. Responses you write show up here with their views and reads.',
  emptySeries: 'No series yet. Stats of each series you start show up here.',
  emptyPublicationStories: 'No stories in this publication yet.',
  emptyDigests:
    'No digests sent yet. When this publication emails a story to its newsletter subscribers, each send is listed here with when it went and to how many people.',
  emptySubscribers: 'No email subscribers yet.',
  emptyFollowers: 'No followers in this period.',
  notFound: 'There are no stats to show here.',
  rangeReversed: 'The end of the range comes before its start.',
  rangeTooLong: `A stats range is at most ${STATS_RANGE_MAX_DAYS} days.`,
  rangeNotANumber: 'A stats range is two times in milliseconds since 1970, whole numbers of 0 or more.',
  chartLoading: 'Loading the chart…',
} as const;
