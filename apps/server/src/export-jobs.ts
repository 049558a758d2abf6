import path from 'node:path';
import { type ExportJobDeps, expireExports, LocalDiskExportStore, runQueuedExports } from '@quire/api';
import type { Orm } from '@quire/db';
import { PRODUCT_NAME } from '@quire/domain';
import type { PgBoss } from 'pg-boss';
import type { ServerConfig } from './config';
import { LocalDiskMediaStore } from './media-store';
import { schedulePolledJob } from './polled-job';

/** The export queues: building requested exports, and deleting the files of those past their week. */
export const EXPORT_QUEUES = { build: 'exports.build', cleanup: 'exports.cleanup' } as const;

/**
 * How often the worker looks for newly requested exports. The request writes its export row in its own
 * transaction (the row is the job's order, so a request is never lost between the commit and a queue), and
 * the worker picks it up within this long; the scheduled `exports.build` job catches up anything left.
 */
const EXPORT_POLL_MS = 1500;

/**
 * Data exports (spec §2 /me/export): builds queued exports into zips under DATA_DIR/exports (images read from
 * DATA_DIR/media), and hourly expires ready ones past their week and deletes their files.
 */
export async function scheduleExportJobs(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  log: (m: string) => void,
  deps: ExportJobDeps = {
    media: new LocalDiskMediaStore(path.join(config.DATA_DIR, 'media')),
    files: new LocalDiskExportStore(path.join(config.DATA_DIR, 'exports')),
    publicUrl: config.publicUrl,
    productName: PRODUCT_NAME,
  },
) {
  const builds = await schedulePolledJob(boss, {
    queue: EXPORT_QUEUES.build,
    cron: '* * * * *',
    pollMs: EXPORT_POLL_MS,
    run: async () => {
      const ready = await runQueuedExports(orm.em.fork(), deps, (id, error) =>
        log(`jobs: export ${id} failed: ${error.message}`),
      );
      if (ready) log(`jobs: ${ready} exports ready`);
    },
    onError: (error) => log(`jobs: exports failed: ${error.message}`),
  });
  await boss.createQueue(EXPORT_QUEUES.cleanup);
  await boss.schedule(EXPORT_QUEUES.cleanup, '23 * * * *');
  await boss.work(EXPORT_QUEUES.cleanup, async () => {
    const expired = await expireExports(orm.em.fork(), deps.files, new Date());
    if (expired) log(`jobs: ${expired} exports expired and their files deleted`);
  });
  return builds;
}
