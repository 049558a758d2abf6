import { Charge, Membership, PaymentCustomer, PaymentEventRecord, User } from '@quire/db';
import type { PostContent } from '@quire/domain';
import type { PaymentEvent, SubscriptionState } from '@quire/payments';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter, createContextInner, defaultServiceEnvironment } from '../src';
import {
  type ApplyOptions,
  applyPaymentEvent,
  defaultPlanSettings,
  expireLapsedMemberships,
  syncPlans,
} from '../src/services/membership';
import { rememberCustomer } from '../src/services/membership/customers';
import { testClock } from './auth-helpers';

const db = useTestDatabase();
const DAY = 86_400_000;
const GRACE = 7;
const T0 = new Date('2026-11-01T12:00:00Z');
const clock = testClock(T0);

beforeAll(async () => {
  await syncPlans(db.em(), defaultPlanSettings());
});

// ── Events as a provider reports them ─────────────────────────────────────────────────────────

let sequence = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(sequence++).toString(36)}`;
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const base = (createdAt: Date) => ({ id: unique('evt'), createdAt, provider: 'STRIPE' as const });

function checkout(
  user: User,
  subscriptionId: string,
  createdAt: Date,
  planCode = 'monthly-usd',
): PaymentEvent {
  return {
    ...base(createdAt),
    type: 'checkout.completed',
    mode: 'subscription',
    sessionId: unique('cs'),
    customerId: `cus_${user.id}`,
    subscriptionId,
    chargeId: null,
    amount: 500,
    currency: 'usd',
    metadata: { userId: user.id, planCode },
  };
}

function state(id: string, over: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    id,
    customerId: null,
    status: 'active',
    priceId: 'monthly-usd',
    currentPeriodEnd: at(30),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    metadata: {},
    ...over,
  };
}

const updated = (s: SubscriptionState, createdAt: Date): PaymentEvent => ({
  ...base(createdAt),
  type: 'subscription.updated',
  subscription: s,
});

const deleted = (s: SubscriptionState, createdAt: Date): PaymentEvent => ({
  ...base(createdAt),
  type: 'subscription.deleted',
  subscription: s,
});

function invoice(
  type: 'invoice.paid' | 'invoice.payment_failed',
  subscriptionId: string,
  createdAt: Date,
  over: { chargeId?: string; periodEnd?: Date | null; amount?: number } = {},
): PaymentEvent {
  return {
    ...base(createdAt),
    type,
    subscriptionId,
    customerId: null,
    invoiceId: unique('in'),
    chargeId: over.chargeId ?? unique('ch'),
    amount: over.amount ?? 500,
    currency: 'usd',
    card: { brand: 'VISA', last4: '4242' },
    periodEnd: over.periodEnd === undefined ? at(30) : over.periodEnd,
  };
}

const refunded = (chargeId: string, amountRefunded: number, createdAt: Date): PaymentEvent => ({
  ...base(createdAt),
  type: 'charge.refunded',
  chargeId,
  amountRefunded,
  currency: 'usd',
});

/** The expiry job at `now` (over every test's memberships, so assertions look at their own rows). */
const expire = (now: Date) => expireLapsedMemberships(db.em(), now, { gracePeriodDays: GRACE });

const apply = (event: PaymentEvent, opts: ApplyOptions = {}) =>
  applyPaymentEvent(db.em(), event, { now: clock.now(), gracePeriodDays: GRACE, ...opts });

// ── Reading back ───────────────────────────────────────────────────────────────────────────────

const reload = (user: User) => db.em().findOneOrFail(User, user.id);
const membershipOf = (subscriptionId: string) =>
  db.em().findOneOrFail(Membership, { providerSubscriptionId: subscriptionId }, { populate: ['plan'] });

/** A caller as the given reader, from a country, on a network with no free members-only stories left. */
async function as(user: User | null, country: string | null = null) {
  const viewer = user ? await reload(user) : null;
  return appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer,
      sessionId: null,
      visitor: { id: 'visitor00000001', isBot: false, country },
      ip: '198.51.100.7',
      now: clock.now,
      env: defaultServiceEnvironment({ freeStoriesPerNetworkPerMonth: 0 }),
    }),
  );
}

const SECRET = 'The members-only ending.';
const lockedContent: PostContent = {
  paragraphs: [
    { name: 'p1', type: 'P', text: 'An opening anyone may read.', markups: [] },
    { name: 'p2', type: 'P', text: 'A second paragraph.', markups: [] },
    { name: 'p3', type: 'P', text: 'A third, the last of the preview.', markups: [] },
    { name: 'p4', type: 'P', text: SECRET, markups: [] },
  ],
};

async function readsFullText(user: User, postId: string) {
  const result = await (await as(user)).posts.byId({ id: postId });
  if (result.__typename !== 'Post') throw new Error(`expected the story, got ${result.__typename}`);
  return !result.content.isLockedPreviewOnly;
}

/** A reader subscribed at T0 on the monthly plan, paid for its first month. */
async function subscribed() {
  const user = await buildUser(db.em());
  const sub = unique('sub');
  expect(await apply(checkout(user, sub, T0))).toBe('applied');
  expect(await apply(invoice('invoice.paid', sub, T0))).toBe('applied');
  return { user, sub };
}

describe('membership from payment events', () => {
  it('checkout completed makes the reader a member (mediumMemberAt, the member star, the customer)', async () => {
    const { user, sub } = await subscribed();
    const after = await reload(user);
    expect(Number(after.mediumMemberAt)).toBe(T0.getTime());
    expect(after.hasPastMemberships).toBe(false);
    const m = await membershipOf(sub);
    expect(m.status).toBe('ACTIVE');
    expect(m.plan?.code).toBe('monthly-usd');
    expect(await db.em().count(PaymentCustomer, { user: user.id, customerId: `cus_${user.id}` })).toBe(1);
    // The star on the avatar comes from the profile's isMember.
    const profile = await (await as(null)).profiles.byUsername({ username: user.username });
    expect(profile.isMember).toBe(true);
    const current = await (await as(user)).membership.current();
    expect(current.isMember).toBe(true);
    expect(current.membership).toMatchObject({
      status: 'ACTIVE',
      plan: { code: 'monthly-usd', period: 'MONTHLY', amount: 500 },
      nextChargeDate: at(30).toISOString(),
      cancelAtPeriodEnd: false,
      card: { brand: 'VISA', last4: '4242', label: 'Visa ending in 4242' },
    });
  });

  it('a renewal keeps mediumMemberAt and moves the next charge date', async () => {
    const { user, sub } = await subscribed();
    expect(await apply(invoice('invoice.paid', sub, at(30), { periodEnd: at(60) }))).toBe('applied');
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    expect((await membershipOf(sub)).currentPeriodEnd?.toISOString()).toBe(at(60).toISOString());
    const history = await (await as(user)).membership.billingHistory();
    expect(history.charges.map((c) => c.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(history.charges[0]!.createdAt).toBe(at(30).toISOString());
    expect(history.charges.every((c) => /^Q-\d{8}-[0-9A-F]+$/.test(c.receiptNumber ?? ''))).toBe(true);
  });

  it('a failed payment keeps access through the grace period, and a recovery within it keeps the membership', async () => {
    const { user, sub } = await subscribed();
    const post = await buildPost(db.em(), {
      creator: await buildUser(db.em()),
      isLocked: true,
      content: lockedContent,
    });
    await apply(invoice('invoice.payment_failed', sub, at(30), { periodEnd: null }));
    expect((await membershipOf(sub)).status).toBe('PAST_DUE');
    const failedCharges = await db.em().find(Charge, { user: user.id, status: 'FAILED' });
    expect(failedCharges).toHaveLength(1);
    expect(failedCharges[0]!.receiptNumber).toBeNull();
    // Three days later the job leaves it be, and the member still reads everything.
    await expire(at(33));
    expect((await membershipOf(sub)).status).toBe('PAST_DUE');
    expect(await readsFullText(user, post.id)).toBe(true);
    await apply(invoice('invoice.paid', sub, at(33), { periodEnd: at(60) }));
    const m = await membershipOf(sub);
    expect(m.status).toBe('ACTIVE');
    expect(m.pastDueAt).toBeNull();
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    await expire(at(45));
    expect((await membershipOf(sub)).status).toBe('ACTIVE');
  });

  it('a failed payment not made good within the grace period ends the membership, and the paywall shows the preview', async () => {
    const { user, sub } = await subscribed();
    const writer = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer, isLocked: true, content: lockedContent });
    expect(await readsFullText(user, post.id)).toBe(true);
    await apply(invoice('invoice.payment_failed', sub, at(30), { periodEnd: null }));
    await expire(at(30 + GRACE - 1));
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    expect(await expire(at(30 + GRACE + 1))).toBeGreaterThanOrEqual(1);
    const after = await reload(user);
    expect(Number(after.mediumMemberAt)).toBe(0);
    expect(after.hasPastMemberships).toBe(true);
    expect((await membershipOf(sub)).status).toBe('EXPIRED');
    expect(await readsFullText(user, post.id)).toBe(false);
    const page = await (await as(user)).posts.byId({ id: post.id });
    expect(JSON.stringify(page)).not.toContain(SECRET);
    const plans = await (await as(user)).membership.plans();
    expect(plans.isMembershipTrialEligible).toBe(false);
    expect(plans.plans.every((p) => p.discount === 'NO_DISCOUNT')).toBe(true);
  });

  it("the provider's own end of the subscription ends the membership", async () => {
    const { user, sub } = await subscribed();
    await apply(deleted(state(sub, { status: 'canceled', endedAt: at(40) }), at(40)));
    const m = await membershipOf(sub);
    expect(m.status).toBe('CANCELED');
    expect(m.endedAt?.toISOString()).toBe(at(40).toISOString());
    const after = await reload(user);
    expect(Number(after.mediumMemberAt)).toBe(0);
    expect(after.hasPastMemberships).toBe(true);
    expect((await (await as(null)).profiles.byUsername({ username: user.username })).isMember).toBe(false);
  });

  it('cancel at period end keeps access until the period ends', async () => {
    const { user, sub } = await subscribed();
    await apply(updated(state(sub, { cancelAtPeriodEnd: true, canceledAt: at(10) }), at(10)));
    const current = await (await as(user)).membership.current();
    expect(current.isMember).toBe(true);
    expect(current.membership).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      nextChargeDate: null,
    });
    await expire(at(29));
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    await expire(at(30.5));
    expect((await membershipOf(sub)).status).toBe('EXPIRED');
    const after = await reload(user);
    expect(Number(after.mediumMemberAt)).toBe(0);
    expect(after.hasPastMemberships).toBe(true);
  });

  it('a plan change moves the membership to the new plan and keeps mediumMemberAt', async () => {
    const { user, sub } = await subscribed();
    await apply(updated(state(sub, { priceId: 'yearly-usd', currentPeriodEnd: at(365) }), at(5)));
    const m = await membershipOf(sub);
    expect(m.plan?.code).toBe('yearly-usd');
    expect(m.currentPeriodEnd?.toISOString()).toBe(at(365).toISOString());
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    expect((await (await as(user)).membership.current()).membership?.plan?.period).toBe('YEARLY');
  });

  it('records refunds: a partial one on the charge, a full one marks it refunded', async () => {
    const user = await buildUser(db.em());
    const sub = unique('sub');
    await apply(checkout(user, sub, T0));
    const chargeId = unique('ch');
    await apply(invoice('invoice.paid', sub, T0, { chargeId }));
    await apply(refunded(chargeId, 200, at(2)));
    let charge = await db.em().findOneOrFail(Charge, { providerChargeId: chargeId });
    expect([charge.status, charge.amountRefunded]).toEqual(['SUCCEEDED', 200]);
    // The Partner Program ledger takes refunded cents from the days after the latest refund.
    expect(charge.lastRefundedAt?.toISOString()).toBe(at(2).toISOString());
    await apply(refunded(chargeId, 500, at(3)));
    charge = await db.em().findOneOrFail(Charge, { providerChargeId: chargeId });
    expect([charge.status, charge.amountRefunded, charge.refundedAt?.toISOString()]).toEqual([
      'REFUNDED',
      500,
      at(3).toISOString(),
    ]);
    expect(charge.lastRefundedAt?.toISOString()).toBe(at(3).toISOString());
    const receipt = await (await as(user)).membership.receipt({ chargeId: charge.id });
    expect(receipt).toMatchObject({ status: 'REFUNDED', amount: 500, amountRefunded: 500, currency: 'USD' });
  });

  it('a refund finds a charge its invoice named only by payment intent', async () => {
    const user = await buildUser(db.em());
    const sub = unique('sub');
    await apply(checkout(user, sub, T0));
    const paymentIntentId = unique('pi');
    const paid = { ...invoice('invoice.paid', sub, T0), chargeId: null, paymentIntentId } as PaymentEvent;
    await apply(paid);
    await apply({ ...refunded(unique('ch'), 500, at(1)), paymentIntentId } as PaymentEvent);
    const charge = await db.em().findOneOrFail(Charge, { providerChargeId: paymentIntentId });
    expect(charge.status).toBe('REFUNDED');
  });

  it('a replayed event is a no-op', async () => {
    const { user, sub } = await subscribed();
    const renewal = invoice('invoice.paid', sub, at(30), { periodEnd: at(60) });
    expect(await apply(renewal)).toBe('applied');
    expect(await apply(renewal)).toBe('duplicate');
    expect(await db.em().count(Charge, { user: user.id })).toBe(2);
    expect(await db.em().count(PaymentEventRecord, { providerEventId: renewal.id })).toBe(1);
  });

  it('two concurrent deliveries of the same event apply once', async () => {
    const user = await buildUser(db.em());
    const sub = unique('sub');
    const event = checkout(user, sub, T0);
    const paid = invoice('invoice.paid', sub, T0);
    const outcomes = await Promise.all([apply(event), apply(event)]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const paidOutcomes = await Promise.all([apply(paid), apply(paid)]);
    expect(paidOutcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await db.em().count(Membership, { user: user.id })).toBe(1);
    expect(await db.em().count(Charge, { user: user.id })).toBe(1);
  });

  it('a checkout and its subscription event delivered at once both apply, without a deadlock', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await buildUser(db.em());
        const sub = unique('sub');
        const s = state(sub, { customerId: `cus_${user.id}`, metadata: { userId: user.id } });
        return { user, sub, events: [checkout(user, sub, T0), updated(s, at(0.001))] };
      }),
    );
    // Both orders of taking the locks run together: a lock-order inversion would deadlock one of them.
    const outcomes = await Promise.all(pairs.flatMap((p) => p.events.map((e) => apply(e))));
    expect(outcomes.every((o) => o === 'applied')).toBe(true);
    for (const { user } of pairs) {
      expect(await db.em().count(Membership, { user: user.id })).toBe(1);
      expect(Number((await reload(user)).mediumMemberAt)).toBeGreaterThan(0);
    }
  });

  it('stores a customer id twice at once without an error (a double click, a checkout and its webhook)', async () => {
    const user = await buildUser(db.em());
    const customerId = `cus_${user.id}`;
    // The first transaction holds its new row uncommitted while the second stores the same pair.
    const first = db
      .em()
      .fork()
      .transactional(async (em) => {
        await rememberCustomer(em, user.id, 'STRIPE', customerId);
        await em.execute('select pg_sleep(0.3)');
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = db
      .em()
      .fork()
      .transactional((em) => rememberCustomer(em, user.id, 'STRIPE', customerId));
    await Promise.all([first, second]);
    expect(await db.em().count(PaymentCustomer, { user: user.id, provider: 'STRIPE', customerId })).toBe(1);
    // A new id at the provider moves the row.
    await db
      .em()
      .fork()
      .transactional((em) => rememberCustomer(em, user.id, 'STRIPE', `${customerId}_2`));
    expect(await db.em().findOneOrFail(PaymentCustomer, { user: user.id }, { refresh: true })).toMatchObject({
      customerId: `${customerId}_2`,
    });
  });

  it('an error while applying leaves nothing written, and the redelivery applies', async () => {
    const user = await buildUser(db.em());
    const sub = unique('sub');
    const event = checkout(user, sub, T0);
    const failing = async (): Promise<SubscriptionState> => {
      throw new Error('provider unavailable');
    };
    await expect(apply(event, { getSubscription: failing })).rejects.toThrow('provider unavailable');
    expect(await db.em().count(PaymentEventRecord, { providerEventId: event.id })).toBe(0);
    expect(await db.em().count(Membership, { user: user.id })).toBe(0);
    expect(await db.em().count(PaymentCustomer, { user: user.id })).toBe(0);
    expect(Number((await reload(user)).mediumMemberAt)).toBe(0);
    expect(await apply(event)).toBe('applied');
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
  });
});

describe('events out of order', () => {
  it("a trial's subscription event from before its checkout is not overridden by the checkout", async () => {
    const user = await buildUser(db.em());
    const sub = unique('sub');
    const trialing = state(sub, {
      status: 'trialing',
      metadata: { userId: user.id },
      currentPeriodEnd: at(7),
    });
    expect(await apply(updated(trialing, T0))).toBe('applied');
    expect(await apply(checkout(user, sub, at(0.01)))).toBe('applied');
    expect((await membershipOf(sub)).status).toBe('TRIALING');
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    expect(await db.em().count(Membership, { user: user.id })).toBe(1);
  });

  it('an older subscription event does not undo a newer one', async () => {
    const { user, sub } = await subscribed();
    await apply(updated(state(sub, { cancelAtPeriodEnd: true }), at(12)));
    expect(await apply(updated(state(sub, { cancelAtPeriodEnd: false }), at(11)))).toBe('stale');
    expect((await membershipOf(sub)).cancelAtPeriodEnd).toBe(true);
    // A late failure report does not make a member past due after the state moved on.
    expect(await apply(invoice('invoice.payment_failed', sub, at(11), { periodEnd: null }))).toBe('stale');
    expect((await membershipOf(sub)).status).toBe('ACTIVE');
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
  });

  it("an older event is reconciled from the provider's current state when it can be asked", async () => {
    const { sub } = await subscribed();
    await apply(updated(state(sub, { status: 'past_due' }), at(31)));
    let asked = 0;
    const getSubscription = async (id: string) => {
      asked++;
      return state(id, { status: 'active', priceId: 'yearly-usd', currentPeriodEnd: at(395) });
    };
    expect(await apply(updated(state(sub, { status: 'active' }), at(20)), { getSubscription })).toBe(
      'applied',
    );
    expect(asked).toBe(1);
    const m = await membershipOf(sub);
    expect([m.status, m.plan?.code, m.currentPeriodEnd?.toISOString()]).toEqual([
      'ACTIVE',
      'yearly-usd',
      at(395).toISOString(),
    ]);
  });

  it('an end reported before the checkout, and invoices before their subscription, end in the right state', async () => {
    const user = await buildUser(db.em());
    const sub = unique('sub');
    const chargeId = unique('ch');
    // The invoice and a refund of it arrive before the checkout that names the reader.
    expect(await apply(invoice('invoice.paid', sub, at(0.1), { chargeId }))).toBe('deferred');
    expect(await apply(refunded(chargeId, 500, at(0.2)))).toBe('deferred');
    expect(await apply(checkout(user, sub, T0))).toBe('applied');
    const charge = await db.em().findOneOrFail(Charge, { providerChargeId: chargeId });
    expect([charge.status, charge.last4]).toEqual(['REFUNDED', '4242']);
    expect(Number((await reload(user)).mediumMemberAt)).toBe(T0.getTime());
    // The subscription's end, then a stale update from before it: still ended.
    await apply(deleted(state(sub, { status: 'canceled', endedAt: at(3) }), at(3)));
    expect(await apply(updated(state(sub), at(1)))).toBe('stale');
    expect((await membershipOf(sub)).status).toBe('CANCELED');
    const after = await reload(user);
    expect([Number(after.mediumMemberAt), after.hasPastMemberships]).toEqual([0, true]);
  });
});

describe('membership procedures', () => {
  it('plans come in USD, or CAD for Canada, with the yearly discount for a reader who was never a member', async () => {
    const usd = await (await as(null, 'US')).membership.plans();
    expect(usd.currency).toBe('USD');
    expect(usd.isMembershipTrialEligible).toBe(true);
    expect(usd.plans.map((p) => [p.code, p.amount, p.discount, p.firstAmount])).toEqual([
      ['monthly-usd', 500, 'NO_DISCOUNT', 500],
      ['yearly-usd', 5000, 'FIFTY_PERCENT_OFF_ONE_YEAR', 2500],
    ]);
    const cad = await (await as(null, 'CA')).membership.plans();
    expect(cad.plans.map((p) => [p.code, p.amount, p.price])).toEqual([
      ['monthly-cad', 700, 'CA$7.00'],
      ['yearly-cad', 7000, 'CA$70.00'],
    ]);
    const unknown = await (await as(null, null)).membership.plans();
    expect(unknown.currency).toBe('USD');
    const { user } = await subscribed();
    const member = await (await as(user, 'CA')).membership.plans();
    expect(member.isMembershipTrialEligible).toBe(false);
    expect(member.plans.map((p) => p.discount)).toEqual(['NO_DISCOUNT', 'NO_DISCOUNT']);
  });

  it('a price change from configuration updates the plan in place, keeping its id', async () => {
    const before = await (await as(null, 'CA')).membership.plans();
    const changed = defaultPlanSettings().map((p) =>
      p.currency === 'CAD' && p.period === 'MONTHLY' ? { ...p, amount: 800 } : p,
    );
    await syncPlans(db.em(), changed);
    const after = await (await as(null, 'CA')).membership.plans();
    expect(after.plans.map((p) => [p.id, p.amount])).toEqual([
      [before.plans[0]!.id, 800],
      [before.plans[1]!.id, 7000],
    ]);
    await syncPlans(db.em(), defaultPlanSettings());
  });

  it("receipt answers one's own charge and refuses another user's", async () => {
    const { user } = await subscribed();
    const other = await buildUser(db.em());
    const [charge] = await db.em().find(Charge, { user: user.id });
    const own = await (await as(user)).membership.receipt({ chargeId: charge!.id });
    expect(own).toMatchObject({
      id: charge!.id,
      status: 'SUCCEEDED',
      amount: 500,
      plan: { code: 'monthly-usd' },
    });
    expect(own.receiptNumber).toMatch(/^Q-20261101-/);
    await expect((await as(other)).membership.receipt({ chargeId: charge!.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect((await as(null)).membership.receipt({ chargeId: charge!.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect((await as(user)).membership.receipt({ chargeId: 'ffffffffffff' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This receipt does not exist.',
    });
    await expect((await as(user)).membership.receipt({ chargeId: 'not an id' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('billing history pages newest first without repeating a charge', async () => {
    const { user, sub } = await subscribed();
    await apply(invoice('invoice.paid', sub, at(30), { periodEnd: at(60) }));
    await apply(invoice('invoice.paid', sub, at(60), { periodEnd: at(90) }));
    const caller = await as(user);
    const first = await caller.membership.billingHistory({ limit: 2 });
    expect(first.charges.map((c) => c.createdAt)).toEqual([at(60).toISOString(), at(30).toISOString()]);
    expect(first.next).not.toBeNull();
    const second = await caller.membership.billingHistory({ limit: 2, cursor: first.next });
    expect(second.charges.map((c) => c.createdAt)).toEqual([T0.toISOString()]);
    expect(second.next).toBeNull();
    await expect(caller.membership.billingHistory({ limit: 500 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const stranger = await (await as(await buildUser(db.em()))).membership.current();
    expect(stranger).toMatchObject({ isMember: false, membership: null });
  });
});
