import { describe, expect, it } from 'vitest';
import {
  archiveRange,
  isTopTimePeriod,
  monthDayYearSlug,
  parseMonthDayYearSlug,
  topPeriodStart,
} from '../src/discovery';

describe('top stories day slugs (§2 /top-stories/{monthDayYearSlug})', () => {
  it('formats a UTC day and parses it back', () => {
    expect(monthDayYearSlug(new Date('2026-11-21T23:59:59Z'))).toBe('november-21-2026');
    expect(monthDayYearSlug(new Date('2026-03-05T00:00:00Z'))).toBe('march-5-2026');
    const day = parseMonthDayYearSlug('november-21-2026');
    expect(day?.from.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(day?.to.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseMonthDayYearSlug('february-29-2024')?.day).toBe(29);
  });

  it('refuses days that do not exist and spellings that are not the canonical slug', () => {
    for (const slug of [
      'february-29-2026',
      'november-31-2026',
      'november-05-2026',
      'November-21-2026',
      'nov-21-2026',
      '2026-11-21',
      '',
    ]) {
      expect(parseMonthDayYearSlug(slug), slug).toBeNull();
    }
  });
});

describe('archive ranges (§2 …/archive[/{year}[/{month}[/{day}]]])', () => {
  it('selects everything, a year, a month or a day', () => {
    expect(archiveRange()).toMatchObject({ year: null, from: null });
    expect(archiveRange('2025')).toMatchObject({
      year: 2025,
      month: null,
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2026-01-01T00:00:00Z'),
    });
    expect(archiveRange('2025', '12')).toMatchObject({
      month: 12,
      from: new Date('2025-12-01T00:00:00Z'),
      to: new Date('2026-01-01T00:00:00Z'),
    });
    expect(archiveRange('2024', '02', '29')).toMatchObject({ day: 29, to: new Date('2024-03-01T00:00:00Z') });
  });

  it('refuses what is not a date', () => {
    const bad: [string, string?, string?][] = [
      ['2025', '13'],
      ['2025', '0'],
      ['2025', '02', '29'],
      ['2025', '04', '31'],
      ['twenty'],
      ['1969'],
      ['2025', '1a'],
    ];
    for (const args of bad) expect(archiveRange(...args), args.join('/')).toBeNull();
  });
});

describe('top time periods (§2 /tag/{tagSlug}/top/{timePeriod})', () => {
  it('knows the five periods and how far back each looks', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(topPeriodStart('day', now)?.toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(topPeriodStart('week', now)?.toISOString()).toBe('2026-11-14T12:00:00.000Z');
    expect(topPeriodStart('all-time', now)).toBeNull();
    expect(isTopTimePeriod('year')).toBe(true);
    expect(isTopTimePeriod('fortnight')).toBe(false);
    expect(isTopTimePeriod('constructor')).toBe(false);
  });
});
