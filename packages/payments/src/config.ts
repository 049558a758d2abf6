import { randomBytes } from 'node:crypto';
import { DevProvider, type DevProviderState } from './dev';
import { StripeProvider, type StripeProviderOptions } from './stripe';

export interface PaymentConfig {
  /** STRIPE_SECRET_KEY: with the webhook secret, payments go to Stripe. */
  stripeSecretKey?: string | null;
  /** STRIPE_WEBHOOK_SECRET. */
  stripeWebhookSecret?: string | null;
  /** Public origin (PUBLIC_URL), for the dev provider's test checkout page. */
  publicUrl?: string | null;
  /** Signs the dev provider's webhooks; a fresh random one per process when absent. */
  devWebhookSecret?: string | null;
  /** A dev provider snapshot to restore. */
  devState?: DevProviderState;
  /** Stripe options beyond the keys (another API host in tests, a coupon of the account's own). */
  stripe?: Omit<StripeProviderOptions, 'secretKey' | 'webhookSecret'>;
}

/** Reads the payment settings from the environment (README, Configuration). */
export function paymentConfigFromEnv(env: Record<string, string | undefined> = process.env): PaymentConfig {
  return {
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    publicUrl: env.PUBLIC_URL || null,
  };
}

/** Stripe when both Stripe secrets are set; the labelled dev provider when neither is; an error for half a setup. */
export function createPaymentProvider(config: PaymentConfig): StripeProvider | DevProvider {
  const { stripeSecretKey, stripeWebhookSecret } = config;
  if (stripeSecretKey && stripeWebhookSecret) {
    return new StripeProvider({
      ...config.stripe,
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
    });
  }
  // Half a Stripe setup would otherwise fall back to the dev provider and take no money, silently.
  if (stripeSecretKey)
    throw new Error(
      'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: set both, or neither for test mode.',
    );
  if (stripeWebhookSecret)
    throw new Error(
      'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: set both, or neither for test mode.',
    );
  return new DevProvider({
    webhookSecret: config.devWebhookSecret || randomBytes(32).toString('hex'),
    ...(config.publicUrl ? { baseUrl: config.publicUrl } : {}),
    ...(config.devState ? { state: config.devState } : {}),
  });
}
