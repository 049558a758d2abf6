import { defaultPlanSettings, syncPlans } from '@quire/api';
import { Charge, Membership, PaymentCustomer, PaymentEventRecord, User } from '@quire/db';
import { type FakeStripe, type SignedEvent, startFakeStripe } from '@quire/payments/testing';
import { buildSession, buildUser } from '@quire/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../src/stripe-webhook';
import { authHeaders, useTestApp } from './helpers';

/*
 * Stripe end to end against the local fake: the server's StripeProvider is pointed at it through its
 * configuration (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL), the procedures are called over
 * HTTP, and the webhooks the fake signs are posted to the route as Stripe would post them.
 */

let fake: FakeStripe;
const settings: Record<string, string> = { PAGE_CACHE_FRESH_MS: '0' };
beforeAll(async () => {
  fake = await startFakeStripe();
  Object.assign(settings, {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
  });
});
afterAll(() => fake?.stop());

const t = useTestApp(undefined, settings);

beforeAll(async () => {
  await syncPlans(t.db.em(), defaultPlanSettings());
});

const webhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

/** Posts each event as Stripe would; every one must be taken (200). */
async function deliver(events: SignedEvent[]) {
  const outcomes: string[] = [];
  for (const event of events) {
    const res = await webhook(event.body, event.signature);
    expect(res.statusCode, res.body).toBe(200);
    outcomes.push(res.json().outcome);
  }
  return outcomes;
}

const mutate = (token: string, path: string, input: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: input as object,
    headers: authHeaders(token),
  });

const query = (token: string, path: string, input?: unknown) =>
  t.app.inject({
    method: 'GET',
    url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers: authHeaders(token),
  });

let sequence = 0;
const requestId = () => `req-${Date.now().toString(36)}-${(sequence++).toString().padStart(4, '0')}`;

async function reader() {
  const user = await buildUser(t.db.em());
  return { user, token: await buildSession(t.db.em(), user) };
}

const fresh = (user: User) => t.db.em().findOneOrFail(User, user.id);
const membershipOf = (user: User) =>
  t.db.em().findOneOrFail(Membership, { user: user.id }, { populate: ['plan'] });
const sessionIdOf = (url: string) => url.split('/').pop()!;
const checkoutsCreated = () =>
  fake.state.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && !r.replayed)
    .length;

/** A reader who checked out the monthly plan and paid; the webhooks delivered. */
async function subscribed() {
  const who = await reader();
  const res = await mutate(who.token, 'membership.checkout', {
    planCode: 'monthly-usd',
    requestId: requestId(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const events = fake.complete(sessionIdOf(res.json().result.data.url));
  await deliver(events);
  const m = await membershipOf(who.user);
  return { ...who, events, subscriptionId: m.providerSubscriptionId! };
}

describe('checkout at Stripe', () => {
  it('creates one session for a double request, at the server price, with the metadata the webhook needs', async () => {
    const { user, token } = await reader();
    const writer = await buildUser(t.db.em());
    const before = checkoutsCreated();
    const id = requestId();
    const input = { planCode: 'monthly-usd', requestId: id, referrer: writer.username };
    const [first, second] = await Promise.all([
      mutate(token, 'membership.checkout', input),
      mutate(token, 'membership.checkout', input),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().result.data.url).toBe(first.json().result.data.url);
    expect(checkoutsCreated() - before).toBe(1);
    const url: string = first.json().result.data.url;
    expect(url.startsWith(fake.url)).toBe(true);
    const session = fake.state.sessions.get(sessionIdOf(url))!;
    expect(session.metadata).toMatchObject({
      userId: user.id,
      planCode: 'monthly-usd',
      referrerUserId: writer.id,
    });
    expect(session.amount_total).toBe(500);
    const order = fake.state.orders.get(session.id)!;
    expect(order.price).toMatchObject({
      unit_amount: 500,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const keys = fake.state.requests
      .filter((r) => r.path === '/v1/checkout/sessions')
      .map((r) => r.idempotencyKey);
    expect(keys).toContain(`membership-checkout:${user.id}:${id}:monthly-usd:${writer.id}`);
    // The customer is remembered for the next checkout.
    expect(await t.db.em().findOne(PaymentCustomer, { user: user.id, provider: 'STRIPE' })).toMatchObject({
      customerId: session.customer,
    });
  });

  it('refuses a plan the server does not sell, with a 400 and no call to Stripe', async () => {
    const { token } = await reader();
    const before = fake.state.requests.length;
    const res = await mutate(token, 'membership.checkout', {
      planCode: 'monthly-eur',
      requestId: requestId(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This plan is not available. Choose one of the plans on the membership page.',
    );
    expect(fake.state.requests.length).toBe(before);
  });
});

describe('the Stripe webhook (POST /_/stripe/webhook)', () => {
  it('makes a member on checkout.session.completed, with the charge and card that invoice.paid no longer names', async () => {
    const { user, token, events } = await subscribed();
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(Number((await fresh(user)).mediumMemberAt)).toBeGreaterThan(0);
    const current = (await query(token, 'membership.current')).json().result.data;
    expect(current.membership).toMatchObject({
      status: 'ACTIVE',
      provider: 'STRIPE',
      plan: { code: 'monthly-usd' },
      card: { brand: 'VISA', last4: '4242' },
    });
    const [charge] = await t.db.em().find(Charge, { user: user.id });
    expect(charge).toMatchObject({ amount: 500, status: 'SUCCEEDED', cardBrand: 'VISA', last4: '4242' });
    expect(charge!.providerChargeId).toMatch(/^ch_/);
  });

  it('answers a replayed event with 200 and changes nothing', async () => {
    const { user, events } = await subscribed();
    const rows = await t.db.em().count(PaymentEventRecord, {});
    const charges = await t.db.em().count(Charge, { user: user.id });
    const invoicePayments = fake.state.requests.filter((r) => r.path.startsWith('/v1/invoices/')).length;
    for (const event of events) {
      const res = await webhook(event.body, event.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('duplicate');
    }
    expect(await t.db.em().count(PaymentEventRecord, {})).toBe(rows);
    expect(await t.db.em().count(Charge, { user: user.id })).toBe(charges);
    // A replay does not ask Stripe about the invoice again.
    expect(fake.state.requests.filter((r) => r.path.startsWith('/v1/invoices/')).length).toBe(
      invoicePayments,
    );
  });

  it('renews: the period moves on and the renewal is a second charge', async () => {
    const { user, subscriptionId } = await subscribed();
    const before = (await membershipOf(user)).currentPeriodEnd!;
    await deliver(fake.renew(subscriptionId));
    const m = await membershipOf(user);
    expect(m.status).toBe('ACTIVE');
    expect(m.currentPeriodEnd!.getTime()).toBeGreaterThan(before.getTime());
    expect(await t.db.em().count(Charge, { user: user.id, status: 'SUCCEEDED' })).toBe(2);
  });

  it('keeps a member through a failed payment (grace period) and makes them active again when it is paid', async () => {
    const { user, token, subscriptionId } = await subscribed();
    const failed = fake.failPayment(subscriptionId);
    await deliver(failed);
    expect((await membershipOf(user)).status).toBe('PAST_DUE');
    expect(Number((await fresh(user)).mediumMemberAt)).toBeGreaterThan(0);
    const current = (await query(token, 'membership.current')).json().result.data;
    expect(current.membership.paymentFailedAt).not.toBeNull();

    // The reader updates their card; Stripe retries and the invoice is paid.
    const invoiceId = failed.find((e) => e.type === 'invoice.payment_failed')!.event.data.object as {
      id: string;
    };
    const invoice = fake.state.invoices.get(invoiceId.id)!;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
    const subscription = fake.state.subscriptions.get(subscriptionId)!;
    subscription.status = 'active';
    await deliver([
      fake.signedEvent('invoice.paid', invoice),
      fake.signedEvent('customer.subscription.updated', subscription),
    ]);
    const m = await membershipOf(user);
    expect([m.status, m.pastDueAt]).toEqual(['ACTIVE', null]);
    expect(Number((await fresh(user)).mediumMemberAt)).toBeGreaterThan(0);
  });

  it('cancels at the period end and resumes through the procedures, at Stripe and here', async () => {
    const { user, token, subscriptionId } = await subscribed();
    const canceled = await mutate(token, 'membership.cancel', { requestId: requestId() });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().result.data.membership).toMatchObject({
      cancelAtPeriodEnd: true,
      nextChargeDate: null,
    });
    expect(fake.state.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    // Stripe's own notice of the change arrives after; it agrees.
    await deliver([fake.state.events.at(-1)!]);
    expect((await membershipOf(user)).cancelAtPeriodEnd).toBe(true);

    const resumed = await mutate(token, 'membership.resume', { requestId: requestId() });
    expect(resumed.json().result.data.membership.cancelAtPeriodEnd).toBe(false);
    expect(fake.state.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    await deliver([fake.state.events.at(-1)!]);
    expect((await membershipOf(user)).cancelAtPeriodEnd).toBe(false);

    // Canceled again, the period ends: the subscription is deleted and the membership ends.
    await mutate(token, 'membership.cancel', { requestId: requestId() });
    await deliver(fake.renew(subscriptionId));
    expect((await membershipOf(user)).status).toBe('CANCELED');
    expect(Number((await fresh(user)).mediumMemberAt)).toBe(0);
    expect((await fresh(user)).hasPastMemberships).toBe(true);
  });

  it('changes the plan through the procedure, at Stripe and here; the portal opens at Stripe', async () => {
    const { user, token, subscriptionId } = await subscribed();
    const res = await mutate(token, 'membership.changePlan', {
      planCode: 'yearly-usd',
      requestId: requestId(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.membership.plan.code).toBe('yearly-usd');
    const item = fake.state.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 5000, recurring: { interval: 'year' } });
    await deliver([fake.state.events.at(-1)!]);
    expect((await membershipOf(user)).plan?.code).toBe('yearly-usd');

    const portal = await mutate(token, 'membership.paymentPortal', { requestId: requestId() });
    expect(portal.json().result.data.url).toMatch(new RegExp(`^${fake.url}/p/session/`));
  });

  it('records a refund of a charge', async () => {
    const { user } = await subscribed();
    const charge = await t.db.em().findOneOrFail(Charge, { user: user.id });
    await deliver(fake.refund(charge.providerChargeId!));
    const refunded = await t.db.em().findOneOrFail(Charge, { id: charge.id });
    expect([refunded.status, refunded.amountRefunded]).toEqual(['REFUNDED', 500]);
  });

  it('applies events that arrive out of order', async () => {
    const { user, token } = await reader();
    const res = await mutate(token, 'membership.checkout', {
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const events = fake.complete(sessionIdOf(res.json().result.data.url));
    // The invoice first (about a subscription not known yet), the checkout last.
    const outcomes = await deliver([...events].reverse());
    expect(outcomes[0]).toBe('deferred');
    expect(Number((await fresh(user)).mediumMemberAt)).toBeGreaterThan(0);
    expect((await membershipOf(user)).status).toBe('ACTIVE');
    expect(await t.db.em().count(Charge, { user: user.id, status: 'SUCCEEDED' })).toBe(1);
  });

  it('makes a member who paid, then failed a renewal, when the webhooks arrive only after the failure (grace period)', async () => {
    const { user, token } = await reader();
    const res = await mutate(token, 'membership.checkout', {
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const paid = fake.complete(sessionIdOf(res.json().result.data.url));
    const subscriptionId = (paid[1]!.event.data.object as { id: string }).id;
    const failed = fake.failPayment(subscriptionId);
    // A backlog delivered in order: the checkout already reads the subscription as past_due from Stripe.
    await deliver([...paid, ...failed]);
    expect((await membershipOf(user)).status).toBe('PAST_DUE');
    expect(await t.db.em().count(Charge, { user: user.id, status: 'SUCCEEDED' })).toBe(1);
    expect(Number((await fresh(user)).mediumMemberAt)).toBe(paid[2]!.event.created * 1000);
  });

  it('gives no membership for a subscription whose first payment failed', async () => {
    const { user, token } = await reader();
    const res = await mutate(token, 'membership.checkout', {
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const [completed, created] = fake.complete(sessionIdOf(res.json().result.data.url));
    const subscription = fake.state.subscriptions.get((created!.event.data.object as { id: string }).id)!;
    // Stripe's state for a subscription whose first payment did not go through.
    Object.assign(subscription, { status: 'incomplete' });
    await deliver([completed!, fake.signedEvent('customer.subscription.updated', subscription)]);
    expect((await membershipOf(user)).status).toBe('PAST_DUE');
    expect(Number((await fresh(user)).mediumMemberAt)).toBe(0);
  });

  it('answers 400 without a signature, 401 for a forged one, 200 for a type Quire ignores', async () => {
    const { user, token } = await reader();
    const res = await mutate(token, 'membership.checkout', {
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const [completed] = fake.complete(sessionIdOf(res.json().result.data.url));
    expect((await webhook(completed!.body)).statusCode).toBe(400);
    // The same signature over another body: someone claiming a payment.
    const forged = completed!.body.replace(user.id, 'ffffffffffff');
    expect((await webhook(forged, completed!.signature)).statusCode).toBe(401);
    expect((await webhook(completed!.body, 't=1,v1=00')).statusCode).toBe(401);
    expect(await t.db.em().count(Membership, { user: user.id })).toBe(0);
    expect(await t.db.em().count(PaymentEventRecord, { providerEventId: completed!.event.id })).toBe(0);

    const ignored = fake.signedEvent('customer.created', { id: 'cus_other', object: 'customer' });
    const answer = await webhook(ignored.body, ignored.signature);
    expect([answer.statusCode, answer.json()]).toEqual([200, { received: true, ignored: true }]);
    // A server-to-server call gets no visitor cookies.
    expect(answer.headers['set-cookie']).toBeUndefined();
    // The anti-forgery token is not asked of Stripe, and the real event still applies.
    expect((await webhook(completed!.body, completed!.signature)).statusCode).toBe(200);
  });

  it('answers 500 when applying fails, writes nothing, and applies the retry', async () => {
    const { user, token } = await reader();
    const res = await mutate(token, 'membership.checkout', {
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const [completed] = fake.complete(sessionIdOf(res.json().result.data.url));
    const session = completed!.event.data.object as { subscription: string };
    // Stripe cannot tell us about the subscription for a while: the handler fails.
    const subscription = fake.state.subscriptions.get(session.subscription)!;
    fake.state.subscriptions.delete(session.subscription);
    const failed = await webhook(completed!.body, completed!.signature);
    expect(failed.statusCode).toBe(500);
    expect(await t.db.em().count(PaymentEventRecord, { providerEventId: completed!.event.id })).toBe(0);
    expect(await t.db.em().count(Membership, { user: user.id })).toBe(0);
    expect(await t.db.em().count(PaymentCustomer, { user: user.id })).toBe(1);
    expect(Number((await fresh(user)).mediumMemberAt)).toBe(0);

    fake.state.subscriptions.set(subscription.id, subscription);
    expect((await webhook(completed!.body, completed!.signature)).statusCode).toBe(200);
    expect(Number((await fresh(user)).mediumMemberAt)).toBeGreaterThan(0);
  });
});
