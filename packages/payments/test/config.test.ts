import { describe, expect, it } from 'vitest';
import { createPaymentProvider, DevProvider, paymentConfigFromEnv, StripeProvider } from '../src';

describe('createPaymentProvider', () => {
  it('uses Stripe when both Stripe secrets are set', () => {
    const provider = createPaymentProvider(
      paymentConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    );
    expect(provider).toBeInstanceOf(StripeProvider);
    expect(provider).toMatchObject({ name: 'STRIPE', isTestMode: false });
    expect(
      createPaymentProvider({ stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x' }).isTestMode,
    ).toBe(true);
  });

  it('uses the labelled dev provider when neither is set, with the checkout page on the public origin', async () => {
    const provider = createPaymentProvider(paymentConfigFromEnv({ PUBLIC_URL: 'https://quire.test' }));
    expect(provider).toBeInstanceOf(DevProvider);
    expect(provider.isTestMode).toBe(true);
    const session = await provider.createCheckout({
      mode: 'subscription',
      userId: 'u1',
      email: null,
      price: { planCode: 'm', period: 'MONTHLY', currency: 'USD', amount: 500 },
      successUrl: '/s',
      cancelUrl: '/c',
      metadata: {},
      idempotencyKey: 'k',
    });
    expect(session.url).toBe(`https://quire.test/payment/test-checkout?session=${session.id}`);
  });

  it('refuses half a Stripe setup rather than silently taking no money', () => {
    expect(() => createPaymentProvider({ stripeSecretKey: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => createPaymentProvider({ stripeWebhookSecret: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
