import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import { readRatio, STATS_TABLE_PAGE, type StatsPeriod, type WriterStatsTab } from '@quire/domain';
import type { TimeCursorInput } from '../../schemas';
import { type DayRange, periodRange, statsSeries } from './days';
import { statsWriter } from './subjects';

/*
 * A writer's stats (spec §2 /me/stats[/responses|/series], /@{username}/stats…): the period's totals and daily
 * points from user_daily_stats, and a table of their stories, responses or series summed from post_daily_stats,
 * a page of stories at a time so a writer with a thousand stories reads a few hundred rows.
 */

/** The writer's numbers over a period: totals and one point a day. */
export async function writerStats(
  em: EntityManager,
  viewer: User,
  input: { username?: string | null | undefined; period: StatsPeriod },
  now: Date,
) {
  const writer = await statsWriter(em, viewer, input.username);
  const range = await periodRange(em, 'writer', writer.id, input.period, now);
  return { writer, period: input.period, ...(await statsSeries(em, 'writer', writer.id, range)) };
}

/** The writer's numbers over a range of UTC days (the JSON stats paths). */
export async function writerRangeStats(
  em: EntityManager,
  viewer: User,
  username: string | null | undefined,
  range: DayRange,
) {
  const writer = await statsWriter(em, viewer, username);
  return { writer, ...(await statsSeries(em, 'writer', writer.id, range)) };
}

/** The sums of post_daily_stats over the range for the stories of `page` (a subquery naming its ids). */
const SUMS = `coalesce(sum(s.views), 0)::int as views, coalesce(sum(s.reads), 0)::int as reads,
  coalesce(sum(s.member_reading_seconds), 0)::int8 as member_reading_seconds,
  coalesce(sum(s.claps), 0)::int as claps, coalesce(sum(s.responses), 0)::int as responses,
  coalesce(sum(s.earnings_cents), 0)::int8 as earnings_cents`;

interface SumsRow {
  views: number;
  reads: number;
  member_reading_seconds: string | number;
  claps: number;
  responses: number;
  earnings_cents: string | number;
}

const sums = (r: SumsRow) => ({
  views: Number(r.views),
  reads: Number(r.reads),
  readRatio: readRatio(Number(r.views), Number(r.reads)),
  memberReadingSeconds: Number(r.member_reading_seconds),
  claps: Number(r.claps),
  responses: Number(r.responses),
  earningsCents: Number(r.earnings_cents),
});

interface StoryRow extends SumsRow {
  id: string;
  title: string;
  unique_slug: string;
  published_at: Date;
  is_locked: boolean;
}

/**
 * One page of stories with their sums over the range, newest first: `where` picks the stories (`?` bound by
 * `params`), and the keyset cursor continues after the last of a previous page.
 */
export async function storiesPage(
  em: EntityManager,
  where: string,
  params: unknown[],
  range: DayRange,
  cursor: TimeCursorInput,
) {
  const after = cursor ? `and (p.first_published_at, p.id) < (?::timestamptz, ?)` : '';
  const rows = await em.execute<StoryRow[]>(
    `with page as (
       select p.id, p.title, p.unique_slug, p.first_published_at as published_at, p.is_locked
         from posts p
        where ${where} and p.status in ('PUBLISHED', 'UNLISTED') and p.deleted_at is null
          and p.first_published_at is not null ${after}
        order by p.first_published_at desc, p.id desc
        limit ?)
     select page.*, agg.*
       from page left join lateral (
         select ${SUMS} from post_daily_stats s
          where s.post_id = page.id and s.day between ?::date and ?::date) agg on true
      order by page.published_at desc, page.id desc`,
    [...params, ...(cursor ? [cursor.at, cursor.id] : []), STATS_TABLE_PAGE + 1, range.from, range.to],
  );
  const items = rows.slice(0, STATS_TABLE_PAGE).map((r) => ({
    id: r.id,
    title: r.title,
    uniqueSlug: r.unique_slug,
    publishedAt: new Date(r.published_at).toISOString(),
    isLocked: r.is_locked,
    ...sums(r),
  }));
  const last = items[items.length - 1];
  return {
    items,
    next: rows.length > STATS_TABLE_PAGE && last ? { at: last.publishedAt, id: last.id } : null,
  };
}

/** The writer's series with their stories' sums over the range, newest series first (at most 100). */
async function seriesSums(em: EntityManager, writerId: string, range: DayRange) {
  const rows = await em.execute<(SumsRow & { id: string; name: string; stories: number })[]>(
    `with seq as (
       select p.sequence_id, array_agg(p.id) as ids from posts p
        where p.creator_id = ? and p.sequence_id is not null and p.deleted_at is null
        group by p.sequence_id)
     select c.id, c.name, cardinality(seq.ids) as stories, agg.*
       from seq join catalogs c on c.id = seq.sequence_id
       left join lateral (
         select ${SUMS} from post_daily_stats s
          where s.post_id = any(seq.ids) and s.day between ?::date and ?::date) agg on true
      order by c.created_at desc, c.id desc
      limit 100`,
    [writerId, range.from, range.to],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, stories: Number(r.stories), ...sums(r) }));
}

/** The table under a writer's stats: their stories, responses (paged) or series, summed over the period. */
export async function writerTable(
  em: EntityManager,
  viewer: User,
  input: {
    username?: string | null | undefined;
    period: StatsPeriod;
    tab: WriterStatsTab;
    cursor?: TimeCursorInput;
  },
  now: Date,
) {
  const writer = await statsWriter(em, viewer, input.username);
  const range = await periodRange(em, 'writer', writer.id, input.period, now);
  if (input.tab === 'series') {
    return { tab: input.tab, range, series: await seriesSums(em, writer.id, range), items: [], next: null };
  }
  const responses = input.tab === 'responses' ? 'is not null' : 'is null';
  const page = await storiesPage(
    em,
    `p.creator_id = ? and p.in_response_to_post_id ${responses}`,
    [writer.id],
    range,
    input.cursor ?? null,
  );
  return { tab: input.tab, range, series: [], ...page };
}
