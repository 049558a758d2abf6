import { randomBytes } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ExportStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Newsletter } from './newsletter.entity';

/**
 * A CSV of a newsletter's subscribers (spec §2 /me/subscribers/confirm-export, the csv-export and export paths),
 * built by a job and mailed to whoever asked as a link. The id is 128 random bits, since it appears in that link;
 * at most one export per newsletter is queued or running at a time.
 */
export const SubscriberExportSchema = defineEntity({
  name: 'SubscriberExport',
  tableName: 'subscriber_exports',
  properties: {
    ...baseProperties,
    id: p
      .string()
      .primary()
      .length(32)
      .onCreate(() => randomBytes(16).toString('hex')),
    newsletter: () => p.manyToOne(Newsletter).deleteRule('cascade'),
    requestedBy: () => p.manyToOne(User).deleteRule('cascade').index(),
    status: enumOf(ExportStatus).default('QUEUED'),
    /** Where the CSV lives in the export store, once it is ready. */
    fileKey: p.string().length(300).nullable(),
    rowCount: p.integer().default(0),
    attempts: p.integer().default(0),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    /** The link answers 410 from then on and cleanup deletes the file. */
    expiresAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['newsletter', 'createdAt'] }, { properties: ['status', 'expiresAt'] }],
  uniques: [
    {
      name: 'subscriber_exports_one_active_per_newsletter',
      properties: ['newsletter'],
      where: "status in ('QUEUED', 'RUNNING')",
    },
  ],
});
export class SubscriberExport extends SubscriberExportSchema.class {}
SubscriberExportSchema.setClass(SubscriberExport);
