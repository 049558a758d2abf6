import { type AllocatedDay, allocateDay, daysBetween } from '@quire/api';
import type { Orm } from '@quire/db';
import { previousUtcDay, utcDayOf } from '@quire/domain';
import type { PgBoss } from 'pg-boss';

/** The queue of the Partner Program's daily allocation. */
export const EARNINGS_QUEUE = 'earnings.allocate';

/** How many days back a run fills in days no run computed (the worker was down), besides yesterday. */
const CATCH_UP_DAYS = 7;

/**
 * Yesterday's ledger, and any of the week before it that no run computed. Yesterday is always recomputed,
 * so refunds and late reads reported since an earlier run of it are taken in.
 */
export async function allocateDueDays(orm: Orm, now: Date): Promise<AllocatedDay[]> {
  const yesterday = previousUtcDay(now);
  const first = utcDayOf(new Date(now.getTime() - (CATCH_UP_DAYS + 1) * 86_400_000));
  const em = orm.em.fork();
  const done = await em.execute<{ day: string }[]>(
    `select to_char(day, 'YYYY-MM-DD') as day from earning_days where day >= ?::date and day < ?::date`,
    [first, yesterday],
  );
  const computed = new Set(done.map((r) => r.day));
  const due = [...daysBetween(first, yesterday).filter((d) => !computed.has(d) && d < yesterday), yesterday];
  const out: AllocatedDay[] = [];
  for (const day of due) out.push(await allocateDay(orm.em.fork(), day));
  return out;
}

/** Schedules the allocation for 00:20 UTC each day, when the day before has ended and its reads are in. */
export async function scheduleEarningsJobs(boss: PgBoss, orm: Orm, log: (m: string) => void) {
  await boss.createQueue(EARNINGS_QUEUE);
  await boss.schedule(EARNINGS_QUEUE, '20 0 * * *');
  await boss.work(EARNINGS_QUEUE, async () => {
    for (const day of await allocateDueDays(orm, new Date())) {
      log(
        `jobs: earnings for ${day.day}: ${day.allocated} of ${day.revenue} cents allocated in ${day.rows} rows (${day.durationMs} ms)`,
      );
    }
  });
}
