import { describe, expect, it } from 'vitest';
import {
  earningsDayInput,
  formatEarningsDay,
  formatEarningsMonth,
  nextPayoutDate,
  previousUtcDay,
  utcMonthOf,
} from '../src';

describe('Partner Program dates', () => {
  it('pays on the 8th: this month’s while it is ahead, else next month’s', () => {
    expect(nextPayoutDate(new Date('2026-11-07T23:59:59Z'))).toBe('2026-11-08');
    expect(nextPayoutDate(new Date('2026-11-08T00:00:00Z'))).toBe('2026-12-08');
    expect(nextPayoutDate(new Date('2026-12-20T12:00:00Z'))).toBe('2027-01-08');
  });

  it('computes the UTC day before and the UTC month, whatever the local time zone', () => {
    expect(previousUtcDay(new Date('2026-03-01T00:20:00Z'))).toBe('2026-02-28');
    expect(utcMonthOf(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-01');
  });

  it('writes months and days for the dashboard', () => {
    expect(formatEarningsMonth('2026-11-01')).toBe('November 2026');
    expect(formatEarningsDay('2026-12-08')).toBe('Dec 8, 2026');
  });

  it('takes calendar days only', () => {
    expect(earningsDayInput.safeParse('2026-02-28').success).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '26-01-01',
      '2026-01-01T00:00',
      'yesterday',
      '2026-01-0\u0000',
    ]) {
      expect(earningsDayInput.safeParse(bad).success).toBe(false);
    }
  });
});
