import { allStatsDays, rollupRecentStats, rollupStatsDays } from '@quire/api';
import type { Orm } from '@quire/db';
import type { PgBoss } from 'pg-boss';

/** The stats queues: the incremental rollup, and a full backfill. */
export const STATS_QUEUES = { rollup: 'stats.rollup', backfill: 'stats.backfill' } as const;

/**
 * Stats rollup (packages/api/src/services/stats/rollup.ts): every 5 minutes today and yesterday (UTC) are
 * recomputed, with older days whose claps or earnings changed, so the stats pages are at most about 5 minutes
 * behind. On a database whose events were never rolled up (a first start, an upgrade), every day is backfilled once.
 */
export async function scheduleStatsJobs(boss: PgBoss, orm: Orm, log: (m: string) => void) {
  await boss.createQueue(STATS_QUEUES.rollup);
  await boss.schedule(STATS_QUEUES.rollup, '*/5 * * * *');
  await boss.work(STATS_QUEUES.rollup, async () => {
    await rollupRecentStats(orm.em.fork(), new Date());
  });
  await boss.createQueue(STATS_QUEUES.backfill);
  await boss.work(STATS_QUEUES.backfill, async () => {
    const em = orm.em.fork();
    const days = await rollupStatsDays(em, await allStatsDays(em, new Date()));
    log(`jobs: stats backfilled for ${days} days`);
  });
  const [row] = await orm.em
    .fork()
    .execute<{ missing: boolean }[]>(
      'select not exists (select 1 from user_daily_stats) and exists (select 1 from read_events) as missing',
    );
  // singletonKey: several workers starting at once queue one backfill.
  if (row?.missing) await boss.send(STATS_QUEUES.backfill, {}, { singletonKey: 'stats-backfill' });
}
