import type { EntityManager } from '@mikro-orm/postgresql';
import { newId, User } from '@quire/db';
import {
  dueTaxNoticeStage,
  formatLongDate,
  type NotificationType,
  partnerPaths,
  partnerTexts,
  TaxDocumentStatus,
  type TaxNoticeFamily,
  taxDeadlines,
  taxNoticeStageTimes,
} from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { notify } from '../notifications';

/*
 * Spec §9 tax notification types at their stages, raised by a scheduled job for enrolled writers whose forms are
 * not submitted (tax_not_submitted_*, clock from enrolment) or were found invalid (tax_failed_tin_*, clock from
 * the review). Each stage is recorded in tax_notices under a unique key, in the transaction of its notification
 * and email, so a rerun (or two workers at once) sends it once. Tax reminders are always emailed (transactional
 * mail: they are about being paid), besides the bell.
 */

/** As the driver answers: instants may come back as text. */
interface CandidateRow {
  user_id: string;
  status: number | null;
  enrolled_at: Date | string;
  earnings_limited_at: Date | string | null;
  earnings_forfeited_at: Date | string | null;
  earnings_internally_forfeited_at: Date | string | null;
  form_id: string | null;
  reviewed_at: Date | string | null;
}

/** Sends every reminder stage now due; answers how many notifications it raised. */
export async function sendTaxNotices(
  em: EntityManager,
  now: Date,
  opts: { publicUrl: string },
): Promise<number> {
  const rows = await em.execute<CandidateRow[]>(
    `select e.user_id, d.status, e.enrolled_at, d.earnings_limited_at, d.earnings_forfeited_at,
            d.earnings_internally_forfeited_at, f.id as form_id, f.reviewed_at
       from partner_enrollments e
       join users u on u.id = e.user_id and not u.is_deleted
       left join tax_documents d on d.user_id = e.user_id
       left join lateral (select id, reviewed_at from tax_forms where user_id = e.user_id
                           order by submitted_at desc, id desc limit 1) f on true
      where e.status = 'ENROLLED' and e.enrolled_at is not null
        and coalesce(d.status, ?) in (?, ?)`,
    [TaxDocumentStatus.NOT_SUBMITTED, TaxDocumentStatus.NOT_SUBMITTED, TaxDocumentStatus.INVALID],
  );
  let sent = 0;
  const at = (value: Date | string | null) => (value == null ? null : new Date(value));
  for (const raw of rows) {
    const row = {
      ...raw,
      enrolled_at: new Date(raw.enrolled_at),
      earnings_limited_at: at(raw.earnings_limited_at),
      earnings_forfeited_at: at(raw.earnings_forfeited_at),
      reviewed_at: at(raw.reviewed_at),
    };
    const fallback = taxDeadlines(row.enrolled_at);
    const limitedAt = row.earnings_limited_at ?? fallback.earningsLimitedAt;
    const forfeitAt = row.earnings_forfeited_at ?? fallback.earningsForfeitedAt;
    const failed = row.status === TaxDocumentStatus.INVALID && !!row.form_id && !!row.reviewed_at;
    const family: TaxNoticeFamily = failed ? 'tax_failed_tin' : 'tax_not_submitted';
    const startedAt = failed ? row.reviewed_at! : row.enrolled_at;
    const clock = failed ? `form-${row.form_id}` : `enrolled-${row.enrolled_at.getTime()}`;
    const stage = dueTaxNoticeStage(
      taxNoticeStageTimes({ startedAt, earningsLimitedAt: limitedAt, earningsForfeitedAt: forfeitAt }),
      forfeitAt,
      now,
    );
    await em.fork().transactional(async (tx) => {
      // Past the forfeit deadline with no approved form: the unpaid earnings are forfeited (once).
      if (now >= forfeitAt && !row.earnings_internally_forfeited_at) {
        await tx.execute(
          `update tax_documents set earnings_internally_forfeited_at = ?, updated_at = ?
            where user_id = ? and earnings_internally_forfeited_at is null and status <> ?`,
          [now, now, row.user_id, TaxDocumentStatus.APPROVED],
        );
      }
      if (!stage) return;
      const type = `${family}_${stage}` as NotificationType;
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into tax_notices (id, user_id, notice_key, notification_type, sent_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?)
         on conflict (user_id, notice_key) do nothing returning id`,
        [newId(), row.user_id, `${type}:${clock}`, type, now, now, now],
      );
      if (!inserted.length) return;
      await notify(tx, { recipient: row.user_id, type, occurredAt: now });
      const user = await tx.findOne(User, row.user_id, { fields: ['email'] });
      if (user?.email) {
        const link = `${opts.publicUrl.replace(/\/+$/, '')}${partnerPaths.taxes}`;
        const deadline = formatLongDate(now < limitedAt ? limitedAt : forfeitAt);
        const text = partnerTexts.taxNoticeBody(family, deadline, link);
        enqueueEmail(tx, {
          category: 'transactional',
          to: user.email,
          subject: partnerTexts.taxNoticeSubjects[family],
          template: 'tax-notice',
          payload: { notificationType: type, text },
          dedupeKey: `tax-notice:${row.user_id}:${type}:${clock}`,
        });
      }
      sent += 1;
    });
  }
  return sent;
}
