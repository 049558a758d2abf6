import { queueDigests } from '@quire/api';
import type { Orm } from '@quire/db';
import { DIGEST_HOUR_UTC, DIGEST_WEEKLY_DAY_UTC, type DigestCadence } from '@quire/domain';
import type { PgBoss } from 'pg-boss';
import type { ServerConfig } from './config';

/** The digest queues: the daily run, and the weekly one. */
export const DIGEST_QUEUES = { daily: 'digests.daily', weekly: 'digests.weekly' } as const;

/**
 * Email digests (spec §3 digest frequency and notification booleans): queued into the outbox at
 * DIGEST_HOUR_UTC every day, and on DIGEST_WEEKLY_DAY_UTC for the weekly ones; the outbox worker sends them. A
 * run that repeats (a retry, a second worker) queues nothing twice: each digest has a per-period dedupe key.
 */
export async function scheduleDigestJobs(
  boss: PgBoss,
  orm: Orm,
  _config: ServerConfig,
  log: (m: string) => void,
) {
  const run = async (cadence: DigestCadence) => {
    const result = await queueDigests(orm.em.fork(), cadence, new Date());
    const queued = result.story.queued + result.topic.queued + result.notification.queued;
    if (queued) log(`jobs: ${cadence.toLowerCase()} digests ${JSON.stringify(result)}`);
  };
  await boss.createQueue(DIGEST_QUEUES.daily);
  await boss.schedule(DIGEST_QUEUES.daily, `0 ${DIGEST_HOUR_UTC} * * *`, null, { tz: 'UTC' });
  await boss.work(DIGEST_QUEUES.daily, () => run('DAILY'));
  await boss.createQueue(DIGEST_QUEUES.weekly);
  await boss.schedule(DIGEST_QUEUES.weekly, `0 ${DIGEST_HOUR_UTC} * * ${DIGEST_WEEKLY_DAY_UTC}`, null, {
    tz: 'UTC',
  });
  await boss.work(DIGEST_QUEUES.weekly, () => run('WEEKLY'));
}
