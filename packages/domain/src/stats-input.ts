import { z } from 'zod';
import { AUDIENCE_DETAILS, AUDIENCE_PERIODS, rangeDays, STATS_PERIODS, statsTexts as texts } from './stats';
import { textInput } from './text-input';

/* The stats procedures' input, apart from stats.ts so the reader's pages load no validation library. */

/** Which period a stats page shows. */
export const statsPeriodInput = z.enum(STATS_PERIODS, 'period must be 7, 30, 90 or all.');

/** Which audience period (spec §3): daily, weekly or monthly. */
export const audiencePeriodInput = z.enum(AUDIENCE_PERIODS, 'period must be daily, weekly or monthly.');

/** What the audience page details: followers or subscribers. */
export const audienceDetailsInput = z.enum(AUDIENCE_DETAILS, 'details must be followers or subscribers.');

/** A time of a JSON stats range: milliseconds since 1970, a whole number of 0 or more (digits in a path). */
export const statsTimeMs = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
  z
    .number(texts.rangeNotANumber)
    .int(texts.rangeNotANumber)
    .min(0, texts.rangeNotANumber)
    .max(8_640_000_000_000_000, texts.rangeNotANumber),
);

/** A writer's stats: the viewer's own (no username) or by their username, which must be the viewer's. */
export const statsUsernameInput = textInput().trim().min(1).max(50).nullish();

/**
 * A JSON stats range (spec §2 /…/stats/…/{startTimeMs}/{endTimeMs}): two times, the end not before the start and
 * at most STATS_RANGE_MAX_DAYS UTC days apart (rangeDays).
 */
export const statsRangeInput = {
  startTimeMs: statsTimeMs,
  endTimeMs: statsTimeMs,
};

/** Refuses a reversed or too long range with its reason, on an object holding statsRangeInput's fields. */
export function checkStatsRange(value: { startTimeMs: number; endTimeMs: number }, ctx: z.RefinementCtx) {
  const range = rangeDays(value.startTimeMs, value.endTimeMs);
  if ('error' in range) ctx.addIssue({ code: 'custom', message: range.error, path: ['endTimeMs'] });
}
