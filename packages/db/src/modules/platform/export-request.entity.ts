import { defineEntity, p } from '@mikro-orm/core';
import { OutboxStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/** Spec §8 export toast ('We'll email you a link to download the .zip file soon'): a requested data export. */
export const ExportRequestSchema = defineEntity({
  name: 'ExportRequest',
  tableName: 'export_requests',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** What is exported, e.g. 'EMAIL_SUBSCRIBERS' or 'LIST'. */
    kind: p.string().length(50),
    /** The exported list, newsletter, ... id when the kind needs one. */
    targetId: p.string().length(16).nullable(),
    status: enumOf(OutboxStatus).default('PENDING'),
    storageKey: p.string().length(300).nullable(),
    completedAt: p.datetime().nullable(),
  },
});
export class ExportRequest extends ExportRequestSchema.class {}
ExportRequestSchema.setClass(ExportRequest);
