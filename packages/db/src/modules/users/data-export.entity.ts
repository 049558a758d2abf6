import { randomBytes } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ExportStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from './user.entity';

/**
 * A user's data export (spec §2 /me/export[/{exportId}]): the zip a job builds of their writing, lists, highlights
 * and profile. The id is 128 random bits, since it appears in the mailed link; at most one export per user is
 * queued or running at a time (a partial unique index, so two requests at once make one export).
 */
export const DataExportSchema = defineEntity({
  name: 'DataExport',
  tableName: 'exports',
  properties: {
    ...baseProperties,
    id: p
      .string()
      .primary()
      .length(32)
      .onCreate(() => randomBytes(16).toString('hex')),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    status: enumOf(ExportStatus).default('QUEUED'),
    /** 0 to 100, moved by the job as it writes the zip. */
    progress: p.integer().default(0),
    /** Where the zip lives in the export store, once it is ready. */
    fileKey: p.string().length(300).nullable(),
    fileSize: p.bigint('number').nullable(),
    /** Builds started (a build cut off by a restart is taken up again, a few times at most). */
    attempts: p.integer().default(0),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    /** EXPORT_VALID_DAYS after it was ready: the link answers 410 from then on and cleanup deletes the file. */
    expiresAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['status', 'expiresAt'] }],
  uniques: [
    { name: 'exports_one_active_per_user', properties: ['user'], where: "status in ('QUEUED', 'RUNNING')" },
  ],
  checks: [{ name: 'exports_progress_check', expression: 'progress >= 0 and progress <= 100' }],
});
export class DataExport extends DataExportSchema.class {}
DataExportSchema.setClass(DataExport);
