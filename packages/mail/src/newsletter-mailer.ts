import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutbox, newId } from '@quire/db';
import nodemailer, { type Transporter } from 'nodemailer';

/*
 * How newsletter issues leave: over a pooled SMTP connection at a configured rate when SMTP_URL is set, or into
 * the outbox table (the dev mail page shows it) on a machine without SMTP, as every other email does.
 */

/** One recipient's copy, ready to send; the Message-ID is fixed per delivery so a resend is the same message. */
export interface OutgoingNewsletterMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface NewsletterMailer {
  /** Sends one copy; throws what the mail server answered (nodemailer's error, with responseCode) on failure. */
  send(em: EntityManager, mail: OutgoingNewsletterMail): Promise<void>;
  close(): void;
}

/** Pooled SMTP: a few connections kept open, at most `ratePerSecond` messages a second across them. */
export function createNewsletterTransport(
  smtpUrl: string,
  opts: { ratePerSecond: number; maxConnections?: number },
): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: opts.maxConnections ?? 5,
    maxMessages: 1000,
    rateDelta: 1000,
    rateLimit: opts.ratePerSecond,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

/** Sends through a nodemailer transport (pooled SMTP in production). */
export function smtpNewsletterMailer(transport: Transporter): NewsletterMailer {
  return {
    async send(_em, mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP: the copy lands in the outbox as sent mail, for the dev mail page. Keyed by its Message-ID, so a
 * copy sent again after a crash is the same row.
 */
export function outboxNewsletterMailer(): NewsletterMailer {
  return {
    async send(em, mail) {
      await em
        .createQueryBuilder(EmailOutbox)
        .insert({
          id: newId(),
          to: mail.to,
          subject: mail.subject.slice(0, 300),
          template: 'newsletter',
          payload: {
            category: 'newsletter',
            text: mail.text,
            headers: mail.headers,
            messageId: mail.messageId,
          },
          dedupeKey: `newsletter:${mail.messageId}`.slice(0, 200),
          status: 'SENT',
          sentAt: new Date(),
        })
        .onConflict(['dedupeKey'])
        .ignore()
        .execute();
    },
    close() {},
  };
}
