/** Spec §2 Paths "Home and discovery", "Tags" and "Publications": time periods, windows and date slugs. */

import { formatLongDate } from './labels';

const DAY_MS = 86_400_000;

/** Spec §2 /tag/{tagSlug}/top/{timePeriod}: each period and how many days back it looks (null: all time). */
export const TOP_TIME_PERIODS = { day: 1, week: 7, month: 30, year: 365, 'all-time': null } as const;
export type TopTimePeriod = keyof typeof TOP_TIME_PERIODS;

/** Spec §2: whether a path segment names a top-stories time period. */
export function isTopTimePeriod(value: string | null | undefined): value is TopTimePeriod {
  return value != null && Object.hasOwn(TOP_TIME_PERIODS, value);
}

/** Spec §2 /tag/{tagSlug}/top/{timePeriod}: the earliest publication time a period covers (null: all time). */
export function topPeriodStart(period: TopTimePeriod, now: Date): Date | null {
  const days = TOP_TIME_PERIODS[period];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/** Not from the spec (it names the pages only): how the discovery pages rank and cap stories. */
export const DISCOVERY_LIMITS = {
  /** /trending: engagement (claps and responses) counted over the last 7 days. */
  trendingDays: 7,
  /** /trending: at most this many stories by one writer. */
  trendingPerWriter: 2,
  /** /{collectionSlug}/trending: engagement counted over the last 30 days. */
  publicationTrendingDays: 30,
} as const;

/** The UTC start of `days` days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Spec §2 /top-stories/{monthDayYearSlug}: the UTC day of `at` as 'november-21-2026'. */
export function monthDayYearSlug(at: Date): string {
  return formatLongDate(at).toLowerCase().replace(', ', '-').replace(' ', '-');
}

/** A UTC calendar day and the half-open range [from, to) it covers. */
export interface DayRange {
  year: number;
  month: number;
  day: number;
  from: Date;
  to: Date;
}

const dayRange = (year: number, month: number, day: number): DayRange => {
  const from = new Date(Date.UTC(year, month - 1, day));
  return { year, month, day, from, to: new Date(from.getTime() + DAY_MS) };
};

/** Spec §2 /top-stories/{monthDayYearSlug}: the day a canonical slug names, or null ('february-30-2026', 'x'). */
export function parseMonthDayYearSlug(slug: string): DayRange | null {
  const match = /^([a-z]+)-(\d{1,2})-(\d{4})$/.exec(slug);
  if (!match) return null;
  const [, , day, year] = match;
  for (let month = 1; month <= 12; month += 1) {
    const range = dayRange(Number(year), month, Number(day));
    // Formatting back rejects impossible days (Date.UTC rolls them over) and non-canonical spellings.
    if (range.from.getUTCMonth() === month - 1 && monthDayYearSlug(range.from) === slug) return range;
  }
  return null;
}

/** The UTC day that contains `at`. */
export function dayOf(at: Date): DayRange {
  return dayRange(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** An archive selection: everything, a year, a month of it or one day, with the half-open UTC range [from, to). */
export type ArchiveRange =
  | { year: null; month: null; day: null; from: null; to: null }
  | { year: number; month: number | null; day: number | null; from: Date; to: Date };

const ARCHIVE_FIRST_YEAR = 1970;
const ARCHIVE_LAST_YEAR = 9999;
const NUMBER_SEGMENT = /^\d{1,4}$/;

/**
 * Spec §2 …/archive[/{year}[/{month}[/{day}]]]: the range the path segments select, or null when they do not
 * name a real date (month 13, February 30, words). No year selects everything (no range).
 */
export function archiveRange(year?: string, month?: string, day?: string): ArchiveRange | null {
  if (year === undefined) return { year: null, month: null, day: null, from: null, to: null };
  if (![year, month, day].every((s) => s === undefined || NUMBER_SEGMENT.test(s))) return null;
  const y = Number(year);
  if (y < ARCHIVE_FIRST_YEAR || y > ARCHIVE_LAST_YEAR) return null;
  if (month === undefined) {
    return {
      year: y,
      month: null,
      day: null,
      from: new Date(Date.UTC(y, 0, 1)),
      to: new Date(Date.UTC(y + 1, 0, 1)),
    };
  }
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  if (day === undefined) {
    return {
      year: y,
      month: m,
      day: null,
      from: new Date(Date.UTC(y, m - 1, 1)),
      to: new Date(Date.UTC(y, m, 1)),
    };
  }
  const range = dayRange(y, m, Number(day));
  if (range.day < 1 || range.from.getUTCMonth() !== m - 1) return null;
  return { year: y, month: m, day: range.day, from: range.from, to: range.to };
}
