import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutRequest, type PaymentEvent, WebhookSignatureError } from '../src';
import { DEFAULT_HALF_OFF_COUPON_ID, StripeProvider } from '../src/stripe';
import { type FakeStripe, startFakeStripe } from '../src/testing';

let fake: FakeStripe;
let provider: StripeProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripeProvider(fake.providerOptions);
});
afterAll(() => fake.stop());

let keys = 0;
const membership = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  mode: 'subscription',
  userId: `user-${++keys}`,
  email: `reader${keys}@example.com`,
  price: { planCode: 'member-monthly-usd', period: 'MONTHLY', currency: 'USD', amount: 500 },
  successUrl: 'http://localhost:3000/welcome-member',
  cancelUrl: 'http://localhost:3000/plans',
  metadata: { purpose: 'membership' },
  idempotencyKey: `checkout-${keys}`,
  ...overrides,
});

const parse = (signed: { body: string; signature: string }) =>
  provider.parseWebhook(signed.body, signed.signature);

async function paidMembership(overrides: Partial<CheckoutRequest> = {}) {
  const session = await provider.createCheckout(membership(overrides));
  const events = fake.complete(session.id).map(parse);
  const subscriptionId = (events[0] as Extract<PaymentEvent, { type: 'checkout.completed' }>).subscriptionId!;
  return { session, events, subscriptionId };
}

describe('StripeProvider checkout', () => {
  it('creates one customer and one session for a key sent twice', async () => {
    const request = membership();
    const first = await provider.createCheckout(request);
    const again = await provider.createCheckout(request);
    expect(again).toEqual(first);
    expect(first.url).toBe(`${fake.url}/c/pay/${first.id}`);
    expect(
      [...fake.state.sessions.values()].filter((s) => s.client_reference_id === request.userId),
    ).toHaveLength(1);
    const customers = [...fake.state.customers.values()].filter(
      (c) => c.metadata.quireUserId === request.userId,
    );
    expect(customers.map((c) => c.id)).toEqual([first.customerId]);
    const creates = fake.state.requests.filter(
      (r) => r.method === 'POST' && r.idempotencyKey?.startsWith(request.idempotencyKey),
    );
    expect(creates.map((r) => [r.path, r.replayed])).toEqual([
      ['/v1/customers', false],
      ['/v1/checkout/sessions', false],
      // The retry finds the customer by email; the session comes back from the key.
      ['/v1/checkout/sessions', true],
    ]);
  });

  it('reuses a stored customer, or the customer found by email, instead of creating another', async () => {
    const first = await provider.createCheckout(
      membership({ userId: 'user-reuse', email: 'reuse@example.com' }),
    );
    const stored = await provider.createCheckout(
      membership({ userId: 'user-reuse', email: null, customerId: first.customerId }),
    );
    const found = await provider.createCheckout(
      membership({ userId: 'user-reuse', email: 'reuse@example.com' }),
    );
    expect([stored.customerId, found.customerId]).toEqual([first.customerId, first.customerId]);
    expect([...fake.state.customers.values()].filter((c) => c.email === 'reuse@example.com')).toHaveLength(1);
  });

  it('prices a membership inline from the server plan, with the trial and the half-off coupon', async () => {
    const session = await provider.createCheckout(
      membership({
        trialDays: 14,
        discount: 'FIFTY_PERCENT_OFF_ONE_YEAR',
        metadata: { referrerUserId: 'u9' },
      }),
    );
    const order = fake.state.orders.get(session.id)!;
    expect(order.price).toMatchObject({
      unit_amount: 500,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    expect(order.trialDays).toBe(14);
    expect(order.coupon).toMatchObject({
      id: DEFAULT_HALF_OFF_COUPON_ID,
      percent_off: 50,
      duration: 'repeating',
      duration_in_months: 12,
    });
    expect(order.subscriptionMetadata).toEqual({ referrerUserId: 'u9', planCode: 'member-monthly-usd' });
    expect(fake.state.sessions.get(session.id)!.amount_total).toBe(250);
    // The coupon is created once, then found.
    await provider.createCheckout(membership({ discount: 'FIFTY_PERCENT_OFF_ONE_YEAR' }));
    expect(fake.state.requests.filter((r) => r.path === '/v1/coupons')).toHaveLength(1);
  });

  it("uses the plan's Stripe price when one is configured", async () => {
    const price = fake.createPrice({ unitAmount: 5000, currency: 'usd', interval: 'year' });
    const session = await provider.createCheckout(
      membership({
        price: {
          planCode: 'member-yearly-usd',
          period: 'YEARLY',
          currency: 'USD',
          amount: 5000,
          providerPriceId: price.id,
        },
      }),
    );
    expect(fake.state.orders.get(session.id)!.price.id).toBe(price.id);
  });

  it('sells a group gift as one payment of N memberships', async () => {
    const session = await provider.createCheckout(
      membership({
        mode: 'gift',
        quantity: 3,
        price: { planCode: 'gift-yearly-usd', period: 'YEARLY', currency: 'USD', amount: 5000 },
        metadata: { giftId: 'g1' },
      }),
    );
    const stored = fake.state.sessions.get(session.id)!;
    expect(stored).toMatchObject({ mode: 'payment', amount_total: 15000 });
    expect(fake.state.orders.get(session.id)).toMatchObject({
      quantity: 3,
      paymentIntentMetadata: { giftId: 'g1' },
    });
    const [completed] = fake.complete(session.id).map(parse);
    expect(completed).toMatchObject({
      type: 'checkout.completed',
      provider: 'STRIPE',
      mode: 'gift',
      sessionId: session.id,
      subscriptionId: null,
      paymentIntentId: stored.payment_intent,
      amount: 15000,
      currency: 'USD',
      metadata: { giftId: 'g1' },
    });
  });
});

describe('StripeProvider subscriptions', () => {
  it('cancels at the period end and resumes, once per idempotency key', async () => {
    const { subscriptionId } = await paidMembership();
    const canceled = await provider.setCancelAtPeriodEnd(subscriptionId, true, 'cancel-1');
    expect(canceled).toMatchObject({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: true });
    await provider.setCancelAtPeriodEnd(subscriptionId, true, 'cancel-1');
    expect(fake.state.requests.filter((r) => r.idempotencyKey === 'cancel-1').map((r) => r.replayed)).toEqual(
      [false, true],
    );
    const resumed = await provider.setCancelAtPeriodEnd(subscriptionId, false, 'resume-1');
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect((await provider.getSubscription(subscriptionId)).cancelAtPeriodEnd).toBe(false);
  });

  it('changes the plan from the next period without prorating', async () => {
    const { subscriptionId } = await paidMembership();
    const before = await provider.getSubscription(subscriptionId);
    const after = await provider.changePlan(
      subscriptionId,
      { planCode: 'member-yearly-usd', period: 'YEARLY', currency: 'USD', amount: 5000 },
      'change-1',
    );
    expect(after.priceId).not.toBe(before.priceId);
    expect(after.currentPeriodEnd).toEqual(before.currentPeriodEnd);
    expect(after.metadata.planCode).toBe('member-yearly-usd');
    const update = fake.state.requests.find((r) => r.idempotencyKey === 'change-1');
    expect(update?.path).toBe(`/v1/subscriptions/${subscriptionId}`);
    const [, paid] = fake.renew(subscriptionId).map(parse);
    expect(paid).toMatchObject({ type: 'invoice.paid', amount: 5000 });
  });

  it('postpones the next charge with a trial until then, and renews as before afterwards', async () => {
    const { subscriptionId } = await paidMembership();
    const before = await provider.getSubscription(subscriptionId);
    const until = new Date(before.currentPeriodEnd!.getTime() + 365 * 86_400_000);
    const after = await provider.postponeRenewal(subscriptionId, until, 'postpone-1');
    expect(after).toMatchObject({ status: 'trialing', currentPeriodEnd: until, priceId: before.priceId });
    await provider.postponeRenewal(subscriptionId, until, 'postpone-1');
    expect(
      fake.state.requests.filter((r) => r.idempotencyKey === 'postpone-1').map((r) => r.replayed),
    ).toEqual([false, true]);
    // The next renewal is at the new date, at the plan's price.
    const [, paid] = fake.renew(subscriptionId).map(parse);
    expect(paid).toMatchObject({ type: 'invoice.paid', amount: 500 });
    expect((await provider.getSubscription(subscriptionId)).status).toBe('active');
  });

  it('reads the current period end from the subscription items', async () => {
    const { subscriptionId } = await paidMembership();
    const item = fake.state.subscriptions.get(subscriptionId)!.items.data[0]!;
    const state = await provider.getSubscription(subscriptionId);
    expect(state.currentPeriodEnd).toEqual(new Date(item.current_period_end * 1000));
    expect(state.priceId).toBe(item.price.id);
  });

  it('opens the billing portal for a customer', async () => {
    const { session } = await paidMembership();
    const url = await provider.billingPortalUrl(
      session.customerId!,
      'http://localhost:3000/me/settings',
      'billing-portal:test-1',
    );
    expect(url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    const request = fake.state.requests.findLast((r) => r.path === '/v1/billing_portal/sessions');
    expect(request?.idempotencyKey).toBe('billing-portal:test-1');
  });

  it('surfaces Stripe errors for an unknown subscription', async () => {
    await expect(provider.getSubscription('sub_missing')).rejects.toThrow(
      "No such subscription: 'sub_missing'",
    );
  });
});

describe('StripeProvider webhooks', () => {
  it('maps a paid checkout to checkout.completed, subscription.updated and invoice.paid', async () => {
    const { session, events, subscriptionId } = await paidMembership({ metadata: { referrerUserId: 'r1' } });
    const subscription = fake.state.subscriptions.get(subscriptionId)!;
    const invoice = fake.state.invoices.get(subscription.latest_invoice!)!;
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        createdAt: expect.any(Date),
        provider: 'STRIPE',
        type: 'checkout.completed',
        mode: 'subscription',
        sessionId: session.id,
        customerId: session.customerId,
        subscriptionId,
        chargeId: null,
        paymentIntentId: null,
        amount: 500,
        currency: 'USD',
        metadata: { referrerUserId: 'r1' },
      },
      {
        id: expect.stringMatching(/^evt_/),
        createdAt: expect.any(Date),
        provider: 'STRIPE',
        type: 'subscription.updated',
        subscription: {
          id: subscriptionId,
          customerId: session.customerId,
          status: 'active',
          priceId: subscription.items.data[0]!.price.id,
          currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
          cancelAtPeriodEnd: false,
          canceledAt: null,
          endedAt: null,
          metadata: { referrerUserId: 'r1', planCode: 'member-monthly-usd' },
        },
      },
      {
        id: expect.stringMatching(/^evt_/),
        createdAt: expect.any(Date),
        provider: 'STRIPE',
        type: 'invoice.paid',
        subscriptionId,
        customerId: session.customerId,
        invoiceId: invoice.id,
        // As in Stripe's own payloads since 2025-03-31: the invoice names no charge; invoicePayment() does.
        chargeId: null,
        paymentIntentId: null,
        amount: 500,
        currency: 'USD',
        card: null,
        periodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
      },
    ]);
  });

  it('maps a renewal, a failed payment, a refund and the end of a canceled subscription', async () => {
    const { subscriptionId } = await paidMembership();
    const [renewed, paid] = fake.renew(subscriptionId).map(parse);
    expect(renewed).toMatchObject({ type: 'subscription.updated', subscription: { status: 'active' } });
    const periodEnd = new Date(
      fake.state.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end * 1000,
    );
    expect(paid).toMatchObject({ type: 'invoice.paid', subscriptionId, amount: 500, periodEnd });

    const [failed, pastDue] = fake.failPayment(subscriptionId).map(parse);
    expect(failed).toMatchObject({
      type: 'invoice.payment_failed',
      subscriptionId,
      amount: 500,
      chargeId: null,
    });
    expect(pastDue).toMatchObject({ type: 'subscription.updated', subscription: { status: 'past_due' } });

    const { chargeId } = await provider.invoicePayment((paid as { invoiceId: string }).invoiceId);
    const [refunded] = fake.refund(chargeId!).map(parse);
    expect(refunded).toMatchObject({
      type: 'charge.refunded',
      chargeId,
      amountRefunded: 500,
      currency: 'USD',
    });

    await provider.setCancelAtPeriodEnd(subscriptionId, true, `cancel-${subscriptionId}`);
    const [ended] = fake.renew(subscriptionId).map(parse);
    expect(ended).toMatchObject({
      type: 'subscription.deleted',
      subscription: {
        id: subscriptionId,
        status: 'canceled',
        cancelAtPeriodEnd: true,
        endedAt: expect.any(Date),
      },
    });
  });

  it('finds the charge, payment intent and card that paid an invoice', async () => {
    const { subscriptionId } = await paidMembership();
    const invoiceId = fake.state.subscriptions.get(subscriptionId)!.latest_invoice!;
    const chargeId = fake.state.invoiceCharges.get(invoiceId)!;
    expect(await provider.invoicePayment(invoiceId)).toEqual({
      chargeId,
      paymentIntentId: fake.state.charges.get(chargeId)!.payment_intent,
      card: { brand: 'VISA', last4: '4242' },
    });
    const trial = await paidMembership({ trialDays: 7 });
    const trialInvoice = fake.state.subscriptions.get(trial.subscriptionId)!.latest_invoice!;
    expect(await provider.invoicePayment(trialInvoice)).toEqual({
      chargeId: null,
      paymentIntentId: null,
      card: null,
    });
  });

  it('maps customer.subscription.created to subscription.updated', () => {
    const created = fake.state.events.find((e) => e.type === 'customer.subscription.created')!;
    expect(parse(created)).toMatchObject({ type: 'subscription.updated' });
  });

  it('maps card brands from an invoice whose payments are included, unknown brands to UNKNOWN', () => {
    const invoice = structuredClone([...fake.state.invoices.values()].find((i) => i.amount_paid > 0)!);
    const charge = fake.state.charges.get(fake.state.invoiceCharges.get(invoice.id)!)!;
    const withBrand = (brand: string) => {
      const paidWith = {
        ...charge,
        payment_method_details: { type: 'card', card: { brand, last4: '0005' } },
      };
      const payment = {
        type: 'payment_intent',
        payment_intent: { id: charge.payment_intent, latest_charge: paidWith },
      };
      const payload = { ...invoice, payments: { object: 'list', data: [{ status: 'paid', payment }] } };
      return parse(fake.signedEvent('invoice.paid', payload));
    };
    expect(withBrand('amex')).toMatchObject({ card: { brand: 'AMEX', last4: '0005' } });
    expect(withBrand('mastercard')).toMatchObject({ card: { brand: 'MASTERCARD' } });
    expect(withBrand('cartes_bancaires')).toMatchObject({ card: { brand: 'UNKNOWN', last4: '0005' } });
  });

  it('ignores event types Quire does not handle', () => {
    expect(parse(fake.signedEvent('customer.created', { id: 'cus_x', object: 'customer' }))).toBeNull();
  });

  it('refuses a webhook without a signature, and one with a forged or stale signature', () => {
    const signed = fake.signedEvent('charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      amount_refunded: 1,
      currency: 'usd',
    });
    const reason = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof WebhookSignatureError ? error.reason : error;
      }
      return 'accepted';
    };
    expect(reason(() => provider.parseWebhook(signed.body, undefined))).toBe('missing');
    expect(reason(() => provider.parseWebhook(signed.body, ''))).toBe('missing');
    const forged = signed.signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect(reason(() => provider.parseWebhook(signed.body, forged))).toBe('invalid');
    expect(
      reason(() =>
        provider.parseWebhook(
          signed.body.replace('"amount_refunded":1', '"amount_refunded":9'),
          signed.signature,
        ),
      ),
    ).toBe('invalid');
    const other = new StripeProvider({ ...fake.providerOptions, webhookSecret: 'whsec_other' });
    expect(reason(() => other.parseWebhook(signed.body, signed.signature))).toBe('invalid');
    expect(reason(() => provider.parseWebhook(Buffer.from(signed.body), signed.signature))).toBe('accepted');
  });
});
