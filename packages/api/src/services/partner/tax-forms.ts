import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TaxDocument, TaxForm, User } from '@quire/db';
import {
  maskedTin,
  SAMPLE_TINS,
  TaxDocumentStatus,
  type TaxFormType,
  type TinType,
  taxBanner,
  taxReviewDueAt,
  tinDigits,
  type w8benInput,
  type w9Input,
} from '@quire/domain';
import type { z } from 'zod';
import { enforce } from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { lockUntilCommit } from '../locks';
import { enrollmentOf } from './enrollment';
import { encryptTin } from './tin-crypto';

/*
 * Tax forms (spec §2 /me/partner/taxes, §3 userTaxDocuments, §9 review in business days). A submitted form is
 * pending (1) until its review ends three business days later; there is no human reviewer, so the review job
 * decides by rule: a taxpayer number that fails the TIN match (the sample numbers of SAMPLE_TINS) makes the
 * form invalid (3); a W-8BEN claiming treaty benefits for a country other than the writer's residence is put on
 * hold (2) for a second look until five business days, then approved without the treaty claim being relied
 * on; every other well-formed form is approved (4).
 */

/** Used when the deployment gives no key (tests, one-off scripts): good for this process only. */
const processKey = randomBytes(32);
const keyOf = (env: ServiceEnvironment) => env.taxFormKey ?? processKey;

type ReviewFlag = 'TIN_MISMATCH' | 'TREATY_REVIEW';

/** The newest form a writer filed: the one in force. */
const currentForm = (em: EntityManager, userId: string) =>
  em.findOne(TaxForm, { user: userId }, { orderBy: { submittedAt: 'desc', id: 'desc' }, refresh: true });

/** A form as its owner's page shows it: the taxpayer number by its last four digits only. */
function formView(form: TaxForm) {
  const fields = { ...form.fields };
  return {
    id: form.id,
    formType: form.formType as TaxFormType,
    status: form.status,
    name: typeof fields.name === 'string' ? fields.name : '',
    tin: form.tinType && form.tinLast4 ? maskedTin(form.tinType as TinType, form.tinLast4) : null,
    submittedAt: form.submittedAt.toISOString(),
    reviewDueAt: form.reviewDueAt.toISOString(),
    reviewedAt: form.reviewedAt?.toISOString() ?? null,
  };
}

/** The viewer's tax page: their form on file (masked), the §3 document status and the §4 tax banner. */
export async function taxFormsOf(em: EntityManager, viewer: User, now: Date) {
  await enforce(em, viewer, 'viewPartnerAccount', { id: viewer.id });
  const [form, doc, enrollment] = await Promise.all([
    currentForm(em, viewer.id),
    em.findOne(TaxDocument, { user: viewer.id }, { refresh: true }),
    enrollmentOf(em, viewer.id),
  ]);
  const ms = (at: Date | null | undefined) => at?.getTime() ?? null;
  const status = doc?.status ?? TaxDocumentStatus.NOT_SUBMITTED;
  return {
    isEnrolled: enrollment?.status === 'ENROLLED',
    taxDocumentStatus: status,
    earningsLimitedAt: ms(doc?.earningsLimitedAt),
    earningsForfeitedAt: ms(doc?.earningsForfeitedAt),
    banner:
      enrollment?.status === 'ENROLLED'
        ? taxBanner({
            taxDocumentStatus: status,
            earningsLimitedAt: doc?.earningsLimitedAt ?? null,
            earningsForfeitedAt: doc?.earningsForfeitedAt ?? null,
            now,
          })
        : null,
    form: form ? formView(form) : null,
  };
}

/** Files a form: encrypted number, pending status, review due in business days, mirrored on the document. */
async function fileForm(
  em: EntityManager,
  viewer: User,
  env: ServiceEnvironment,
  now: Date,
  form: {
    formType: TaxFormType;
    fields: Record<string, string | boolean | null>;
    tinType: TinType | null;
    tin: string | null;
    flag: ReviewFlag | null;
  },
) {
  await lockUntilCommit(em, `tax-form:${viewer.id}`);
  await enforce(em, viewer, 'submitTaxForm', { id: viewer.id }, await enrollmentOf(em, viewer.id));
  const user = await em.findOneOrFail(User, viewer.id);
  const row = em.create(TaxForm, {
    user,
    formType: form.formType,
    status: TaxDocumentStatus.PENDING,
    fields: form.fields,
    tinType: form.tin ? form.tinType : null,
    tinCiphertext: form.tin ? encryptTin(keyOf(env), viewer.id, form.tin) : null,
    tinLast4: form.tin ? form.tin.slice(-4) : null,
    reviewFlag: form.flag,
    submittedAt: now,
    reviewDueAt: taxReviewDueAt(now),
  });
  const doc =
    (await em.findOne(TaxDocument, { user: viewer.id })) ??
    em.create(TaxDocument, { user, status: TaxDocumentStatus.NOT_SUBMITTED });
  doc.status = TaxDocumentStatus.PENDING;
  doc.submittedAt = now;
  await em.flush();
  return { form: formView(row), taxDocumentStatus: doc.status };
}

/** A W-9 from a US person. */
export function submitW9(
  em: EntityManager,
  viewer: User,
  env: ServiceEnvironment,
  input: z.output<typeof w9Input>,
  now: Date,
) {
  const { tin: typed, tinType, certify: _signed, ...fields } = input;
  // The schema checked the number: its nine digits are what is kept.
  const tin = tinDigits(typed)!;
  return fileForm(em, viewer, env, now, {
    formType: 'W9',
    fields: { ...fields, certifiedAt: now.toISOString() },
    tinType,
    tin,
    flag: (SAMPLE_TINS as readonly string[]).includes(tin) ? 'TIN_MISMATCH' : null,
  });
}

/** A W-8BEN from anyone else. */
export function submitW8ben(
  em: EntityManager,
  viewer: User,
  env: ServiceEnvironment,
  input: z.output<typeof w8benInput>,
  now: Date,
) {
  const { foreignTin, treatyCountry, ...fields } = input;
  const treatyElsewhere = !!treatyCountry && treatyCountry !== input.permanentCountry;
  const digits = foreignTin?.replace(/[\s.-]/g, '') ?? null;
  return fileForm(em, viewer, env, now, {
    formType: 'W8BEN',
    fields: { ...fields, treatyCountry: treatyCountry ?? null },
    tinType: foreignTin ? 'FOREIGN' : null,
    tin: foreignTin ?? null,
    flag:
      digits && (SAMPLE_TINS as readonly string[]).includes(digits)
        ? 'TIN_MISMATCH'
        : treatyElsewhere
          ? 'TREATY_REVIEW'
          : null,
  });
}

interface DueRow {
  id: string;
  user_id: string;
  status: number;
  review_flag: ReviewFlag | null;
  submitted_at: Date;
}

/**
 * The automatic review: decides every writer's current form whose review period has ended (see the rule at the
 * top). Each decision is its own transaction, mirrored on the writer's document. Answers how many it decided.
 */
export async function reviewDueTaxForms(em: EntityManager, now: Date): Promise<number> {
  const due = await em.execute<DueRow[]>(
    `select f.id, f.user_id, f.status, f.review_flag, f.submitted_at from tax_forms f
      where f.status in (?, ?) and f.review_due_at <= ?
        and not exists (select 1 from tax_forms n where n.user_id = f.user_id
                         and (n.submitted_at, n.id) > (f.submitted_at, f.id))
      order by f.review_due_at limit 500`,
    [TaxDocumentStatus.PENDING, TaxDocumentStatus.ON_HOLD, now],
  );
  let decided = 0;
  for (const row of due) {
    await em.fork().transactional(async (tx) => {
      await lockUntilCommit(tx, `tax-form:${row.user_id}`);
      const form = await tx.findOne(TaxForm, row.id, { refresh: true });
      if (!form || form.reviewDueAt > now) return;
      if (form.status !== TaxDocumentStatus.PENDING && form.status !== TaxDocumentStatus.ON_HOLD) return;
      const held = form.status === TaxDocumentStatus.PENDING && form.reviewFlag === 'TREATY_REVIEW';
      if (held) {
        form.status = TaxDocumentStatus.ON_HOLD;
        form.reviewDueAt = taxReviewDueAt(form.submittedAt, true);
      } else {
        form.status =
          form.reviewFlag === 'TIN_MISMATCH' ? TaxDocumentStatus.INVALID : TaxDocumentStatus.APPROVED;
        form.reviewedAt = now;
      }
      const doc = await tx.findOne(TaxDocument, { user: row.user_id });
      if (doc) doc.status = form.status;
      await tx.flush();
      decided += 1;
    });
  }
  return decided;
}
