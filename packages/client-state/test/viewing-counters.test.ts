import { describe, expect, it } from 'vitest';
import {
  countPostView,
  hideReadNextMeter,
  isReadNextMeterHidden,
  loadViewingCounters,
  recordPostView,
  VIEWING_COUNTERS_KEY,
} from '../src/viewing-counters';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('client viewing counters (spec §4)', () => {
  it('counts views today, this week, this month, and non-members-only stories this month', () => {
    const storage = memoryStorage();
    const sun = new Date('2026-11-22T10:00:00Z');
    recordPostView(storage, { isLocked: false, now: sun });
    const after = recordPostView(storage, { isLocked: true, now: sun });
    expect(after).toEqual({
      day: { key: '2026-11-22', count: 2 },
      week: { key: '2026-11-16', count: 2 },
      month: { key: '2026-11', count: 2 },
      nonMemberOnlyMonth: { key: '2026-11', count: 1 },
    });
  });

  it('resets the day at UTC midnight, the week on Monday and the month on the 1st', () => {
    const sun = countPostView(null, { isLocked: false, now: new Date('2026-11-29T23:59:00Z') });
    const mon = countPostView(sun, { isLocked: false, now: new Date('2026-11-30T00:00:00Z') });
    expect([mon.day.count, mon.week.count, mon.month.count]).toEqual([1, 1, 2]);
    const dec = countPostView(mon, { isLocked: false, now: new Date('2026-12-01T08:00:00Z') });
    expect([dec.day.count, dec.week.count, dec.month.count, dec.nonMemberOnlyMonth.count]).toEqual([
      1, 2, 1, 1,
    ]);
  });

  it('treats unreadable or tampered storage as empty', () => {
    const storage = memoryStorage();
    storage.setItem(VIEWING_COUNTERS_KEY, '{not json');
    const now = new Date('2026-11-22T10:00:00Z');
    expect(loadViewingCounters(storage, now).month.count).toBe(0);
    storage.setItem(VIEWING_COUNTERS_KEY, JSON.stringify({ month: { key: '2026-11', count: -4 } }));
    expect(loadViewingCounters(storage, now).month.count).toBe(0);
    expect(loadViewingCounters(null, now).day).toEqual({ key: '2026-11-22', count: 0 });
  });

  it('hides the read-next meter for one day', () => {
    const storage = memoryStorage();
    const now = new Date('2026-11-22T10:00:00Z');
    expect(isReadNextMeterHidden(storage, now)).toBe(false);
    hideReadNextMeter(storage, now);
    expect(isReadNextMeterHidden(storage, new Date('2026-11-23T09:59:00Z'))).toBe(true);
    expect(isReadNextMeterHidden(storage, new Date('2026-11-23T10:00:00Z'))).toBe(false);
  });
});
