import { describe, expect, it } from 'vitest';
import {
  type CheckoutRequest,
  DevCheckoutError,
  DevProvider,
  type PaymentEvent,
  WebhookSignatureError,
} from '../src';

const good = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
let clock = new Date('2027-03-01T10:00:00Z');
const make = (options: Partial<ConstructorParameters<typeof DevProvider>[0]> = {}) =>
  new DevProvider({
    webhookSecret: 'dev-secret',
    baseUrl: 'http://localhost:3000/',
    now: () => clock,
    ...options,
  });

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  mode: 'subscription',
  userId: 'u1',
  email: 'reader@example.com',
  price: { planCode: 'member-monthly-usd', period: 'MONTHLY', currency: 'USD', amount: 500 },
  successUrl: 'http://localhost:3000/welcome-member',
  cancelUrl: 'http://localhost:3000/plans',
  metadata: { referrerUserId: 'r1' },
  idempotencyKey: 'k1',
  ...overrides,
});

const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof WebhookSignatureError ? error.reason : error;
  }
  return 'accepted';
};

describe('DevProvider', () => {
  it('is test mode and sends the reader to the local test checkout page, once per idempotency key', async () => {
    const dev = make();
    expect(dev.isTestMode).toBe(true);
    const session = await dev.createCheckout(request());
    expect(session.url).toBe(`http://localhost:3000/payment/test-checkout?session=${session.id}`);
    expect(await dev.createCheckout(request())).toEqual(session);
    expect(Object.keys(dev.snapshot().sessions)).toEqual([session.id]);
    expect((await dev.createCheckout(request({ idempotencyKey: 'k2' }))).id).not.toBe(session.id);
  });

  it('completes a membership with the good card: events that verify and parse back as they were', async () => {
    const dev = make();
    const session = await dev.createCheckout(request({ discount: 'FIFTY_PERCENT_OFF_ONE_YEAR' }));
    const { events, payloads } = dev.completeCheckout(session.id, good);
    expect(events.map((e) => e.type)).toEqual(['checkout.completed', 'subscription.updated', 'invoice.paid']);
    expect(payloads.map((p) => dev.parseWebhook(p.body, p.signature))).toEqual(events);
    const [completed, updated, paid] = events as [PaymentEvent, PaymentEvent, PaymentEvent];
    expect(completed).toMatchObject({
      mode: 'subscription',
      amount: 250,
      currency: 'USD',
      metadata: { referrerUserId: 'r1' },
    });
    const subscriptionId = (completed as { subscriptionId: string }).subscriptionId;
    expect(updated).toMatchObject({
      subscription: {
        id: subscriptionId,
        status: 'active',
        priceId: 'member-monthly-usd',
        currentPeriodEnd: new Date('2027-04-01T10:00:00Z'),
      },
    });
    expect(paid).toMatchObject({
      amount: 250,
      card: { brand: 'VISA', last4: '4242' },
      periodEnd: new Date('2027-04-01T10:00:00Z'),
    });
    expect(await dev.getSubscription(subscriptionId)).toEqual(
      (updated as { subscription: unknown }).subscription,
    );
    expect(() => dev.completeCheckout(session.id, good)).toThrow(DevCheckoutError);
  });

  it('declines 4000 0000 0000 0002 with a clear error and leaves the checkout open', async () => {
    const dev = make();
    const session = await dev.createCheckout(request());
    const declined = { ...good, number: '4000 0000 0000 0002' };
    expect(() => dev.completeCheckout(session.id, declined)).toThrow('Your card was declined.');
    expect(() => dev.completeCheckout(session.id, { ...good, number: '4111 1111 1111 1111' })).toThrow(
      /test card/,
    );
    expect(() => dev.completeCheckout(session.id, { ...good, expYear: 2026 })).toThrow(
      'Your card has expired.',
    );
    expect(dev.session(session.id)?.status).toBe('open');
    expect(dev.completeCheckout(session.id, good).events).toHaveLength(3);
  });

  it('sells a group gift as one charge that can be refunded', async () => {
    const dev = make();
    const session = await dev.createCheckout(
      request({
        mode: 'gift',
        quantity: 3,
        price: { planCode: 'gift-yearly', period: 'YEARLY', currency: 'CAD', amount: 6000 },
        metadata: { giftId: 'g1' },
      }),
    );
    const [completed] = dev.completeCheckout(session.id, {
      ...good,
      number: '378282246310005',
      cvc: '1234',
    }).events;
    expect(completed).toMatchObject({
      type: 'checkout.completed',
      mode: 'gift',
      amount: 18000,
      currency: 'CAD',
      subscriptionId: null,
    });
    const chargeId = (completed as { chargeId: string }).chargeId;
    const { events, payloads } = dev.refund(chargeId);
    expect(events).toMatchObject([{ type: 'charge.refunded', chargeId, amountRefunded: 18000 }]);
    expect(dev.parseWebhook(payloads[0]!.body, payloads[0]!.signature)).toEqual(events[0]);
  });

  it('trials, renews, fails, cancels, resumes and changes plan like the real provider', async () => {
    const dev = make();
    const session = await dev.createCheckout(request({ trialDays: 7 }));
    const [completed, trialing, invoice] = dev.completeCheckout(session.id, good).events;
    expect(completed).toMatchObject({ amount: 0 });
    expect(trialing).toMatchObject({
      subscription: { status: 'trialing', currentPeriodEnd: new Date('2027-03-08T10:00:00Z') },
    });
    expect(invoice).toMatchObject({ type: 'invoice.paid', amount: 0, chargeId: null });
    const id = (completed as { subscriptionId: string }).subscriptionId;

    expect(dev.renew(id).events).toMatchObject([
      {
        type: 'subscription.updated',
        subscription: { status: 'active', currentPeriodEnd: new Date('2027-04-08T10:00:00Z') },
      },
      { type: 'invoice.paid', amount: 500 },
    ]);
    const changed = await dev.changePlan(
      id,
      { planCode: 'member-yearly-usd', period: 'YEARLY', currency: 'USD', amount: 5000 },
      'c1',
    );
    expect(changed).toMatchObject({
      priceId: 'member-yearly-usd',
      currentPeriodEnd: new Date('2027-04-08T10:00:00Z'),
    });
    expect(dev.failPayment(id).events).toMatchObject([
      { type: 'invoice.payment_failed', amount: 5000 },
      { type: 'subscription.updated', subscription: { status: 'past_due' } },
    ]);
    expect(await dev.setCancelAtPeriodEnd(id, true, 'x1')).toMatchObject({ cancelAtPeriodEnd: true });
    // The same key answers as it did the first time, even after a resume.
    expect(await dev.setCancelAtPeriodEnd(id, false, 'x2')).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await dev.setCancelAtPeriodEnd(id, true, 'x1')).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await dev.getSubscription(id)).cancelAtPeriodEnd).toBe(false);
    await dev.setCancelAtPeriodEnd(id, true, 'x3');
    expect(dev.renew(id).events).toMatchObject([
      { type: 'subscription.deleted', subscription: { status: 'canceled' } },
    ]);
    expect(await dev.billingPortalUrl()).toBeNull();
  });

  it('refuses payloads without a signature, forged, signed with another secret or too old', async () => {
    const dev = make();
    const session = await dev.createCheckout(request());
    const [payload] = dev.completeCheckout(session.id, good).payloads as [
      { body: string; signature: string },
    ];
    expect(reason(() => dev.parseWebhook(payload.body, undefined))).toBe('missing');
    expect(
      reason(() => dev.parseWebhook(payload.body.replace('"amount":500', '"amount":1'), payload.signature)),
    ).toBe('invalid');
    expect(reason(() => dev.parseWebhook(payload.body, 'garbage'))).toBe('invalid');
    expect(reason(() => make({ webhookSecret: 'other' }).parseWebhook(payload.body, payload.signature))).toBe(
      'invalid',
    );
    expect(reason(() => dev.parseWebhook(Buffer.from(payload.body), payload.signature))).toBe('accepted');
    const later = clock;
    clock = new Date(later.getTime() + 10 * 60_000);
    try {
      expect(reason(() => dev.parseWebhook(payload.body, payload.signature))).toBe('invalid');
    } finally {
      clock = later;
    }
  });

  it('restores from a JSON snapshot', async () => {
    const dev = make();
    const session = await dev.createCheckout(request());
    const restored = make({ state: JSON.parse(JSON.stringify(dev.snapshot())) });
    expect(await restored.createCheckout(request())).toEqual(session);
    expect(restored.completeCheckout(session.id, good).events).toHaveLength(3);
  });
});
