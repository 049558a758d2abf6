import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Charge, Membership, User } from '@quire/db';
import { MEMBERSHIP_GRACE_PERIOD_DAYS } from '@quire/domain';
import { hasMembership } from '../../policies';

const DAY_MS = 86_400_000;

/** When a payment failure's grace period ends. */
export const graceEnd = (pastDueAt: Date, gracePeriodDays: number) =>
  new Date(pastDueAt.getTime() + gracePeriodDays * DAY_MS);

/** Whether a membership gives access at `now`: active or trialing, or past due within the grace period. */
export function givesAccess(m: Membership, now: Date, gracePeriodDays: number): boolean {
  if (m.status === 'ACTIVE' || m.status === 'TRIALING') return true;
  return m.status === 'PAST_DUE' && !!m.pastDueAt && graceEnd(m.pastDueAt, gracePeriodDays) > now;
}

/**
 * Spec §4 Membership: brings User.mediumMemberAt in line with the user's memberships. The first activation
 * sets it (and renewals keep it); a past-due membership keeps it only while the grace period lasts, and grants
 * it then only when it was paid for before; the end clears it to 0 and marks hasPastMemberships. Locks the
 * user row until commit.
 */
export async function syncUserMembership(
  em: EntityManager,
  userId: string,
  opts: { now: Date; activatedAt?: Date; gracePeriodDays?: number },
): Promise<User | null> {
  const grace = opts.gracePeriodDays ?? MEMBERSHIP_GRACE_PERIOD_DAYS;
  const user = await em.findOne(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!user) return null;
  const memberships = await em.find(Membership, {
    user: userId,
    status: { $in: ['ACTIVE', 'TRIALING', 'PAST_DUE'] },
  });
  const keeps = memberships.some((m) => givesAccess(m, opts.now, grace));
  const grants =
    memberships.some((m) => m.status === 'ACTIVE' || m.status === 'TRIALING') ||
    (await paidAndInGrace(em, memberships, opts.now, grace));
  const isMember = hasMembership(user);
  if (grants && !isMember) user.mediumMemberAt = (opts.activatedAt ?? opts.now).getTime();
  else if (!keeps && isMember) {
    user.mediumMemberAt = 0;
    user.hasPastMemberships = true;
  }
  await em.flush();
  return user;
}

/**
 * Whether a past-due membership within its grace period was paid for before: its webhooks may come only after
 * the failure (a backlog; the provider read at checkout is already past due), and it then grants as it would keep.
 */
async function paidAndInGrace(em: EntityManager, memberships: Membership[], now: Date, grace: number) {
  const ids = memberships
    .filter((m) => m.status === 'PAST_DUE' && givesAccess(m, now, grace))
    .map((m) => m.id);
  return ids.length > 0 && (await em.count(Charge, { membership: { $in: ids }, status: 'SUCCEEDED' })) > 0;
}

/**
 * The expiry job: memberships past their grace period (after a failed payment), past a period end that was to
 * be the last (cancel at period end, a gift), or past a period end plus the grace period with no renewal heard
 * of, become EXPIRED; their users lose membership (mediumMemberAt 0, hasPastMemberships) unless another
 * membership still gives access. Returns how many expired.
 */
export async function expireLapsedMemberships(
  em: EntityManager,
  now: Date,
  opts: { gracePeriodDays?: number; batch?: number } = {},
): Promise<number> {
  const grace = opts.gracePeriodDays ?? MEMBERSHIP_GRACE_PERIOD_DAYS;
  const cutoff = new Date(now.getTime() - grace * DAY_MS);
  const running = { $in: ['ACTIVE', 'TRIALING'] as Membership['status'][] };
  return em.fork().transactional(async (tx) => {
    // FOR UPDATE re-checks each row after a concurrent webhook commits, so a renewal just applied is not expired.
    const lapsed = await tx.find(
      Membership,
      {
        $or: [
          { status: 'PAST_DUE', pastDueAt: { $lte: cutoff } },
          { status: 'PAST_DUE', pastDueAt: null, currentPeriodEnd: { $lte: cutoff } },
          { status: running, cancelAtPeriodEnd: true, currentPeriodEnd: { $lte: now } },
          { status: running, provider: 'MEDIUM_GIFT', currentPeriodEnd: { $lte: now } },
          { status: running, currentPeriodEnd: { $lte: cutoff } },
        ],
      },
      { lockMode: LockMode.PESSIMISTIC_WRITE, limit: opts.batch ?? 500, orderBy: { id: 'asc' } },
    );
    for (const m of lapsed) {
      m.status = 'EXPIRED';
      m.endedAt ??= now;
    }
    await tx.flush();
    const users = [...new Set(lapsed.map((m) => m.user.id))].sort();
    for (const userId of users) await syncUserMembership(tx, userId, { now, gracePeriodDays: grace });
    return lapsed.length;
  });
}
