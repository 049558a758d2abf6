import { defineEntity, p } from '@mikro-orm/core';
import { EMAIL_SUPPRESSION_REASONS } from '@quire/domain';
import { enumOf } from '../../base';

/** An address no newsletter or digest is sent to any more: it bounced permanently, or its owner complained. */
export const EmailSuppressionSchema = defineEntity({
  name: 'EmailSuppression',
  tableName: 'email_suppressions',
  properties: {
    /** Normalised (lower-cased) address. */
    address: p.string().length(254).primary(),
    reason: enumOf(EMAIL_SUPPRESSION_REASONS),
    /** What the mail server answered. */
    detail: p.text().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export class EmailSuppression extends EmailSuppressionSchema.class {}
EmailSuppressionSchema.setClass(EmailSuppression);
