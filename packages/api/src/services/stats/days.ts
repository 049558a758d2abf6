import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, periodDays, readRatio, type StatsPeriod, statsTexts, utcDay } from '@quire/domain';
import { TRPCError } from '@trpc/server';

/* Reading the daily stats rows (rollup.ts writes them): one subject's days over a range, zero-filled, with totals. */

/** What a stats series is about, and the table its days come from. */
const SOURCES = {
  writer: { table: 'user_daily_stats', key: 'user_id', earnings: 'earnings_cents', followers: true },
  story: { table: 'post_daily_stats', key: 'post_id', earnings: 'earnings_cents', followers: false },
  publication: { table: 'collection_daily_stats', key: 'collection_id', earnings: '0', followers: true },
} as const;
export type StatsSource = keyof typeof SOURCES;

/** A range of UTC days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** One UTC day's numbers. */
export interface DayStats {
  day: string;
  views: number;
  reads: number;
  memberReadingSeconds: number;
  claps: number;
  responses: number;
  earningsCents: number;
  followersGained: number;
  followersLost: number;
}

type Counts = Omit<DayStats, 'day'>;

const ZERO: Counts = {
  views: 0,
  reads: 0,
  memberReadingSeconds: 0,
  claps: 0,
  responses: 0,
  earningsCents: 0,
  followersGained: 0,
  followersLost: 0,
};

/** The sums of a range, with the read ratio (reads per view, in whole percent; null without views). */
export type StatsTotals = Counts & { readRatio: number | null };

/** The same NOT_FOUND for a subject that is missing and one the viewer may not see: nothing is told apart. */
export const noStats = () => new TRPCError({ code: 'NOT_FOUND', message: statsTexts.notFound });

/** Sums days into totals. */
export function totalsOf(days: readonly Counts[]): StatsTotals {
  const sum = { ...ZERO };
  for (const d of days) for (const key of Object.keys(ZERO) as (keyof Counts)[]) sum[key] += d[key];
  return { ...sum, readRatio: readRatio(sum.views, sum.reads) };
}

/** Every day of the range, from the rows found and zeros between them. */
function zeroFilled(range: DayRange, rows: DayStats[]): DayStats[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: DayStats[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    days.push(byDay.get(day) ?? { day, ...ZERO });
  }
  return days;
}

/** A subject's days in the range (every day, zeros where nothing happened) and their totals. */
export async function statsSeries(em: EntityManager, source: StatsSource, id: string, range: DayRange) {
  const s = SOURCES[source];
  const followers = s.followers
    ? 'followers_gained, followers_lost'
    : '0 as followers_gained, 0 as followers_lost';
  const rows = await em.execute<Record<string, string | number>[]>(
    `select to_char(day, 'YYYY-MM-DD') as day, views, reads, member_reading_seconds, claps, responses,
            ${s.earnings} as earnings_cents, ${followers}
       from ${s.table} where ${s.key} = ? and day between ?::date and ?::date order by day`,
    [id, range.from, range.to],
  );
  const days = zeroFilled(
    range,
    rows.map((r) => ({
      day: String(r.day),
      views: Number(r.views),
      reads: Number(r.reads),
      memberReadingSeconds: Number(r.member_reading_seconds),
      claps: Number(r.claps),
      responses: Number(r.responses),
      earningsCents: Number(r.earnings_cents),
      followersGained: Number(r.followers_gained),
      followersLost: Number(r.followers_lost),
    })),
  );
  return { range, totals: totalsOf(days), days };
}

/** The days a period covers for a subject: all time starts at its first day with stats. */
export async function periodRange(
  em: EntityManager,
  source: StatsSource,
  id: string,
  period: StatsPeriod,
  now: Date,
): Promise<DayRange> {
  if (period !== 'all') return periodDays(period, utcDay(now), null);
  const s = SOURCES[source];
  const [row] = await em.execute<{ first: string | null }[]>(
    `select to_char(min(day), 'YYYY-MM-DD') as first from ${s.table} where ${s.key} = ?`,
    [id],
  );
  return periodDays(period, utcDay(now), row?.first ?? null);
}
