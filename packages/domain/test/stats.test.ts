import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatEarnings,
  formatReadingTime,
  periodDays,
  rangeDays,
  readRatio,
  statsPeriodOf,
  statsRangeInput,
} from '../src';

describe('stats periods and ranges (packages/domain/src/stats.ts)', () => {
  it('counts UTC days, today included', () => {
    expect(periodDays('7', '2026-03-02', null)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(periodDays('all', '2026-03-02', '2025-12-31')).toEqual({ from: '2025-12-31', to: '2026-03-02' });
    expect(periodDays('all', '2026-03-02', null)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('turns a JSON range into the UTC days it touches, refusing reversed and longer than 400 days', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(rangeDays(at('2026-01-01T23:00:00Z'), at('2026-01-02T01:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-02',
    });
    expect(rangeDays(at('2026-01-01T00:00:00Z'), at('2027-02-04T23:59:59Z'))).toEqual({
      from: '2026-01-01',
      to: '2027-02-04',
    });
    expect(rangeDays(at('2026-01-01T00:00:00Z'), at('2027-02-05T00:00:00Z'))).toEqual({
      error: 'A stats range is at most 400 days.',
    });
    expect(rangeDays(2, 1)).toEqual({ error: 'The end of the range comes before its start.' });
    const times = statsRangeInput.startTimeMs;
    expect(times.safeParse('1700000000000').data).toBe(1_700_000_000_000);
    for (const bad of ['', '1e3', '-1', '1.5', 'soon', '99999999999999999']) {
      expect(times.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('writes the read ratio, reading time and earnings as the cards show them', () => {
    expect(readRatio(0, 0)).toBeNull();
    expect(readRatio(3, 1)).toBe(33);
    expect(formatReadingTime(59)).toBe('59s');
    expect(formatReadingTime(3600 + 120)).toBe('1h 2m');
    expect(formatEarnings(123456)).toBe('$1,234.56');
    expect(formatEarnings(-5)).toBe('-$0.05');
    expect(statsPeriodOf('90')).toBe('90');
    expect(statsPeriodOf('year')).toBe('30');
  });
});
