import type { CardBrand, Currency, PlanPeriod, PaymentProvider as ProviderName } from '@quire/domain';

/*
 * What Quire asks of a payment provider (Stripe, or the dev provider on a machine without a key), and the
 * provider-neutral events it reports back. Prices always come from the server's plans; a provider never
 * trusts an amount the client sent. Every call that creates something carries an idempotency key, so a
 * double click or a retried request creates one subscription, one charge.
 */

/** A plan as the provider sells it: the server's price, and the provider's own id for it when it has one. */
export interface PriceRef {
  planCode: string;
  period: PlanPeriod;
  currency: Exclude<Currency, 'NOT_APPLICABLE' | 'UNKNOWN'>;
  /** Cents. */
  amount: number;
  /** The provider's price id (Stripe `price_…`), when configured; otherwise the provider prices inline. */
  providerPriceId?: string | null;
}

export interface CheckoutRequest {
  /** 'subscription' for membership, 'gift' for a one-time gift or group-gift purchase. */
  mode: 'subscription' | 'gift';
  /** Our user id; the provider's customer is found or created for it. */
  userId: string;
  email: string | null;
  /** The provider's customer id, when we stored one already. */
  customerId?: string | null;
  price: PriceRef;
  /** Gifts: how many memberships (1 for a gift, N for a group gift). */
  quantity?: number;
  /** Spec §3 discounts. */
  discount?: 'FIFTY_PERCENT_OFF_ONE_YEAR' | 'NO_DISCOUNT';
  /** Days of free trial (0 or absent: none). */
  trialDays?: number;
  successUrl: string;
  cancelUrl: string;
  /** Carried through to the events, e.g. { giftId, referrerUserId }. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CheckoutSession {
  /** The provider's session id. */
  id: string;
  /** Where to send the reader to pay. */
  url: string;
  /** The provider's customer id (store it for next time). */
  customerId: string | null;
}

/** The card on file, as receipts and settings show it. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
}

/** The payment behind an invoice; nulls while it is unpaid. */
export interface InvoicePayment {
  chargeId: string | null;
  paymentIntentId: string | null;
  card: CardSummary | null;
}

/** Provider-neutral webhook events, each with the provider's event id (applied once) and its creation time. */
export type PaymentEvent = {
  /** The provider's event id: stored, so a replay is a no-op. */
  id: string;
  /** When the provider created the event (events can arrive out of order). */
  createdAt: Date;
  provider: ProviderName;
} & (
  | {
      type: 'checkout.completed';
      mode: 'subscription' | 'gift';
      sessionId: string;
      customerId: string | null;
      subscriptionId: string | null;
      /** One-time (gift) payments: the charge. */
      chargeId: string | null;
      /** One-time payments: the payment intent (Stripe names the charge only later; refunds carry both). */
      paymentIntentId?: string | null;
      amount: number;
      currency: string;
      metadata: Record<string, string>;
    }
  | {
      type: 'subscription.updated' | 'subscription.deleted';
      subscription: SubscriptionState;
    }
  | {
      type: 'invoice.paid' | 'invoice.payment_failed';
      subscriptionId: string;
      customerId: string | null;
      invoiceId: string;
      chargeId: string | null;
      /** The payment intent that paid or tried to pay the invoice, when the payload names it. */
      paymentIntentId?: string | null;
      amount: number;
      currency: string;
      card: CardSummary | null;
      /** The period the invoice pays for. */
      periodEnd: Date | null;
    }
  | {
      type: 'charge.refunded';
      chargeId: string;
      /** Links a refund to a gift whose checkout named only its payment intent. */
      paymentIntentId?: string | null;
      amountRefunded: number;
      currency: string;
    }
);

/** A subscription's current state at the provider: what out-of-order events are reconciled against. */
export interface SubscriptionState {
  id: string;
  customerId: string | null;
  status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired';
  /** The provider's price id or our plan code (dev provider). */
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  metadata: Record<string, string>;
}

/** A writer's connected account (Stripe Connect Express) as Quire reads it. */
export interface ConnectAccount {
  id: string;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** The writer finished the provider's onboarding form. */
  detailsSubmitted: boolean;
  /** The account can receive payouts to its bank. */
  payoutsEnabled: boolean;
  /** What the provider still needs (its requirement names), empty when nothing. */
  requirementsDue: string[];
}

export interface ConnectAccountRequest {
  /** Our user id, kept on the account's metadata. */
  userId: string;
  email: string | null;
  country: string;
  idempotencyKey: string;
}

/** A transfer of a writer's earnings to their connected account. */
export interface TransferRequest {
  accountId: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** The same key moves the money once, however often the call is made. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** Stripe Connect (Express) calls for Partner Program payouts. */
export interface ConnectProvider {
  createConnectedAccount(request: ConnectAccountRequest): Promise<ConnectAccount>;
  /** A one-time onboarding link; the writer comes back to `returnUrl` (or `refreshUrl` when it expired). */
  createAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  getConnectedAccount(accountId: string): Promise<ConnectAccount>;
  /** A one-time link into the account's Express dashboard. */
  createLoginLink(accountId: string): Promise<string>;
  createTransfer(request: TransferRequest): Promise<{ id: string; amount: number }>;
}

/** Raised for a webhook without a signature (answer 400) or with one that does not verify (answer 401). */
export class WebhookSignatureError extends Error {
  constructor(readonly reason: 'missing' | 'invalid') {
    super(reason === 'missing' ? 'The webhook has no signature.' : 'The webhook signature does not verify.');
  }
}

export interface PaymentProvider extends ConnectProvider {
  readonly name: ProviderName;
  /** True for the dev provider: every page it shows says that no money moves. */
  readonly isTestMode: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The subscription as the provider has it now (to reconcile events that arrived out of order). */
  getSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /** Cancel at the period's end (true) or resume before it (false). */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<SubscriptionState>;
  /** Moves a subscription to another plan from the next period. */
  changePlan(subscriptionId: string, price: PriceRef, idempotencyKey: string): Promise<SubscriptionState>;
  /** Charges nothing until `until` (a redeemed gift's months); the plan renews as before from then on. */
  postponeRenewal(subscriptionId: string, until: Date, idempotencyKey: string): Promise<SubscriptionState>;
  /** Where a member updates their card (Stripe's billing portal), or null when the provider has none. */
  billingPortalUrl(customerId: string, returnUrl: string, idempotencyKey: string): Promise<string | null>;
  /**
   * What paid an invoice: for providers whose invoice webhooks do not name the charge or card (Stripe since
   * API 2025-03-31), so a receipt can show them. Absent when the events already carry them (dev provider).
   */
  invoicePayment?(invoiceId: string): Promise<InvoicePayment>;
  /** Verifies and parses a webhook; throws WebhookSignatureError; returns null for event types Quire ignores. */
  parseWebhook(rawBody: string | Buffer, signature: string | undefined): PaymentEvent | null;
}
