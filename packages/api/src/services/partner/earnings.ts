import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * What a Partner Program writer has earned, read from the ledger the daily allocation writes (allocation.ts):
 * per month, per story, and the balance not yet paid out. Payouts read `earningsForMonth` and `unpaidBalance`.
 * These answer for any user id: callers ask the policy (viewEarnings) or run as the system (payout jobs).
 */

/** Payout states whose money has left the balance: on its way or paid. A FAILED or WITHHELD payout's has not. */
const PAYOUT_OUT_OF_BALANCE = ['PENDING', 'PAID'] as const;

/** The first day of the month after `month` ('YYYY-MM-01'). */
export function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** One month of a writer's earnings. */
export interface MonthEarnings {
  /** 'YYYY-MM-01'. */
  month: string;
  /** Cents. */
  amount: number;
  memberReadingSeconds: number;
}

/** Cents a writer earned in a month ('YYYY-MM-01'), every story and referral share of its days. */
export async function earningsForMonth(em: EntityManager, userId: string, month: string): Promise<number> {
  const [row] = await em.execute<{ amount: string }[]>(
    `select coalesce(sum(amount), 0) as amount from earnings
     where user_id = ? and period_start >= ?::date and period_start < ?::date`,
    [userId, month, monthAfter(month)],
  );
  return Number(row?.amount ?? 0);
}

/** A writer's earnings per month, newest first, from `since` ('YYYY-MM-01') on when given. */
export async function earningsByMonth(
  em: EntityManager,
  userId: string,
  opts: { since?: string; limit?: number } = {},
): Promise<MonthEarnings[]> {
  const rows = await em.execute<{ month: string; amount: string; seconds: string }[]>(
    `select to_char(date_trunc('month', period_start), 'YYYY-MM-DD') as month,
            sum(amount) as amount, sum(member_reading_seconds) as seconds
     from earnings where user_id = ? and period_start >= ?::date
     group by 1 order by 1 desc limit ?`,
    [userId, opts.since ?? '0001-01-01', opts.limit ?? 120],
  );
  return rows.map((r) => ({
    month: r.month,
    amount: Number(r.amount),
    memberReadingSeconds: Number(r.seconds),
  }));
}

/**
 * Cents earned and not yet paid out: the ledger up to and including `through` ('YYYY-MM-DD', every day when
 * absent) less the payouts on their way or paid. The payout of a month passes the month's last day.
 */
export async function unpaidBalance(
  em: EntityManager,
  userId: string,
  opts: { through?: string } = {},
): Promise<number> {
  const [row] = await em.execute<{ earned: string; paid: string }[]>(
    `select
       (select coalesce(sum(amount), 0) from earnings where user_id = ? and period_start <= ?::date) as earned,
       (select coalesce(sum(amount), 0) from payouts where user_id = ? and status in (?, ?)) as paid`,
    [userId, opts.through ?? '9999-12-31', userId, ...PAYOUT_OUT_OF_BALANCE],
  );
  return Number(row?.earned ?? 0) - Number(row?.paid ?? 0);
}

/** One story's earnings, this month and all time; or the referral share, or the rows of deleted stories. */
export interface StoryEarnings {
  /** Null for the referral share and for stories deleted since. */
  postId: string | null;
  referral: boolean;
  /** Cents this month. */
  monthAmount: number;
  /** Cents all time. */
  totalAmount: number;
  monthReadingSeconds: number;
  totalReadingSeconds: number;
}

/** A writer's earnings per story (and the referral share as post null), the best of this month first. */
export async function earningsByStory(
  em: EntityManager,
  userId: string,
  month: string,
  limit = 200,
): Promise<StoryEarnings[]> {
  const rows = await em.execute<
    {
      post_id: string | null;
      referral: boolean;
      month_amount: string;
      total_amount: string;
      month_seconds: string;
      total_seconds: string;
    }[]
  >(
    `select post_id, referral,
            coalesce(sum(amount) filter (where period_start >= ?::date and period_start < ?::date), 0) as month_amount,
            sum(amount) as total_amount,
            coalesce(sum(member_reading_seconds) filter (where period_start >= ?::date and period_start < ?::date), 0)
              as month_seconds,
            sum(member_reading_seconds) as total_seconds
     from earnings where user_id = ?
     group by post_id, referral
     order by 3 desc, 4 desc, post_id nulls last, referral
     limit ?`,
    [month, monthAfter(month), month, monthAfter(month), userId, limit],
  );
  return rows.map((r) => ({
    postId: r.post_id,
    referral: r.referral,
    monthAmount: Number(r.month_amount),
    totalAmount: Number(r.total_amount),
    monthReadingSeconds: Number(r.month_seconds),
    totalReadingSeconds: Number(r.total_seconds),
  }));
}
