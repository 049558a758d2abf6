import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/**
 * A tax reminder stage already sent (spec §9 tax notification types): the unique key makes each stage go out
 * once per clock (an enrolment, or a form found invalid), however often the job runs.
 */
export const TaxNoticeSchema = defineEntity({
  name: 'TaxNotice',
  tableName: 'tax_notices',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** '{notification type}:{what started the clock}'. */
    noticeKey: p.string().length(120),
    notificationType: p.string().length(64),
    sentAt: p.datetime(),
  },
  uniques: [{ properties: ['user', 'noticeKey'] }],
});
export class TaxNotice extends TaxNoticeSchema.class {}
TaxNoticeSchema.setClass(TaxNotice);
