import type { EntityManager } from '@mikro-orm/postgresql';
import { PartnerEnrollment, Payout, TaxDocument, User } from '@quire/db';
import {
  PAYOUT_DAY_OF_MONTH,
  PAYOUT_MINIMUM_CENTS,
  partnerPaths,
  partnerTexts,
  TaxDocumentStatus,
} from '@quire/domain';
import type { ConnectAccount } from '@quire/payments';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { lockUntilCommit } from '../locks';
import { changingProvider, currentProvider, isDevProvider } from '../membership/dev-state';
import { unpaidBalance } from './earnings';
import { enrollmentOf } from './enrollment';

/*
 * Payouts (spec §2 Settings payout/setup, payout/stripe/finish, payout/dashboard): Stripe Connect Express
 * onboarding, and the monthly transfer of each writer's unpaid balance. A payout row is one per writer and
 * month (unique), created before the transfer and paid with the idempotency key payout-{userId}-{YYYY-MM}, so a
 * rerun, a retry after a failure or two workers at once move the money once. A payout pays the unpaid balance
 * through its month's end (earnings.ts): a balance under PAYOUT_MINIMUM_CENTS makes no row and carries over. A
 * failed payout keeps its amount and is retried first; no later month is paid while one is unfinished.
 */

const HISTORY_LIMIT = 24;

/** Why a payout could not be made, in words a writer or an operator reads. */
export class PayoutRefused extends TRPCError {
  constructor(message: string) {
    super({ code: 'BAD_REQUEST', message });
  }
}

const absolute = (env: ServiceEnvironment, path: string) => `${env.publicUrl.replace(/\/+$/, '')}${path}`;

/** 'YYYY-MM' of a month's first day. */
const monthKey = (monthStart: Date) => monthStart.toISOString().slice(0, 7);

/**
 * The month whose payout is due at `now` (its first and last UTC day): the previous month from its payout day
 * (PAYOUT_DAY_OF_MONTH, the 8th, which leaves the ledger's last days of the month time to settle), the one
 * before until then.
 */
export function payoutMonth(now: Date): { start: Date; end: Date } {
  const back = now.getUTCDate() >= PAYOUT_DAY_OF_MONTH ? 1 : 2;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return { start, end };
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * What a payout through `through` may pay: the unpaid balance (earnings.ts), less the earnings forfeited when
 * the tax forms were still missing at the forfeit deadline (those from before that day).
 */
export async function payableBalance(em: EntityManager, userId: string, through: Date): Promise<number> {
  const unpaid = await unpaidBalance(em, userId, { through: day(through) });
  const [row] = await em.execute<{ since: string | null }[]>(
    `select (select coalesce(sum(e.amount), 0) from earnings e
              where e.user_id = d.user_id and e.period_start <= ?::date
                and e.period_start >= d.earnings_internally_forfeited_at::date) as since
       from tax_documents d where d.user_id = ? and d.earnings_internally_forfeited_at is not null`,
    [day(through), userId],
  );
  return row ? Math.max(0, Math.min(unpaid, Number(row.since ?? 0))) : unpaid;
}

/** The account as the dashboard shows it, and its state kept on the enrolment for the payout job. */
async function readAccount(em: EntityManager, env: ServiceEnvironment, enrollment: PartnerEnrollment) {
  const provider = await currentProvider(em, env);
  const account = await provider.getConnectedAccount(enrollment.stripeAccountId!);
  if (
    enrollment.detailsSubmitted !== account.detailsSubmitted ||
    enrollment.payoutsEnabled !== account.payoutsEnabled
  ) {
    await em.nativeUpdate(
      PartnerEnrollment,
      { id: enrollment.id },
      { detailsSubmitted: account.detailsSubmitted, payoutsEnabled: account.payoutsEnabled },
    );
  }
  return account;
}

const accountView = (account: ConnectAccount | null) =>
  account && {
    id: account.id,
    country: account.country,
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
    requirementsDue: account.requirementsDue,
  };

/** /me/settings/payout/dashboard and stripe/finish: the account's state, the balance and the payout history. */
export async function payoutAccountOf(em: EntityManager, viewer: User, env: ServiceEnvironment, now: Date) {
  await enforce(em, viewer, 'viewPartnerAccount', { id: viewer.id });
  const enrollment = await enrollmentOf(em, viewer.id);
  const [account, payouts, balance, tax] = await Promise.all([
    enrollment?.stripeAccountId ? readAccount(em, env, enrollment) : null,
    em.find(Payout, { user: viewer.id }, { orderBy: { periodStart: 'desc' }, limit: HISTORY_LIMIT }),
    payableBalance(em, viewer.id, now),
    em.findOne(TaxDocument, { user: viewer.id }),
  ]);
  return {
    isEnrolled: enrollment?.status === 'ENROLLED',
    testMode: env.payments.isTestMode,
    account: accountView(account),
    unpaidBalance: balance,
    minimum: PAYOUT_MINIMUM_CENTS,
    taxApproved: tax?.status === TaxDocumentStatus.APPROVED,
    payouts: payouts.map((p) => ({
      id: p.id,
      periodStart: String(p.periodStart).slice(0, 10),
      periodEnd: String(p.periodEnd).slice(0, 10),
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
  };
}

/**
 * /me/settings/payout/setup: makes the writer's Express account on first use (one per writer: a fixed
 * idempotency key) and answers a fresh onboarding link that returns to stripe/finish.
 */
export async function setUpPayouts(em: EntityManager, viewer: User, env: ServiceEnvironment) {
  await lockUntilCommit(em, `partner-enrollment:${viewer.id}`);
  const enrollment = await enrollmentOf(em, viewer.id);
  await enforce(em, viewer, 'managePayouts', { id: viewer.id }, enrollment);
  const url = await changingProvider(em, env, async (provider) => {
    if (!enrollment!.stripeAccountId) {
      const account = await provider.createConnectedAccount({
        userId: viewer.id,
        email: viewer.email ?? null,
        country: enrollment!.country ?? 'US',
        idempotencyKey: `connect-account-${viewer.id}`,
      });
      enrollment!.stripeAccountId = account.id;
      await em.flush();
    }
    return provider.createAccountLink(enrollment!.stripeAccountId!, {
      returnUrl: absolute(env, partnerPaths.payoutFinish),
      refreshUrl: absolute(env, partnerPaths.payoutSetup),
    });
  });
  return { url };
}

/** The Express dashboard's one-time login link. */
export async function payoutDashboardLink(em: EntityManager, viewer: User, env: ServiceEnvironment) {
  const enrollment = await enrollmentOf(em, viewer.id);
  await enforce(em, viewer, 'managePayouts', { id: viewer.id }, enrollment);
  if (!enrollment?.stripeAccountId) throw new PayoutRefused(partnerTexts.noAccount);
  const account = await readAccount(em, env, enrollment);
  if (!account.detailsSubmitted) throw new PayoutRefused(partnerTexts.finishIncomplete);
  return { url: await env.payments.createLoginLink(enrollment.stripeAccountId) };
}

/** The test-mode onboarding page's button: the writer's own simulated account can be paid. */
export async function completeTestOnboarding(
  em: EntityManager,
  viewer: User,
  env: ServiceEnvironment,
  accountId: string,
) {
  const enrollment = await em.findOne(PartnerEnrollment, { stripeAccountId: accountId }, { refresh: true });
  if (!enrollment || !isDevProvider(env.payments))
    throw new TRPCError({ code: 'NOT_FOUND', message: partnerTexts.accountNotFound });
  await enforce(em, viewer, 'managePayouts', enrollment.user, enrollment);
  const back = await changingProvider(em, env, async (provider) =>
    isDevProvider(provider) ? provider.completeOnboarding(accountId) : null,
  );
  enrollment.detailsSubmitted = true;
  enrollment.payoutsEnabled = true;
  await em.flush();
  return { returnUrl: back ?? absolute(env, partnerPaths.payoutFinish) };
}

export type PayoutOutcome =
  | { outcome: 'paid'; payoutId: string; amount: number; transferId: string }
  | { outcome: 'already-paid'; payoutId: string; amount: number }
  | { outcome: 'below-minimum'; balance: number };

/**
 * Pays one writer for one month (its first day `monthStart`): refuses clearly when there is no connected account,
 * it cannot be paid yet or the tax forms are not approved; otherwise claims the month's payout row (or picks up
 * an unfinished one with its amount), transfers with the month's idempotency key and records the result.
 */
export async function payOutWriter(
  em: EntityManager,
  env: ServiceEnvironment,
  userId: string,
  monthStart: Date,
  now: Date,
): Promise<PayoutOutcome> {
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0));
  const enrollment = await enrollmentOf(em, userId);
  if (!enrollment?.stripeAccountId) throw new PayoutRefused(partnerTexts.noAccountForPayout);
  const tax = await em.findOne(TaxDocument, { user: userId }, { refresh: true });
  if (tax?.status !== TaxDocumentStatus.APPROVED) throw new PayoutRefused(partnerTexts.taxFormsNotApproved);
  const account = await readAccount(em, env, enrollment);
  if (!account.payoutsEnabled) throw new PayoutRefused(partnerTexts.payoutsNotEnabled);

  const claimed = await em.fork().transactional(async (tx) => {
    await lockUntilCommit(tx, `payout:${userId}`);
    const existing = await tx.findOne(Payout, { user: userId, periodStart: day(monthStart) });
    if (existing) return existing;
    // A failed payout's money is back in the balance until its retry goes through: pay nothing on top of it.
    const unfinished = await tx.count(Payout, { user: userId, status: { $in: ['PENDING', 'FAILED'] } });
    if (unfinished) throw new PayoutRefused(partnerTexts.earlierPayoutUnfinished);
    const balance = await payableBalance(tx, userId, monthEnd);
    if (balance < PAYOUT_MINIMUM_CENTS) return balance;
    return tx.create(Payout, {
      user: tx.getReference(User, userId),
      periodStart: day(monthStart),
      periodEnd: day(monthEnd),
      amount: balance,
      currency: 'USD',
      status: 'PENDING',
    });
  });
  if (typeof claimed === 'number') return { outcome: 'below-minimum', balance: claimed };
  if (claimed.status === 'PAID')
    return { outcome: 'already-paid', payoutId: claimed.id, amount: claimed.amount };

  const key = `payout-${userId}-${monthKey(monthStart)}`;
  try {
    return await em.fork().transactional(async (tx) => {
      const transfer = await changingProvider(tx, env, (provider) =>
        provider.createTransfer({
          accountId: enrollment.stripeAccountId!,
          amount: claimed.amount,
          currency: claimed.currency,
          idempotencyKey: key,
          metadata: { quireUserId: userId, period: monthKey(monthStart), payoutId: claimed.id },
        }),
      );
      await tx.nativeUpdate(
        Payout,
        { id: claimed.id },
        { status: 'PAID', providerPayoutId: transfer.id, paidAt: now, failureReason: null },
      );
      return {
        outcome: 'paid' as const,
        payoutId: claimed.id,
        amount: claimed.amount,
        transferId: transfer.id,
      };
    });
  } catch (error) {
    // The row keeps its claim on the balance and is retried with the same key and amount.
    await em
      .fork()
      .nativeUpdate(
        Payout,
        { id: claimed.id },
        { status: 'FAILED', failureReason: String((error as Error).message).slice(0, 500) },
      );
    throw error;
  }
}

/**
 * The monthly run: for every writer with a connected account and approved tax forms, pays the month now due
 * (payoutMonth; and retries any unfinished earlier month). Writers without approved forms whose balance reached the minimum
 * are marked as having earnings withheld (spec §3 earningsFirstWithheldAt). Answers what it did.
 */
export async function runMonthlyPayouts(
  em: EntityManager,
  env: ServiceEnvironment,
  now: Date,
  log: (message: string) => void = () => {},
) {
  const { start, end } = payoutMonth(now);
  await em.execute(
    `update tax_documents d set earnings_first_withheld_at = ?, updated_at = ?
      where d.earnings_first_withheld_at is null and d.status <> ?
        and (select coalesce(sum(e.amount), 0) from earnings e where e.user_id = d.user_id and e.period_start <= ?) >= ?`,
    [now, now, TaxDocumentStatus.APPROVED, end, PAYOUT_MINIMUM_CENTS],
  );
  const writers = await em.execute<{ user_id: string; months: Date[] | null }[]>(
    `select e.user_id,
            (select array_agg(p.period_start order by p.period_start) from payouts p
              where p.user_id = e.user_id and p.status <> 'PAID' and p.period_start < ?) as months
       from partner_enrollments e
       join tax_documents d on d.user_id = e.user_id and d.status = ?
      where e.stripe_account_id is not null`,
    [start, TaxDocumentStatus.APPROVED],
  );
  const result = { paid: 0, carriedOver: 0, failed: 0, cents: 0 };
  for (const writer of writers) {
    const months = [...(writer.months ?? []).map((m) => new Date(m)), start];
    for (const month of months) {
      try {
        const outcome = await payOutWriter(em, env, writer.user_id, month, now);
        if (outcome.outcome === 'paid') {
          result.paid += 1;
          result.cents += outcome.amount;
        } else if (outcome.outcome === 'below-minimum') result.carriedOver += 1;
      } catch (error) {
        result.failed += 1;
        log(`payout for ${writer.user_id} (${monthKey(month)}) failed: ${(error as Error).message}`);
      }
    }
  }
  return result;
}
