import type { EntityManager } from '@mikro-orm/postgresql';
import { Charge, Membership, type User } from '@quire/db';
import {
  BILLING_HISTORY_PAGE_SIZE,
  cardLabel,
  type MembershipCurrency,
  membershipCurrencyOf,
  membershipTexts,
  PRODUCT_NAME,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce, hasMembership } from '../../policies';
import { afterTime, pageOf, type TimeCursor } from '../keyset';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** A charge as billing history and receipts show it. */
function chargeFields(c: Charge) {
  const currency = membershipCurrencyOf(c.currency);
  return {
    id: c.id,
    createdAt: c.createdAt.toISOString(),
    amount: c.amount,
    amountRefunded: c.amountRefunded,
    currency: (currency ?? c.currency) as MembershipCurrency | 'NOT_APPLICABLE' | 'UNKNOWN',
    status: c.status,
    description: c.description,
    card: c.last4
      ? { brand: c.cardBrand ?? 'UNKNOWN', last4: c.last4, label: cardLabel(c.cardBrand, c.last4) }
      : null,
    receiptNumber: c.receiptNumber,
    refundedAt: iso(c.refundedAt),
  };
}

/**
 * The viewer's membership for the settings page: the one giving access (else the latest), its plan, status,
 * next charge date, the card last charged, and whether it ends at the period's end.
 */
export async function currentMembership(em: EntityManager, viewer: User) {
  const memberships = await em.find(
    Membership,
    { user: viewer.id },
    { populate: ['plan'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 20 },
  );
  const live = (m: Membership) => m.status === 'ACTIVE' || m.status === 'TRIALING' || m.status === 'PAST_DUE';
  const m = memberships.find(live) ?? memberships[0] ?? null;
  const lastCard = m
    ? await em.findOne(
        Charge,
        { membership: m.id, status: { $in: ['SUCCEEDED', 'REFUNDED'] }, last4: { $ne: null } },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      )
    : null;
  const renews = !!m && (m.status === 'ACTIVE' || m.status === 'TRIALING') && !m.cancelAtPeriodEnd;
  return {
    isMember: hasMembership(viewer),
    mediumMemberAt: Number(viewer.mediumMemberAt),
    hasPastMemberships: viewer.hasPastMemberships,
    membership: m
      ? {
          id: m.id,
          status: m.status,
          provider: m.provider,
          discount: m.discount,
          plan: m.plan
            ? {
                code: m.plan.code,
                name: m.plan.name,
                period: m.plan.period,
                currency: m.plan.currency,
                amount: m.plan.amount,
              }
            : null,
          startedAt: m.startedAt.toISOString(),
          currentPeriodEnd: iso(m.currentPeriodEnd),
          /** When the next charge is due; null when none is (ending, ended, or waiting on a failed payment). */
          nextChargeDate: renews ? iso(m.currentPeriodEnd) : null,
          cancelAtPeriodEnd: m.cancelAtPeriodEnd,
          /** When a payment first failed; access lasts the grace period from then. */
          paymentFailedAt: iso(m.pastDueAt),
          endedAt: iso(m.endedAt),
          card: lastCard?.last4
            ? {
                brand: lastCard.cardBrand ?? 'UNKNOWN',
                last4: lastCard.last4,
                label: cardLabel(lastCard.cardBrand, lastCard.last4),
              }
            : null,
        }
      : null,
  };
}

/** The viewer's charges, newest first, one keyset page at a time. */
export async function billingHistory(
  em: EntityManager,
  viewer: User,
  opts: { limit?: number | null; cursor?: TimeCursor | null },
) {
  const limit = opts.limit ?? BILLING_HISTORY_PAGE_SIZE;
  const rows = await em.find(
    Charge,
    { $and: [{ user: viewer.id }, afterTime<Charge>('createdAt', opts.cursor)] },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
  );
  const page = pageOf(rows, limit, (c) => ({ at: c.createdAt.toISOString(), id: c.id }));
  return { charges: page.rows.map(chargeFields), next: page.next };
}

/** One of the viewer's own charges as a receipt; another user's is refused by the policy (actAs). */
export async function receipt(em: EntityManager, viewer: User, chargeId: string) {
  const charge = await em.findOne(Charge, chargeId, { populate: ['membership.plan'] });
  if (!charge?.user) throw new TRPCError({ code: 'NOT_FOUND', message: membershipTexts.receiptNotFound });
  await enforce(em, viewer, 'actAs', { id: charge.user.id });
  const plan = charge.membership?.plan ?? null;
  return {
    ...chargeFields(charge),
    productName: PRODUCT_NAME,
    billedTo: { name: viewer.name, email: viewer.email ?? null },
    plan: plan ? { code: plan.code, name: plan.name, period: plan.period } : null,
  };
}
