import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutbox } from '@quire/db';
import type { Transporter } from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  /** Template name; the worker renders it from `payload`. */
  template: string;
  payload?: Record<string, unknown>;
  /** Same key, same email: a retried request queues the mail once. */
  dedupeKey?: string;
}

/**
 * Queues an email in the caller's unit of work: it is written in the same transaction as the
 * change that causes it, and sent only if that transaction commits.
 */
export function enqueueEmail(em: EntityManager, message: EmailMessage): EmailOutbox {
  return em.create(EmailOutbox, {
    to: message.to,
    subject: message.subject,
    template: message.template,
    payload: message.payload ?? {},
    dedupeKey: message.dedupeKey ?? null,
  });
}

/** Plain-text and HTML bodies of a queued email. Templates grow with the features that send mail. */
export function renderEmail(row: Pick<EmailOutbox, 'template' | 'payload' | 'subject'>): {
  text: string;
  html: string;
} {
  const text = typeof row.payload.text === 'string' ? row.payload.text : row.subject;
  const escaped = text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return { text, html: `<p>${escaped.replace(/\n/g, '<br>')}</p>` };
}

/** Retry delays after a failed send: 1 min, 5 min, 30 min, 2 h, then the row is marked FAILED. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000];

/**
 * Sends due emails. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of workers can run
 * this at once without sending a message twice.
 */
export async function deliverPendingEmails(
  em: EntityManager,
  transport: Transporter,
  opts: { from: string; now?: Date; batchSize?: number },
): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? new Date();
  let sent = 0;
  let failed = 0;
  await em.transactional(async (tx) => {
    const due = await tx.find(
      EmailOutbox,
      { status: 'PENDING', availableAt: { $lte: now } },
      {
        orderBy: { availableAt: 'asc' },
        limit: opts.batchSize ?? 50,
        lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
      },
    );
    for (const row of due) {
      const body = renderEmail(row);
      try {
        await transport.sendMail({ from: opts.from, to: row.to, subject: row.subject, ...body });
        row.status = 'SENT';
        row.sentAt = now;
        row.error = null;
        sent += 1;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[row.attempts];
        row.attempts += 1;
        row.error = (error as Error).message.slice(0, 2000);
        if (delay === undefined) row.status = 'FAILED';
        else row.availableAt = new Date(now.getTime() + delay);
        failed += 1;
      }
    }
  });
  return { sent, failed };
}
