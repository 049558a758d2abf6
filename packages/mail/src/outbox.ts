import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutbox, type User } from '@quire/db';
import {
  type DIGEST_FREQUENCY_SETTING,
  EMAIL_LINK_SETTINGS,
  type EmailCategory,
  type EmailLinkSetting,
  type EmailSetting,
  emailAllowed,
  emailSettingsTexts,
  LIST_UNSUBSCRIBE_POST,
  notificationEmailTexts,
} from '@quire/domain';
import type { Transporter } from 'nodemailer';
import { DIGEST_TEMPLATE, type DigestPayload, digestViewOf, renderDigestEmail } from './digest-email';
import { type EmailLinkSigner, emailSettingsUrl } from './unsubscribe';

interface MessageBase {
  to: string;
  subject: string;
  /** Template name; the worker renders it from `payload`. */
  template: string;
  payload?: Record<string, unknown>;
  /** Same key, same email: a retried request queues the mail once. */
  dedupeKey?: string;
}

/**
 * An email to queue. Security mail (sign-in links and codes, password resets, address confirmations) and
 * transactional mail (receipts, gifts) always go; any other email names the recipient's setting that
 * governs it (spec §3 notification settings) and is sent with a signed unsubscribe link.
 */
export type EmailMessage = MessageBase &
  (
    | { category: 'security' | 'transactional' }
    | {
        category: EmailSetting;
        /** The user it is for: their settings decide whether it is queued at all. */
        recipient: Pick<User, 'id' | EmailSetting>;
      }
    | {
        category: typeof DIGEST_FREQUENCY_SETTING;
        recipient: Pick<User, 'id' | EmailSetting | typeof DIGEST_FREQUENCY_SETTING>;
      }
  );

/** True for the categories every recipient gets whatever their settings. */
export const isAlwaysSent = (category: EmailCategory): category is 'security' | 'transactional' =>
  category === 'security' || category === 'transactional';

/**
 * Queues an email in the caller's unit of work: it is written in the same transaction as the change that
 * causes it, and sent only if that transaction commits. An email whose setting the recipient turned off is
 * not queued (null). The row keeps whose setting it was sent under; the signed link is made when it is sent,
 * so the outbox holds no credential.
 */
export function enqueueEmail(em: EntityManager, message: EmailMessage): EmailOutbox | null {
  const payload: Record<string, unknown> = { ...message.payload, category: message.category };
  if (!isAlwaysSent(message.category)) {
    const { recipient } = message as Extract<EmailMessage, { recipient: unknown }>;
    if (!emailAllowed(recipient, message.category)) return null;
    payload.unsubscribe = { userId: recipient.id, setting: message.category };
  }
  return em.create(EmailOutbox, {
    to: message.to,
    subject: message.subject,
    template: message.template,
    payload,
    dedupeKey: message.dedupeKey ?? null,
  });
}

/** The signed email-settings link of a queued email sent under a setting; null for security and transactional mail. */
export function unsubscribeUrlOf(row: Pick<EmailOutbox, 'payload'>, links: EmailLinkSigner | undefined) {
  const target = row.payload.unsubscribe as { userId?: unknown; setting?: unknown } | undefined;
  if (!links || typeof target?.userId !== 'string' || typeof target.setting !== 'string') return null;
  if (!(EMAIL_LINK_SETTINGS as readonly string[]).includes(target.setting)) return null;
  return emailSettingsUrl(links, target.userId, target.setting as EmailLinkSetting);
}

/**
 * RFC 2369 and RFC 8058 headers of a queued email: the signed unsubscribe link and its one-click POST, on
 * every email sent under a setting; none on security or transactional mail.
 */
export function unsubscribeHeaders(
  row: Pick<EmailOutbox, 'payload'>,
  links: EmailLinkSigner | undefined,
): Record<string, string> {
  const url = unsubscribeUrlOf(row, links);
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST } : {};
}

/** Plain-text and HTML bodies of a queued email. Templates grow with the features that send mail. */
export function renderEmail(
  row: Pick<EmailOutbox, 'template' | 'payload' | 'subject'>,
  links?: EmailLinkSigner,
): {
  text: string;
  html: string;
} {
  const path = row.payload.path;
  const body =
    typeof path === 'string' && path.startsWith('/') && links
      ? notificationEmailTexts.body(row.subject, `${links.publicUrl.replace(/\/+$/, '')}${path}`)
      : typeof row.payload.text === 'string'
        ? row.payload.text
        : row.subject;
  const url = unsubscribeUrlOf(row, links);
  const text = url ? `${body}\n\n${emailSettingsTexts.unsubscribeFooter(url)}` : body;
  const escaped = text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return { text, html: `<p>${escaped.replace(/\n/g, '<br>')}</p>` };
}

/**
 * The bodies of any queued email: a React Email template (digests) rendered with its signed links, or the
 * plain-text ones renderEmail writes.
 */
export async function renderQueuedEmail(
  row: Pick<EmailOutbox, 'template' | 'payload' | 'subject'>,
  links?: EmailLinkSigner,
): Promise<{ text: string; html: string }> {
  if (row.template === DIGEST_TEMPLATE && row.payload.digest) {
    const view = digestViewOf(
      row.payload.digest as DigestPayload,
      links?.publicUrl ?? '',
      unsubscribeUrlOf(row, links),
    );
    return renderDigestEmail(view);
  }
  return renderEmail(row, links);
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
  opts: { from: string; now?: Date; batchSize?: number; links?: EmailLinkSigner },
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
      const body = await renderQueuedEmail(row, opts.links);
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          headers: unsubscribeHeaders(row, opts.links),
          ...body,
        });
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
