import type { EntityManager } from '@mikro-orm/postgresql';
import { NewsletterDelivery, type NewsletterEmail } from '@quire/db';
import {
  emailAllowed,
  NEWSLETTER_BATCH_SIZE,
  NEWSLETTER_CLAIM_LEASE_MS,
  NEWSLETTER_RETRY_DELAYS_MS,
} from '@quire/domain';
import type { EmailLinkSigner, NewsletterMailer } from '@quire/mail';
import { newsletterSetting, renderDelivery } from './issue-render';

/*
 * Sending an issue, each recipient exactly once even when a worker dies mid-batch:
 * - fan-out writes one delivery per active subscription, set-based and idempotent (the unique (email, address)
 *   pair), in one transaction with the issue turning SENDING;
 * - a sender claims due deliveries (FOR UPDATE SKIP LOCKED), marks them SENDING with a lease and commits before
 *   it sends; a row still SENDING after its lease is taken back by the next sender and sent with the same
 *   Message-ID, so a copy that did leave before the crash is recognisably the same message;
 * - each outcome is written only while the row is still SENDING, and the issue's counters move with it.
 */

/** Rows a fan-out statement writes at once. */
const FANOUT_PAGE = 2000;

/** A delivery's SQL id: 16 random hex characters (the column's width), so a 100,000-row fan-out never collides. */
const SQL_NEW_ID = `substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`;

export interface NewsletterSendOptions {
  mailer: NewsletterMailer;
  /** The sender address (the newsletter's name is its display name). */
  from: string;
  links: EmailLinkSigner;
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  /** Copies in flight at once (the pooled transport spreads them over its connections). */
  concurrency?: number;
}

/** Subscriptions an issue goes to (core.ts activeSubscriptions' conditions), and whose owner still wants them. */
const ACTIVE_RECIPIENTS = `
  from newsletter_subscriptions s
  left join users u on u.id = s.user_id
  where s.newsletter_id = ? and s.confirmed_at is not null and s.unsubscribed_at is null and s.id > ?
    and not exists (select 1 from email_suppressions x where x.address = s.email)
    and (u.id is null or (u.is_deleted = false and u.allow_all_emails and
      (case when ? = 'AUTHOR' then u.email_author_newsletter_v3 else u.email_newsletter_v3 end)))`;

/**
 * Writes the recipients of one QUEUED issue and turns it SENDING with its recipient count, in one transaction
 * (a second worker skips the locked issue; a rerun adds no duplicate). Returns the issue id, or null when none
 * was waiting.
 */
export async function fanOutNextIssue(em: EntityManager): Promise<string | null> {
  return em.transactional(async (tx) => {
    const [issue] = await tx.execute<{ id: string; newsletter_id: string; type: string; due: Date }[]>(
      `select e.id, e.newsletter_id, n.type, coalesce(e.queued_at, now()) as due from newsletter_emails e join newsletters n on n.id = e.newsletter_id
        where e.status = 'QUEUED' order by e.queued_at nulls first, e.id limit 1 for update of e skip locked`,
    );
    if (!issue) return null;
    let after = '';
    for (;;) {
      const [page] = await tx.execute<{ last: string | null; n: string }[]>(
        `with page as (select s.id, s.email ${ACTIVE_RECIPIENTS} order by s.id limit ?),
          ins as (insert into newsletter_deliveries (id, email_id, subscription_id, address, available_at)
            select ${SQL_NEW_ID}, ?, page.id, page.email, ? from page
            on conflict (email_id, address) do nothing returning 1)
         select (select max(id) from page) as last, (select count(*) from ins) as n`,
        // Due from the moment the issue was queued.
        [issue.newsletter_id, after, issue.type, FANOUT_PAGE, issue.id, issue.due],
      );
      if (!page?.last) break;
      after = page.last;
    }
    await tx.execute(
      `update newsletter_emails set status = 'SENDING', updated_at = now(),
         recipient_count = (select count(*) from newsletter_deliveries d where d.email_id = ?)
        where id = ?`,
      [issue.id, issue.id],
    );
    return issue.id;
  });
}

/** Fans out every queued issue. */
export async function fanOutQueuedIssues(em: EntityManager): Promise<number> {
  let count = 0;
  while (await fanOutNextIssue(em.fork())) count += 1;
  return count;
}

/**
 * Claims up to `limit` due deliveries (PENDING and available, or SENDING whose lease passed) and commits them as
 * SENDING until `now + leaseMs`. Retries spent: no longer claimed (finishIssues marks them FAILED).
 */
export async function claimDeliveries(
  em: EntityManager,
  opts: { now: Date; limit: number; leaseMs: number },
): Promise<string[]> {
  const rows = await em.fork().transactional((tx) =>
    tx.execute<{ id: string }[]>(
      `with due as (
         select id from newsletter_deliveries
          where attempts <= ? and (
            (status = 'PENDING' and available_at <= ?) or (status = 'SENDING' and claimed_until < ?))
          order by available_at, id limit ? for update skip locked)
       update newsletter_deliveries d set status = 'SENDING', claimed_until = ?, attempts = d.attempts + 1,
         updated_at = now()
         from due where d.id = due.id returning d.id`,
      [
        NEWSLETTER_RETRY_DELAYS_MS.length,
        opts.now,
        opts.now,
        opts.limit,
        new Date(opts.now.getTime() + opts.leaseMs),
      ],
    ),
  );
  return rows.map((r) => r.id);
}

type Outcome =
  | { status: 'SENT'; messageId: string }
  | { status: 'SKIPPED'; error: string }
  | { status: 'BOUNCED'; error: string }
  | { status: 'PENDING'; error: string; availableAt: Date }
  | { status: 'FAILED'; error: string };

/** The issue counter each final outcome moves. */
const COUNTER: Partial<Record<Outcome['status'], string>> = {
  SENT: 'delivered_count',
  BOUNCED: 'bounced_count',
};

/**
 * Writes a delivery's outcome if it is still SENDING (a row another worker took back after a lease passed is
 * not written twice), with the issue's counter and, for a bounce, the address's suppression.
 */
async function record(em: EntityManager, delivery: NewsletterDelivery, outcome: Outcome, now: Date) {
  await em.fork().transactional(async (tx) => {
    const updated = await tx.execute<{ id: string }[]>(
      `update newsletter_deliveries set status = ?, claimed_until = null, updated_at = now(),
         sent_at = ?, message_id = coalesce(?, message_id), error = ?, available_at = ?
        where id = ? and status = 'SENDING' returning id`,
      [
        outcome.status,
        outcome.status === 'SENT' ? now : null,
        outcome.status === 'SENT' ? outcome.messageId : null,
        'error' in outcome ? outcome.error.slice(0, 2000) : null,
        outcome.status === 'PENDING' ? outcome.availableAt : delivery.availableAt,
        delivery.id,
      ],
    );
    if (!updated.length) return;
    const counter = COUNTER[outcome.status];
    if (counter)
      await tx.execute(`update newsletter_emails set ${counter} = ${counter} + 1 where id = ?`, [
        delivery.email.id,
      ]);
    if (outcome.status === 'BOUNCED')
      await tx.execute(
        `insert into email_suppressions (address, reason, detail) values (?, 'BOUNCE', ?)
          on conflict (address) do nothing`,
        [delivery.address, outcome.error.slice(0, 2000)],
      );
  });
}

/** Why a delivery is no longer wanted at send time, or null: suppressed, unsubscribed, or the setting turned off. */
async function skipReason(em: EntityManager, delivery: NewsletterDelivery, issue: NewsletterEmail) {
  const [suppressed] = await em.execute<{ n: number }[]>(
    'select 1 as n from email_suppressions where address = ?',
    [delivery.address],
  );
  if (suppressed) return 'suppressed';
  const subscription = delivery.subscription;
  if (!subscription || subscription.unsubscribedAt || !subscription.confirmedAt) return 'unsubscribed';
  const user = subscription.user;
  if (user && (user.isDeleted || !emailAllowed(user, newsletterSetting(issue)))) return 'email setting off';
  return null;
}

/** The SMTP reply code of a failed send, when the server gave one. */
const responseCode = (error: unknown) => Number((error as { responseCode?: unknown }).responseCode) || 0;

/** Sends one claimed delivery and records what happened. */
async function sendOne(
  em: EntityManager,
  id: string,
  opts: NewsletterSendOptions,
): Promise<Outcome['status']> {
  const now = opts.now?.() ?? new Date();
  const delivery = await em.findOneOrFail(NewsletterDelivery, id, {
    populate: ['subscription.user', 'email.newsletter', 'email.post.creator', 'email.post.collection'],
  });
  const issue = delivery.email;
  const reason = await skipReason(em, delivery, issue);
  let outcome: Outcome;
  if (reason) outcome = { status: 'SKIPPED', error: reason };
  else {
    const mail = await renderDelivery(em, issue, delivery, opts);
    try {
      await opts.mailer.send(em, mail);
      outcome = { status: 'SENT', messageId: mail.messageId };
    } catch (error) {
      const message = (error as Error).message || String(error);
      const code = responseCode(error);
      const delay = NEWSLETTER_RETRY_DELAYS_MS[delivery.attempts - 1];
      if (code >= 500) outcome = { status: 'BOUNCED', error: message };
      else if (delay === undefined) outcome = { status: 'FAILED', error: message };
      else outcome = { status: 'PENDING', error: message, availableAt: new Date(now.getTime() + delay) };
    }
  }
  await record(em, delivery, outcome, now);
  return outcome.status;
}

/** Sends claimed deliveries, a few at a time. */
export async function sendClaimed(
  em: EntityManager,
  ids: string[],
  opts: NewsletterSendOptions,
): Promise<Record<Outcome['status'], number>> {
  const counts = { SENT: 0, SKIPPED: 0, BOUNCED: 0, PENDING: 0, FAILED: 0 };
  const queue = [...ids];
  const lanes = Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) counts[await sendOne(em.fork(), id, opts)] += 1;
  });
  await Promise.all(lanes);
  return counts;
}

/**
 * Issues with no delivery left to try become SENT; a row whose lease passed with its retries spent is FAILED
 * first (a worker died on it every time).
 */
export async function finishIssues(em: EntityManager, now: Date): Promise<number> {
  await em.execute(
    `update newsletter_deliveries set status = 'FAILED', claimed_until = null, error = coalesce(error, 'lease expired')
      where status = 'SENDING' and claimed_until < ? and attempts > ?`,
    [now, NEWSLETTER_RETRY_DELAYS_MS.length],
  );
  const done = await em.execute<{ id: string }[]>(
    `update newsletter_emails e set status = 'SENT', sent_at = ?, updated_at = now()
      where e.status = 'SENDING' and not exists (select 1 from newsletter_deliveries d
        where d.email_id = e.id and d.status in ('PENDING', 'SENDING')) returning e.id`,
    [now],
  );
  return done.length;
}

/**
 * One pass of the sender: fan out queued issues, then claim and send batches until none is due, then finish the
 * issues that have nothing left. Returns how many copies went out.
 */
export async function sendNewsletters(em: EntityManager, opts: NewsletterSendOptions) {
  const now = () => opts.now?.() ?? new Date();
  await fanOutQueuedIssues(em);
  const totals = { SENT: 0, SKIPPED: 0, BOUNCED: 0, PENDING: 0, FAILED: 0 };
  for (;;) {
    const ids = await claimDeliveries(em, {
      now: now(),
      limit: opts.batchSize ?? NEWSLETTER_BATCH_SIZE,
      leaseMs: opts.leaseMs ?? NEWSLETTER_CLAIM_LEASE_MS,
    });
    if (!ids.length) break;
    const counts = await sendClaimed(em, ids, opts);
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += counts[k];
  }
  await finishIssues(em.fork(), now());
  return totals;
}
