import type { EntityManager } from '@mikro-orm/postgresql';
import { Charge, Membership, PartnerEnrollment, type Post, ReadEvent, type User } from '@quire/db';
import { buildPost, buildUser } from '@quire/test-harness';

/* Rows the earnings tests build: enrolled writers, paying members, their charges and their reads. */

/** Midnight UTC of a 'YYYY-MM-DD' day, plus `hours`. */
export const at = (day: string, hours = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000);

/** A writer, enrolled in the Partner Program unless told otherwise. */
export async function buildWriter(em: EntityManager, enrolled = true) {
  const writer = await buildUser(em, { isPartnerProgramEnrolled: enrolled });
  em.create(PartnerEnrollment, { user: writer, status: enrolled ? 'ENROLLED' : 'NOT_ENROLLED' });
  await em.flush();
  return writer;
}

/** A story by `writer`, members-only unless told otherwise, with a ten-minute estimated reading time. */
export async function buildStory(
  em: EntityManager,
  writer: User,
  opts: { locked?: boolean; minutes?: number } = {},
) {
  const post = await buildPost(em, { creator: writer, isLocked: opts.locked ?? true });
  post.readingTime = opts.minutes ?? 10;
  await em.flush();
  return post;
}

/** A charge on a membership: `amount` cents paid at `paidAt` for the period to `periodEnd`. */
export interface ChargeSpec {
  amount: number;
  paidAt: Date;
  periodEnd?: Date | null;
  refunded?: number;
  refundedAt?: Date | null;
  currency?: 'USD' | 'CAD';
  status?: 'SUCCEEDED' | 'REFUNDED' | 'FAILED' | 'PENDING';
}

/** A member with a monthly membership (referred by `referrer` when given) and its charges. */
export async function buildMember(
  em: EntityManager,
  charges: ChargeSpec[],
  opts: { referrer?: User | null; user?: User } = {},
) {
  const member = opts.user ?? (await buildUser(em, { mediumMemberAt: Date.now() }));
  const membership = em.create(Membership, {
    user: member,
    status: 'ACTIVE',
    provider: 'STRIPE',
    startedAt: charges[0]?.paidAt ?? new Date(),
    referrer: opts.referrer ?? null,
  });
  for (const c of charges) {
    const refunded = c.refunded ?? 0;
    em.create(Charge, {
      user: member,
      membership,
      amount: c.amount,
      currency: c.currency ?? 'USD',
      provider: 'STRIPE',
      status: c.status ?? (refunded >= c.amount && refunded > 0 ? 'REFUNDED' : 'SUCCEEDED'),
      amountRefunded: refunded,
      lastRefundedAt: refunded > 0 ? (c.refundedAt ?? null) : null,
      refundedAt: refunded >= c.amount && refunded > 0 ? (c.refundedAt ?? null) : null,
      periodEnd: c.periodEnd ?? null,
      createdAt: c.paidAt,
    });
  }
  await em.flush();
  return member;
}

/** A read of `post` by `reader` at `when`: a member's full read unless told otherwise. */
export async function read(
  em: EntityManager,
  reader: User,
  post: Post,
  when: Date,
  seconds: number,
  opts: { isMember?: boolean; kind?: 'READ' | 'VIEW' } = {},
) {
  em.create(ReadEvent, {
    post,
    user: reader,
    kind: opts.kind ?? 'READ',
    occurredAt: when,
    readingSeconds: seconds,
    isMember: opts.isMember ?? true,
    meterState: opts.kind === 'VIEW' ? 'paywalled' : null,
  });
  await em.flush();
}

/** The day's ledger rows, in a stable order, without their ids. */
export async function ledgerOf(em: EntityManager, day: string) {
  return em.execute<
    { user_id: string; post_id: string | null; amount: number; seconds: number; referral: boolean }[]
  >(
    `select user_id, post_id, amount, member_reading_seconds::int as seconds, referral from earnings
     where period_start = ?::date and period_end = ?::date order by user_id, post_id nulls first, referral`,
    [day, day],
  );
}
