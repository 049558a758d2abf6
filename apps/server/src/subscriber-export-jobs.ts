import path from 'node:path';
import {
  expireSubscriberExports,
  LocalDiskExportStore,
  runQueuedSubscriberExports,
  type SubscriberExportDeps,
} from '@quire/api';
import type { Orm } from '@quire/db';
import type { PgBoss } from 'pg-boss';
import type { ServerConfig } from './config';
import { schedulePolledJob } from './polled-job';

/** The subscriber export queues: building requested CSVs, and deleting those past their time. */
export const SUBSCRIBER_EXPORT_QUEUES = {
  build: 'subscriber-exports.build',
  cleanup: 'subscriber-exports.cleanup',
} as const;

/** How often the worker looks for new requests between the scheduled runs (the row is the order, as for exports). */
const POLL_MS = 2000;

/**
 * Subscriber exports (spec §2 /me/subscribers/confirm-export): builds queued CSVs into DATA_DIR/exports beside the
 * data exports, mails their links, and hourly expires those past their time and deletes their files.
 */
export async function scheduleSubscriberExportJobs(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  log: (m: string) => void,
  deps: SubscriberExportDeps = {
    files: new LocalDiskExportStore(path.join(config.DATA_DIR, 'exports')),
    publicUrl: config.publicUrl,
  },
) {
  const builds = await schedulePolledJob(boss, {
    queue: SUBSCRIBER_EXPORT_QUEUES.build,
    cron: '* * * * *',
    pollMs: POLL_MS,
    run: async () => {
      const ready = await runQueuedSubscriberExports(orm.em.fork(), deps, (id, error) =>
        log(`jobs: subscriber export ${id} failed: ${error.message}`),
      );
      if (ready) log(`jobs: ${ready} subscriber exports ready`);
    },
    onError: (error) => log(`jobs: subscriber exports failed: ${error.message}`),
  });
  await boss.createQueue(SUBSCRIBER_EXPORT_QUEUES.cleanup);
  await boss.schedule(SUBSCRIBER_EXPORT_QUEUES.cleanup, '29 * * * *');
  await boss.work(SUBSCRIBER_EXPORT_QUEUES.cleanup, async () => {
    const expired = await expireSubscriberExports(orm.em.fork(), deps.files, new Date());
    if (expired) log(`jobs: ${expired} subscriber exports expired and their files deleted`);
  });
  return builds;
}
