import type { EntityManager } from '@mikro-orm/postgresql';
import { Charge, Membership, newId, PaymentCustomer, PaymentEventRecord, Plan, User } from '@quire/db';
import {
  type CardBrand,
  Discount,
  type MembershipStatus,
  membershipCurrencyOf,
  membershipTexts,
  type PaymentProvider as ProviderName,
} from '@quire/domain';
import type { PaymentEvent, SubscriptionState } from '@quire/payments';
import { lockUntilCommit } from '../locks';
import { rememberCustomer } from './customers';
import { applyGiftCheckout } from './gifts';
import { syncUserMembership } from './state';

/** What applying an event did (stored on its payment_events row). */
export type ApplyOutcome =
  /** Applied now. */
  | 'applied'
  /** Already stored: a replay or a concurrent redelivery, so nothing was done. */
  | 'duplicate'
  /** Older than the state already applied, and no provider to re-read: its charge is kept, its state is not. */
  | 'stale'
  /** About a subscription or charge not known yet: applied when it arrives. */
  | 'deferred'
  /** Not about membership (gifts come through their own path) or about no user we know. */
  | 'ignored';

export interface ApplyOptions {
  /** The provider's current state of a subscription, to reconcile events that arrived out of order. */
  getSubscription?: (subscriptionId: string) => Promise<SubscriptionState>;
  /** Days a member keeps access after a failed payment (spec §3 client config grace period). */
  gracePeriodDays?: number;
  now?: Date;
  /** Public origin for the links in gift emails. */
  publicUrl?: string;
}

interface Run {
  em: EntityManager;
  event: PaymentEvent;
  opts: ApplyOptions;
  now: Date;
}

/**
 * Applies a provider's webhook event to memberships, customers and charges, at most once: the event row is
 * inserted first, in the same transaction, so a replay or a second concurrent delivery (which waits on the
 * unique index) changes nothing, and a handler error rolls the whole event back for the provider to retry.
 */
export async function applyPaymentEvent(
  em: EntityManager,
  event: PaymentEvent,
  opts: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const now = opts.now ?? new Date();
  return em.fork({ keepTransactionContext: true }).transactional(async (tx) => {
    const recordId = await insertEvent(tx, event);
    if (!recordId) return 'duplicate';
    const outcome = await dispatch({ em: tx, event, opts, now });
    await tx.nativeUpdate(PaymentEventRecord, { id: recordId }, { outcome });
    return outcome;
  });
}

/** The subscription or charge an event is about. */
function subjectOf(event: PaymentEvent): string | null {
  switch (event.type) {
    case 'checkout.completed':
      return event.subscriptionId ?? event.sessionId;
    case 'subscription.updated':
    case 'subscription.deleted':
      return event.subscription.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return event.subscriptionId;
    case 'charge.refunded':
      return event.chargeId;
  }
}

/** Inserts the event row unless the event is already stored; the new row's id, or null for a duplicate. */
async function insertEvent(em: EntityManager, event: PaymentEvent): Promise<string | null> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into payment_events (id, provider, provider_event_id, type, occurred_at, subject_id, payload)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (provider, provider_event_id) do nothing
     returning id`,
    [newId(), event.provider, event.id, event.type, event.createdAt, subjectOf(event), JSON.stringify(event)],
  );
  return rows[0]?.id ?? null;
}

async function dispatch(run: Run): Promise<ApplyOutcome> {
  const { event } = run;
  switch (event.type) {
    case 'checkout.completed':
      return checkoutCompleted(run, event);
    case 'subscription.updated':
    case 'subscription.deleted':
      return subscriptionChanged(run, event);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceSettled(run, event);
    case 'charge.refunded':
      return chargeRefunded(run, event);
  }
}

type EventOf<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>;

/** The provider's own statuses, as a membership's. */
function statusOf(status: SubscriptionState['status']): MembershipStatus {
  switch (status) {
    case 'trialing':
      return 'TRIALING';
    case 'active':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'PAST_DUE';
    case 'canceled':
    case 'incomplete_expired':
      return 'CANCELED';
  }
}

const ended = (status: MembershipStatus) => status === 'CANCELED' || status === 'EXPIRED';

/** The plan a price id names: Stripe's price id, or our plan code (the dev provider's). */
async function planFor(em: EntityManager, priceId: string | null | undefined, planCode?: string | null) {
  const keys = [priceId, planCode].filter((k): k is string => !!k);
  if (!keys.length) return null;
  const plans = await em.find(Plan, { $or: [{ stripePriceId: { $in: keys } }, { code: { $in: keys } }] });
  return plans.find((p) => p.stripePriceId === priceId || p.code === priceId) ?? plans[0] ?? null;
}

/** The user an event names: our id in its metadata, else the one whose provider customer it is. */
async function userFor(
  em: EntityManager,
  provider: ProviderName,
  metadata: Record<string, string> | undefined,
  customerId: string | null | undefined,
): Promise<User | null> {
  const id = metadata?.userId;
  if (id) {
    const user = await em.findOne(User, id);
    if (user) return user;
  }
  if (!customerId) return null;
  const customer = await em.findOne(PaymentCustomer, { provider, customerId }, { populate: ['user'] });
  return customer?.user ?? null;
}

/** Serialises the events of one subscription, then finds its membership. */
async function lockedMembership(em: EntityManager, provider: ProviderName, subscriptionId: string) {
  await lockUntilCommit(em, `subscription:${provider}:${subscriptionId}`);
  return em.findOne(
    Membership,
    { provider, providerSubscriptionId: subscriptionId },
    { populate: ['plan', 'user'], refresh: true },
  );
}

/** Whether an event is older than the state already applied to the membership. */
const isStale = (m: Membership, at: Date) => !!m.stateAt && at < m.stateAt;

/** Applies a subscription's state as the provider reports it, as of `at`. */
async function applyState(run: Run, m: Membership, state: SubscriptionState, at: Date, deleted = false) {
  const status = deleted ? 'CANCELED' : statusOf(state.status);
  const wasLive = !ended(m.status);
  m.status = status;
  m.pastDueAt = status === 'PAST_DUE' ? (m.pastDueAt ?? at) : null;
  m.currentPeriodEnd = state.currentPeriodEnd;
  m.cancelAtPeriodEnd = state.cancelAtPeriodEnd;
  m.canceledAt = state.canceledAt ?? (status === 'CANCELED' ? (m.canceledAt ?? at) : null);
  m.endedAt = status === 'CANCELED' ? (state.endedAt ?? m.endedAt ?? at) : null;
  if (!wasLive && !ended(status)) m.startedAt = at;
  const plan = await planFor(run.em, state.priceId, state.metadata.planCode);
  if (plan) m.plan = plan;
  m.stateAt = at;
}

/** Re-reads the subscription from the provider and applies it as of now; false without a provider to ask. */
async function reconcile(run: Run, m: Membership): Promise<boolean> {
  if (!run.opts.getSubscription || !m.providerSubscriptionId) return false;
  const state = await run.opts.getSubscription(m.providerSubscriptionId);
  const at = new Date(Math.max(run.now.getTime(), m.stateAt?.getTime() ?? 0));
  await applyState(run, m, state, at);
  return true;
}

/** Flushes the membership's changes and brings its user's membership in line. */
async function settle(run: Run, m: Membership, activatedAt: Date) {
  await run.em.flush();
  await syncUserMembership(run.em, m.user.id, {
    now: run.now,
    activatedAt,
    gracePeriodDays: run.opts.gracePeriodDays,
  });
}

/** A new membership for a subscription we hear of first (from its checkout, or from an earlier event). */
function newMembership(run: Run, user: User, subscriptionId: string, status: MembershipStatus, at: Date) {
  return run.em.create(Membership, {
    user,
    status,
    provider: run.event.provider,
    providerSubscriptionId: subscriptionId,
    startedAt: at,
    discount: 'NO_DISCOUNT',
  });
}

async function checkoutCompleted(run: Run, event: EventOf<'checkout.completed'>): Promise<ApplyOutcome> {
  if (event.mode === 'gift') {
    const outcome = await applyGiftCheckout(run.em, event, { publicUrl: run.opts.publicUrl });
    // A refund that came before the gift's checkout waits for its charge, which exists now.
    await applyDeferred(
      run,
      [event.chargeId, event.paymentIntentId].filter((id): id is string => !!id),
    );
    return outcome;
  }
  if (!event.subscriptionId) return 'ignored';
  const user = await userFor(run.em, event.provider, event.metadata, event.customerId);
  if (!user) return 'ignored';
  // The subscription's lock first, as its own events take it, then the customer row: one lock order.
  const existing = await lockedMembership(run.em, event.provider, event.subscriptionId);
  await rememberCustomer(run.em, user.id, event.provider, event.customerId);
  const trial = Number(event.metadata.trialDays ?? 0) > 0;
  const m =
    existing ??
    newMembership(run, user, event.subscriptionId, trial ? 'TRIALING' : 'ACTIVE', event.createdAt);
  const discount = event.metadata.discount;
  if (discount && (Discount as readonly string[]).includes(discount)) m.discount = discount as Discount;
  const referrerId = event.metadata.referrerUserId;
  // Spec §2 /membership/@{username}: the writer who brought the member in earns a share of their revenue.
  if (referrerId && referrerId !== user.id && !m.referrer) {
    m.referrer = (await run.em.findOne(User, referrerId)) ?? null;
  }
  // A checkout reports no subscription state: the subscription's own events (or the provider) set it.
  if (!(await reconcile(run, m)) && !m.plan) {
    const plan = await planFor(run.em, null, event.metadata.planCode);
    if (plan) m.plan = plan;
  }
  await settle(run, m, event.createdAt);
  await applyDeferred(run, [event.subscriptionId]);
  return 'applied';
}

async function subscriptionChanged(
  run: Run,
  event: EventOf<'subscription.updated' | 'subscription.deleted'>,
): Promise<ApplyOutcome> {
  const state = event.subscription;
  let m = await lockedMembership(run.em, event.provider, state.id);
  if (!m) {
    const user = await userFor(run.em, event.provider, state.metadata, state.customerId);
    if (!user) return 'deferred';
    await rememberCustomer(run.em, user.id, event.provider, state.customerId);
    m = newMembership(run, user, state.id, statusOf(state.status), event.createdAt);
  }
  let outcome: ApplyOutcome = 'applied';
  if (isStale(m, event.createdAt)) {
    if (!(await reconcile(run, m))) outcome = 'stale';
  } else {
    await applyState(run, m, state, event.createdAt, event.type === 'subscription.deleted');
  }
  await settle(run, m, event.createdAt);
  return outcome;
}

async function invoiceSettled(
  run: Run,
  event: EventOf<'invoice.paid' | 'invoice.payment_failed'>,
): Promise<ApplyOutcome> {
  const m = await lockedMembership(run.em, event.provider, event.subscriptionId);
  if (!m) return 'deferred';
  const paid = event.type === 'invoice.paid';
  const paymentIntentId = event.paymentIntentId ?? null;
  const chargeKey =
    event.chargeId ??
    paymentIntentId ??
    (paid ? `invoice:${event.invoiceId}` : `invoice:${event.invoiceId}:${event.id}`);
  const charge = await recordCharge(run, m, {
    key: chargeKey,
    status: paid ? 'SUCCEEDED' : 'FAILED',
    amount: event.amount,
    currency: event.currency,
    card: event.card,
    at: event.createdAt,
    periodEnd: paid ? (event.periodEnd ?? null) : null,
  });
  let outcome: ApplyOutcome = 'applied';
  if (isStale(m, event.createdAt)) {
    // The charge stands; the state is the provider's current one, or else what was applied already.
    if (!(await reconcile(run, m))) {
      if (
        paid &&
        event.periodEnd &&
        m.currentPeriodEnd &&
        event.periodEnd > m.currentPeriodEnd &&
        !ended(m.status)
      )
        m.currentPeriodEnd = event.periodEnd;
      outcome = 'stale';
    }
  } else if (!ended(m.status)) {
    if (paid) {
      m.status = m.status === 'TRIALING' && event.amount === 0 ? 'TRIALING' : 'ACTIVE';
      m.pastDueAt = null;
      if (event.periodEnd && (!m.currentPeriodEnd || event.periodEnd > m.currentPeriodEnd))
        m.currentPeriodEnd = event.periodEnd;
    } else {
      m.status = 'PAST_DUE';
      m.pastDueAt ??= event.createdAt;
    }
    m.stateAt = event.createdAt;
  }
  await settle(run, m, event.createdAt);
  await applyDeferred(
    run,
    [charge.providerChargeId!, paymentIntentId].filter((k): k is string => !!k),
  );
  return outcome;
}

/** Creates or updates the charge an invoice event reports. */
async function recordCharge(
  run: Run,
  m: Membership,
  c: {
    key: string;
    status: 'SUCCEEDED' | 'FAILED';
    amount: number;
    currency: string;
    card: { brand: CardBrand; last4: string } | null;
    at: Date;
    periodEnd: Date | null;
  },
): Promise<Charge> {
  const existing = await run.em.findOne(Charge, { providerChargeId: c.key });
  const charge =
    existing ??
    run.em.create(Charge, {
      id: newId(),
      user: m.user,
      membership: m,
      amount: c.amount,
      currency: membershipCurrencyOf(c.currency) ?? 'UNKNOWN',
      provider: run.event.provider,
      providerChargeId: c.key,
      description: membershipTexts.chargeDescription(m.plan?.period ?? null),
      createdAt: c.at,
    });
  // A refund already recorded outranks a late success report of the same payment.
  if (charge.status !== 'REFUNDED') charge.status = c.status;
  if (c.card) {
    charge.cardBrand = c.card.brand;
    charge.last4 = c.card.last4;
  }
  if (c.status === 'SUCCEEDED') charge.receiptNumber ??= receiptNumber(charge.id, c.at);
  if (c.periodEnd) charge.periodEnd ??= c.periodEnd;
  return charge;
}

/** Ours: a receipt number a reader can quote, 'Q-20261121-1A2B3C4D5E6F'. */
function receiptNumber(chargeId: string, at: Date): string {
  return `Q-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${chargeId.toUpperCase()}`;
}

async function chargeRefunded(run: Run, event: EventOf<'charge.refunded'>): Promise<ApplyOutcome> {
  const paymentIntentId = event.paymentIntentId ?? null;
  const keys = [event.chargeId, paymentIntentId].filter((k): k is string => !!k);
  const charge = await run.em.findOne(Charge, { providerChargeId: { $in: keys } });
  if (!charge) return 'deferred';
  if (event.amountRefunded > charge.amountRefunded) charge.lastRefundedAt = event.createdAt;
  charge.amountRefunded = Math.max(charge.amountRefunded, event.amountRefunded);
  if (charge.amountRefunded >= charge.amount) {
    charge.status = 'REFUNDED';
    charge.refundedAt ??= event.createdAt;
  }
  await run.em.flush();
  return 'applied';
}

/**
 * Events that arrived before the subscription or charge they are about, applied now, oldest first: `subjects`
 * are subscription ids, or a charge's ids (a refund may name the charge or only its payment intent).
 */
async function applyDeferred(run: Run, subjects: string[]) {
  if (!subjects.length) return;
  await run.em.flush();
  const waiting = await run.em.find(
    PaymentEventRecord,
    {
      provider: run.event.provider,
      outcome: 'deferred',
      $or: [{ subjectId: { $in: subjects } }, { type: 'charge.refunded' }],
    },
    { orderBy: { occurredAt: 'asc', id: 'asc' } },
  );
  for (const record of waiting) {
    // A nested application (an invoice's refund) may have applied it already.
    if (record.outcome !== 'deferred') continue;
    const event = reviveEvent(record.payload);
    if (event.type === 'charge.refunded') {
      const ids = [event.chargeId, event.paymentIntentId];
      if (!ids.some((id) => id && subjects.includes(id))) continue;
    }
    record.outcome = await dispatch({ ...run, event });
    await run.em.flush();
  }
}

/** A stored event's payload back as a PaymentEvent (its times were stored as ISO strings). */
function reviveEvent(payload: Record<string, unknown>): PaymentEvent {
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  const event = { ...payload, createdAt: date(payload.createdAt) } as Record<string, unknown>;
  if ('periodEnd' in event) event.periodEnd = date(event.periodEnd);
  const sub = event.subscription as Record<string, unknown> | undefined;
  if (sub) {
    event.subscription = {
      ...sub,
      currentPeriodEnd: date(sub.currentPeriodEnd),
      canceledAt: date(sub.canceledAt),
      endedAt: date(sub.endedAt),
    };
  }
  return event as unknown as PaymentEvent;
}
