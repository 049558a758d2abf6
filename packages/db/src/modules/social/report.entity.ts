import { defineEntity, p } from '@mikro-orm/core';
import { ReportTarget } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/** Spec §4 Report and §7 reportAndMaybeBlockUser: a flag for the support team's review. */
export const ReportSchema = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    ...baseProperties,
    // The report stays on file for review if the reporter's account goes.
    reporter: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    targetType: enumOf(ReportTarget),
    targetId: p.string().length(16),
    reason: p.text().default(''),
    alsoBlocked: p.boolean().default(false),
    resolvedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['targetType', 'targetId'] }, { properties: ['resolvedAt', 'createdAt'] }],
});
export class Report extends ReportSchema.class {}
ReportSchema.setClass(Report);
