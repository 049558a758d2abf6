import { EarningDay } from '@quire/db';
import { useTestDatabase } from '@quire/test-harness';
import { PgBoss } from 'pg-boss';
import { describe, expect, it, onTestFinished } from 'vitest';
import { allocateDueDays, EARNINGS_QUEUE, scheduleEarningsJobs } from '../src/earnings-jobs';

/* The earnings.allocate queue on pg-boss: once a day, yesterday's ledger and any day of the week before it missed. */

const db = useTestDatabase();

const computedDays = async () =>
  (
    await db
      .em()
      .execute<{ day: string; computed_at: Date }[]>(
        `select to_char(day, 'YYYY-MM-DD') as day, computed_at from earning_days order by day`,
      )
  ).map((r) => ({ day: r.day, at: new Date(r.computed_at).getTime() }));

describe('the earnings.allocate job', () => {
  it('computes yesterday, fills in the missed days of the week before, and recomputes only yesterday', async () => {
    const now = new Date('2026-11-20T00:20:00Z');
    const first = await allocateDueDays(db.orm, now);
    expect(first.map((d) => d.day)).toEqual([
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
    const before = await computedDays();
    // A day later: only the new yesterday; run again that day, yesterday is computed again and no other day.
    const next = await allocateDueDays(db.orm, new Date('2026-11-21T00:20:00Z'));
    expect(next.map((d) => d.day)).toEqual(['2026-11-20']);
    await allocateDueDays(db.orm, new Date('2026-11-21T00:20:00Z'));
    const after = await computedDays();
    expect(after.map((d) => d.day)).toEqual([...before.map((d) => d.day), '2026-11-20']);
    // Days already computed are left alone.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(await db.em().count(EarningDay, {})).toBe(9);
  });

  it('is scheduled daily', async () => {
    const boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', max: 2 });
    await boss.start();
    onTestFinished(() => boss.stop({ graceful: false }));
    await scheduleEarningsJobs(boss, db.orm, () => {});
    const schedule = (await boss.getSchedules()).find((s) => s.name === EARNINGS_QUEUE);
    expect(schedule?.cron).toBe('20 0 * * *');
  });
});
