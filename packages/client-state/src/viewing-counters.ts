/**
 * Spec §4 Client viewing counters, kept in local storage: stories viewed today (reset at UTC midnight), this
 * week (reset at the week's start, Monday 00:00 UTC), this month, and stories viewed this month that are not
 * members-only; the read-next meter hidden for one day; whether the viewer was signed in.
 */

/** A count for one period, named by the period's key (e.g. '2026-11-22', '2026-W47', '2026-11'). */
export interface PeriodCount {
  key: string;
  count: number;
}

export interface ViewingCounters {
  day: PeriodCount;
  week: PeriodCount;
  month: PeriodCount;
  /** Stories that are not members-only, viewed this month. */
  nonMemberOnlyMonth: PeriodCount;
}

export const VIEWING_COUNTERS_KEY = 'quire:viewing-counters';
export const READ_NEXT_METER_HIDDEN_KEY = 'quire:read-next-meter-hidden-until';
export const VIEWER_LOGGED_IN_KEY = 'quire:viewer-logged-in';
const DAY_MS = 86_400_000;

/** Storage as the browser offers it (window.localStorage), or null where there is none. */
export type CounterStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

const dayKey = (now: Date) => now.toISOString().slice(0, 10);
const monthKey = (now: Date) => now.toISOString().slice(0, 7);
/** The week's key: the date of its Monday (UTC). */
function weekKey(now: Date): string {
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return dayKey(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysSinceMonday)),
  );
}

const empty = (key: string): PeriodCount => ({ key, count: 0 });

/** The counters as of `now`: a period that has ended starts again at zero. */
export function currentCounters(saved: Partial<ViewingCounters> | null, now: Date): ViewingCounters {
  const keep = (count: PeriodCount | undefined, key: string) =>
    count && count.key === key && Number.isInteger(count.count) && count.count >= 0 ? count : empty(key);
  return {
    day: keep(saved?.day, dayKey(now)),
    week: keep(saved?.week, weekKey(now)),
    month: keep(saved?.month, monthKey(now)),
    nonMemberOnlyMonth: keep(saved?.nonMemberOnlyMonth, monthKey(now)),
  };
}

/** One more story viewed. */
export function countPostView(
  saved: Partial<ViewingCounters> | null,
  opts: { isLocked: boolean; now: Date },
): ViewingCounters {
  const c = currentCounters(saved, opts.now);
  const bump = (p: PeriodCount) => ({ key: p.key, count: p.count + 1 });
  return {
    day: bump(c.day),
    week: bump(c.week),
    month: bump(c.month),
    nonMemberOnlyMonth: opts.isLocked ? c.nonMemberOnlyMonth : bump(c.nonMemberOnlyMonth),
  };
}

function readJson<T>(storage: CounterStorage, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // Spec §8 silent failures: an unreadable value counts as none.
    return null;
  }
}

function write(storage: CounterStorage, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or blocked storage: the counters are a courtesy, never a failure.
  }
}

/** Reads the counters (fresh periods start at zero). */
export function loadViewingCounters(storage: CounterStorage, now: Date): ViewingCounters {
  return currentCounters(readJson<Partial<ViewingCounters>>(storage, VIEWING_COUNTERS_KEY), now);
}

/** Counts one story view in storage and returns the new counters. */
export function recordPostView(
  storage: CounterStorage,
  opts: { isLocked: boolean; now: Date },
): ViewingCounters {
  const next = countPostView(readJson<Partial<ViewingCounters>>(storage, VIEWING_COUNTERS_KEY), opts);
  write(storage, VIEWING_COUNTERS_KEY, JSON.stringify(next));
  return next;
}

/** Spec §4: the read-next meter can be hidden for one day. */
export function hideReadNextMeter(storage: CounterStorage, now: Date): void {
  write(storage, READ_NEXT_METER_HIDDEN_KEY, String(now.getTime() + DAY_MS));
}

export function isReadNextMeterHidden(storage: CounterStorage, now: Date): boolean {
  const until = Number(readJson<number>(storage, READ_NEXT_METER_HIDDEN_KEY));
  return Number.isFinite(until) && until > now.getTime();
}

/** Spec §4: whether the viewer was signed in, stored locally. */
export function rememberViewerLoggedIn(storage: CounterStorage, loggedIn: boolean): void {
  write(storage, VIEWER_LOGGED_IN_KEY, loggedIn ? '1' : '0');
}
