import { defineEntity, p } from '@mikro-orm/core';
import { TAX_FORM_TYPES, TaxDocumentStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/**
 * A submitted W-9 or W-8BEN. The taxpayer number is kept only encrypted (AES-256-GCM, `tinCiphertext`) with its
 * last four digits for display; the form's other fields are in `fields`. The newest form of a writer is the one
 * in force; its status is mirrored on the writer's TaxDocument (spec §3 userTaxDocuments).
 */
export const TaxFormSchema = defineEntity({
  name: 'TaxForm',
  tableName: 'tax_forms',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    formType: enumOf(TAX_FORM_TYPES),
    /** Numeric TaxDocumentStatus: 1 pending, 2 on hold, 3 invalid, 4 approved. */
    status: p.smallint().$type<TaxDocumentStatus>().default(TaxDocumentStatus.PENDING),
    /** The form's fields other than the taxpayer number. */
    fields: p.json<Record<string, string | boolean | null>>(),
    /** SSN, EIN or FOREIGN; null for a W-8BEN that gives a reason instead of a number. */
    tinType: p.string().length(8).nullable(),
    /** 'v1:' + base64 of IV, auth tag and ciphertext (services/partner/tin-crypto.ts). */
    tinCiphertext: p.text().nullable(),
    tinLast4: p.string().length(4).nullable(),
    /** Why the automatic review will not simply approve: TIN_MISMATCH (invalid) or TREATY_REVIEW (on hold). */
    reviewFlag: p.string().length(32).nullable(),
    submittedAt: p.datetime(),
    /** When the automatic review decides (business days after submission). */
    reviewDueAt: p.datetime(),
    reviewedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['user', 'submittedAt'] }, { properties: ['status', 'reviewDueAt'] }],
  checks: [
    {
      name: 'tax_forms_status_check',
      expression: `status in (${[1, 2, 3, 4].join(', ')})`,
    },
  ],
});
export class TaxForm extends TaxFormSchema.class {}
TaxFormSchema.setClass(TaxForm);
