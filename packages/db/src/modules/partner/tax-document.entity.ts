import { defineEntity, p } from '@mikro-orm/core';
import { TaxDocumentStatus } from '@quire/domain';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/** Spec §3 userTaxDocuments and §4 tax banner rules: a writer's tax form status and earnings deadlines. */
export const TaxDocumentSchema = defineEntity({
  name: 'TaxDocument',
  tableName: 'tax_documents',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').unique(),
    /** Numeric TaxDocumentStatus: 0 not submitted, 1 pending, 2 on hold, 3 invalid, 4 approved. */
    status: p.smallint().$type<TaxDocumentStatus>().default(TaxDocumentStatus.NOT_SUBMITTED),
    submittedAt: p.datetime().nullable(),
    earningsFirstWithheldAt: p.datetime().nullable(),
    earningsLimitedAt: p.datetime().nullable(),
    earningsForfeitedAt: p.datetime().nullable(),
    earningsInternallyForfeitedAt: p.datetime().nullable(),
  },
  checks: [
    {
      name: 'tax_documents_status_check',
      expression: `status in (${Object.values(TaxDocumentStatus).join(', ')})`,
    },
  ],
});
export class TaxDocument extends TaxDocumentSchema.class {}
TaxDocumentSchema.setClass(TaxDocument);
