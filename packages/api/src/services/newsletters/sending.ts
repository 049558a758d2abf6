import type { EntityManager } from '@mikro-orm/postgresql';
import { NewsletterDelivery, NewsletterEmail } from '@quire/db';
import {
  emailAllowed,
  NEWSLETTER_BATCH_SIZE,
  NEWSLETTER_CLAIM_LEASE_MS,
  NEWSLETTER_RETRY_DELAYS_MS,
} from '@quire/domain';
import type { EmailLinkSigner, NewsletterMailer } from '@quire/mail';
import { can, policyViewer } from '../../policies';
import { IssueRenderer, newsletterSetting, wholeStoryReaders } from './issue-render';

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
  /** Once aborted, a pass finishes its batch and claims no more (a stopping worker leaves the rest to others). */
  signal?: AbortSignal;
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

/** One outcome as recordOutcomes writes it. */
interface OutcomeRow {
  id: string;
  status: Outcome['status'];
  sent_at: Date | null;
  message_id: string | null;
  error: string | null;
  available_at: Date | null;
}

const outcomeRow = (id: string, outcome: Outcome, now: Date): OutcomeRow => ({
  id,
  status: outcome.status,
  sent_at: outcome.status === 'SENT' ? now : null,
  message_id: outcome.status === 'SENT' ? outcome.messageId : null,
  error: 'error' in outcome ? outcome.error.slice(0, 2000) : null,
  available_at: outcome.status === 'PENDING' ? outcome.availableAt : null,
});

/**
 * Outcomes written by one statement. A worker that dies between a send and its write sends that copy again (with
 * the same Message-ID) once the lease passes, so this bounds the copies a crash can repeat.
 */
const RECORD_CHUNK = 100;

/**
 * Writes outcomes in one statement: each delivery only if it is still SENDING (a row another worker took back
 * after its lease passed is not written twice), the issues' delivered and bounced counters by what was written,
 * and a bounced address's suppression.
 */
async function recordOutcomes(em: EntityManager, rows: OutcomeRow[]): Promise<void> {
  if (!rows.length) return;
  await em.execute(
    `with o as (
       select * from jsonb_to_recordset(?::jsonb) as o(id text, status text, sent_at timestamptz,
         message_id text, error text, available_at timestamptz)),
     done as (
       update newsletter_deliveries d set status = o.status, claimed_until = null, updated_at = now(),
         sent_at = o.sent_at, message_id = coalesce(o.message_id, d.message_id), error = o.error,
         available_at = coalesce(o.available_at, d.available_at)
        from o where d.id = o.id and d.status = 'SENDING'
        returning d.email_id, d.status, d.address, d.error),
     counted as (
       update newsletter_emails e set delivered_count = e.delivered_count + n.sent,
         bounced_count = e.bounced_count + n.bounced
        from (select email_id, count(*) filter (where status = 'SENT') as sent,
                count(*) filter (where status = 'BOUNCED') as bounced
              from done group by email_id) n
        where e.id = n.email_id and n.sent + n.bounced > 0 returning 1),
     suppressed as (
       insert into email_suppressions (address, reason, detail)
       select distinct on (address) address, 'BOUNCE', error from done where status = 'BOUNCED'
       on conflict (address) do nothing returning 1)
     select (select count(*) from counted) as issues, (select count(*) from suppressed) as suppressed`,
    [JSON.stringify(rows)],
  );
}

/**
 * Why a delivery is no longer wanted at send time, or null: the story it carries was withdrawn (trashed,
 * unpublished, suspended), the address suppressed, unsubscribed, or the setting turned off.
 */
function skipReason(
  delivery: NewsletterDelivery,
  issue: NewsletterEmail,
  suppressed: ReadonlySet<string>,
  withdrawn: boolean,
) {
  if (withdrawn) return 'story withdrawn';
  if (suppressed.has(delivery.address)) return 'suppressed';
  const subscription = delivery.subscription;
  if (!subscription || subscription.unsubscribedAt || !subscription.confirmedAt) return 'unsubscribed';
  const user = subscription.user;
  if (user && (user.isDeleted || !emailAllowed(user, newsletterSetting(issue)))) return 'email setting off';
  return null;
}

/** A claimed delivery, its issue, and what it gets: a skip reason, or the whole story or the preview. */
interface Copy {
  delivery: NewsletterDelivery;
  issue: NewsletterEmail;
  skip: string | null;
  whole: boolean;
}

/**
 * A claimed batch, read in a few statements whatever its size: the deliveries with their subscriptions and
 * accounts, their issues (newsletter, story, writer, publication), which addresses are suppressed, and what the
 * policy lets each recipient read.
 */
async function loadBatch(em: EntityManager, ids: string[]): Promise<Copy[]> {
  const deliveries = await em.find(
    NewsletterDelivery,
    { id: { $in: ids } },
    { populate: ['subscription.user'], orderBy: { availableAt: 'asc', id: 'asc' } },
  );
  if (!deliveries.length) return [];
  const issues = await em.find(
    NewsletterEmail,
    { id: { $in: [...new Set(deliveries.map((d) => d.email.id))] } },
    { populate: ['newsletter', 'post.creator', 'post.collection'] },
  );
  const suppressed = new Set(
    (
      await em.execute<{ address: string }[]>('select address from email_suppressions where address in (?)', [
        [...new Set(deliveries.map((d) => d.address))],
      ])
    ).map((r) => r.address),
  );
  const copies: Copy[] = [];
  for (const issue of issues) {
    // A story issue goes out only while anyone may still open the story it links to.
    const withdrawn = !!issue.post && !can(policyViewer(null), 'viewPublishedPost', issue.post);
    const mine = deliveries
      .filter((d) => d.email.id === issue.id)
      .map((delivery) => ({ delivery, skip: skipReason(delivery, issue, suppressed, withdrawn) }));
    const users = mine
      .flatMap((c) => (c.skip ? [] : [c.delivery.subscription?.user ?? null]))
      .filter((u) => !!u);
    const whole = await wholeStoryReaders(em, issue, users);
    for (const c of mine) copies.push({ ...c, issue, whole: whole(c.delivery.subscription?.user ?? null) });
  }
  return copies;
}

/** The SMTP reply code of a failed send, when the server gave one. */
const responseCode = (error: unknown) => Number((error as { responseCode?: unknown }).responseCode) || 0;

/** Sends one copy (or skips it) and says what happened. */
async function sendOne(
  em: EntityManager,
  copy: Copy,
  renderer: IssueRenderer,
  opts: NewsletterSendOptions,
  now: Date,
): Promise<Outcome> {
  const { delivery, issue } = copy;
  if (copy.skip) return { status: 'SKIPPED', error: copy.skip };
  const mail = await renderer.copy(issue, copy.whole, {
    deliveryId: delivery.id,
    address: delivery.address,
    user: delivery.subscription?.user ?? null,
  });
  try {
    await opts.mailer.send(em, mail);
    return { status: 'SENT', messageId: mail.messageId };
  } catch (error) {
    const message = (error as Error).message || String(error);
    const code = responseCode(error);
    const delay = NEWSLETTER_RETRY_DELAYS_MS[delivery.attempts - 1];
    if (code >= 500) return { status: 'BOUNCED', error: message };
    if (delay === undefined) return { status: 'FAILED', error: message };
    return { status: 'PENDING', error: message, availableAt: new Date(now.getTime() + delay) };
  }
}

/**
 * Sends claimed deliveries, a few at a time, and records their outcomes RECORD_CHUNK at a time. The batch is read
 * and written through an EntityManager of its own, dropped with it (nothing piles up over a long send); each
 * variant of an issue is rendered once per `renderer`.
 */
export async function sendClaimed(
  em: EntityManager,
  ids: string[],
  opts: NewsletterSendOptions,
  renderer = new IssueRenderer(opts),
): Promise<Record<Outcome['status'], number>> {
  const counts = { SENT: 0, SKIPPED: 0, BOUNCED: 0, PENDING: 0, FAILED: 0 };
  const batch = em.fork();
  const copies = await loadBatch(batch, ids);
  const outcomes: OutcomeRow[] = [];
  let writing = Promise.resolve();
  const flush = () => {
    const rows = outcomes.splice(0);
    writing = writing.then(() => recordOutcomes(batch, rows));
    // Awaited after the last send; until then a failed write must not count as unhandled.
    writing.catch(() => {});
    return writing;
  };
  let next = 0;
  const started: boolean[] = [];
  const lanes = Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, async () => {
    for (let i = next++; i < copies.length && !opts.signal?.aborted; i = next++) {
      started[i] = true;
      const now = opts.now?.() ?? new Date();
      const outcome = await sendOne(batch, copies[i]!, renderer, opts, now);
      counts[outcome.status] += 1;
      outcomes.push(outcomeRow(copies[i]!.delivery.id, outcome, now));
      if (outcomes.length >= RECORD_CHUNK) void flush();
    }
  });
  try {
    await Promise.all(lanes);
  } finally {
    // What was sent is written even when a lane failed.
    await flush();
  }
  const unsent = copies.filter((_, i) => !started[i]).map((c) => c.delivery.id);
  if (!unsent.length) return counts;
  // Stopped early: the copies not sent go back to the queue at once, their attempt not spent.
  await batch.execute(
    `update newsletter_deliveries set status = 'PENDING', claimed_until = null, attempts = attempts - 1,
       updated_at = now() where id in (?) and status = 'SENDING'`,
    [unsent],
  );
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
  const renderer = new IssueRenderer(opts);
  while (!opts.signal?.aborted) {
    const ids = await claimDeliveries(em, {
      now: now(),
      limit: opts.batchSize ?? NEWSLETTER_BATCH_SIZE,
      leaseMs: opts.leaseMs ?? NEWSLETTER_CLAIM_LEASE_MS,
    });
    if (!ids.length) break;
    const counts = await sendClaimed(em, ids, opts, renderer);
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += counts[k];
  }
  await finishIssues(em.fork(), now());
  return totals;
}
