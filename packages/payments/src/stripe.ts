import Stripe from 'stripe';
import { cardBrandOf } from './card-brand';
import {
  type CardSummary,
  type CheckoutRequest,
  type CheckoutSession,
  type ConnectAccount,
  type ConnectAccountRequest,
  type InvoicePayment,
  type PaymentEvent,
  type PaymentProvider,
  type PriceRef,
  type SubscriptionState,
  type TransferRequest,
  WebhookSignatureError,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (the local fake in tests); Stripe's own when absent. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /**
   * The coupon applied for FIFTY_PERCENT_OFF_ONE_YEAR. When absent, the provider keeps one of its own,
   * `DEFAULT_HALF_OFF_COUPON_ID` (50% off, repeating for 12 months), creating it on first use.
   */
  halfOffCouponId?: string;
  /** Shown on Checkout's line items. */
  productName?: string;
  maxNetworkRetries?: number;
}

/** 50% off every invoice of the first twelve months: twelve monthly invoices, or the first yearly one. */
export const DEFAULT_HALF_OFF_COUPON_ID = 'quire-fifty-percent-off-one-year';

const interval = (period: PriceRef['period']) => (period === 'YEARLY' ? 'year' : 'month');

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const subscriptionStatuses = new Set<SubscriptionState['status']>([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
]);

function stateOfSubscription(subscription: Stripe.Subscription): SubscriptionState {
  const items = subscription.items?.data ?? [];
  // Since API 2025-03-31 the period lives on each item; the subscription renews when its last item does.
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  const status = subscription.status as SubscriptionState['status'];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    // A paused subscription gives no access until it resumes, as an unpaid one.
    status: subscriptionStatuses.has(status)
      ? status
      : subscription.status === 'paused'
        ? 'unpaid'
        : 'incomplete',
    priceId: items[0]?.price?.id ?? null,
    currentPeriodEnd: periodEnds.length > 0 ? date(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: date(subscription.canceled_at),
    endedAt: date(subscription.ended_at),
    metadata: { ...(subscription.metadata ?? {}) },
  };
}

function cardOfCharge(charge: string | Stripe.Charge | null | undefined): CardSummary | null {
  if (!charge || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  return card ? { brand: cardBrandOf(card.brand), last4: card.last4 ?? '' } : null;
}

/** The charge, payment intent and card of an invoice whose `payments` were expanded (or included). */
function paymentOfInvoice(invoice: Stripe.Invoice): InvoicePayment {
  const payments = invoice.payments?.data ?? [];
  const payment = (payments.find((candidate) => candidate.status === 'paid') ?? payments[0])?.payment;
  const intent = payment?.payment_intent;
  const charge = payment?.charge ?? (intent && typeof intent !== 'string' ? intent.latest_charge : null);
  return { chargeId: idOf(charge), paymentIntentId: idOf(intent), card: cardOfCharge(charge) };
}

/** A connected account as Quire reads it. */
function connectAccountOf(account: Stripe.Account): ConnectAccount {
  return {
    id: account.id,
    country: account.country ?? null,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
  };
}

/** Stripe behind Quire's provider interface: Checkout for paying, the billing portal for cards, signed webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'STRIPE' as const;
  readonly isTestMode: boolean;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly productName: string;
  private halfOffCoupon: Promise<string> | null = null;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      telemetry: false,
    });
    this.webhookSecret = options.webhookSecret;
    this.productName = options.productName ?? 'Quire membership';
    this.isTestMode = options.secretKey.startsWith('sk_test_') || options.secretKey.startsWith('rk_test_');
    if (options.halfOffCouponId) this.halfOffCoupon = Promise.resolve(options.halfOffCouponId);
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const key = request.idempotencyKey;
    const customerId = request.customerId ?? (await this.customerFor(request, `${key}:customer`));
    const discounts =
      request.discount === 'FIFTY_PERCENT_OFF_ONE_YEAR'
        ? [{ coupon: await this.halfOffCouponId() }]
        : undefined;
    const { price } = request;
    const common = {
      customer: customerId,
      client_reference_id: request.userId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata: request.metadata,
      ...(discounts ? { discounts } : {}),
    } satisfies Stripe.Checkout.SessionCreateParams;

    let params: Stripe.Checkout.SessionCreateParams;
    if (request.mode === 'subscription') {
      params = {
        ...common,
        mode: 'subscription',
        line_items: [
          price.providerPriceId
            ? { price: price.providerPriceId, quantity: 1 }
            : {
                price_data: {
                  currency: price.currency.toLowerCase(),
                  unit_amount: price.amount,
                  recurring: { interval: interval(price.period) },
                  product_data: { name: this.productName, metadata: { planCode: price.planCode } },
                },
                quantity: 1,
              },
        ],
        subscription_data: {
          metadata: { ...request.metadata, planCode: price.planCode },
          ...(request.trialDays && request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
        },
      };
    } else {
      // A gift is a one-time payment: always priced inline, since a plan's Stripe price is recurring.
      params = {
        ...common,
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: price.currency.toLowerCase(),
              unit_amount: price.amount,
              product_data: {
                name: `${this.productName} gift (${price.period === 'YEARLY' ? 'one year' : 'one month'})`,
                metadata: { planCode: price.planCode },
              },
            },
            quantity: request.quantity ?? 1,
          },
        ],
        payment_intent_data: { metadata: request.metadata },
      };
    }
    const session = await this.stripe.checkout.sessions.create(params, { idempotencyKey: key });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
    return { id: session.id, url: session.url, customerId: idOf(session.customer) ?? customerId };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState> {
    return stateOfSubscription(await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  async setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<SubscriptionState> {
    const subscription = await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey },
    );
    return stateOfSubscription(subscription);
  }

  async changePlan(
    subscriptionId: string,
    price: PriceRef,
    idempotencyKey: string,
  ): Promise<SubscriptionState> {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items.`);
    const product = idOf(item.price.product);
    if (!price.providerPriceId && !product)
      throw new Error(`Stripe subscription ${subscriptionId} has no product.`);
    const subscription = await this.stripe.subscriptions.update(
      subscriptionId,
      {
        items: [
          price.providerPriceId
            ? { id: item.id, price: price.providerPriceId }
            : {
                id: item.id,
                price_data: {
                  currency: price.currency.toLowerCase(),
                  unit_amount: price.amount,
                  recurring: { interval: interval(price.period) },
                  product: product!,
                },
              },
        ],
        // The new price is charged from the next renewal; nothing is prorated now.
        proration_behavior: 'none',
        metadata: { planCode: price.planCode },
      },
      { idempotencyKey },
    );
    return stateOfSubscription(subscription);
  }

  async postponeRenewal(
    subscriptionId: string,
    until: Date,
    idempotencyKey: string,
  ): Promise<SubscriptionState> {
    // Stripe's way to skip charges: a trial until then, with nothing prorated for the days already paid.
    const subscription = await this.stripe.subscriptions.update(
      subscriptionId,
      { trial_end: Math.floor(until.getTime() / 1000), proration_behavior: 'none' },
      { idempotencyKey },
    );
    return stateOfSubscription(subscription);
  }

  async billingPortalUrl(
    customerId: string,
    returnUrl: string,
    idempotencyKey: string,
  ): Promise<string | null> {
    const session = await this.stripe.billingPortal.sessions.create(
      { customer: customerId, return_url: returnUrl },
      { idempotencyKey },
    );
    return session.url;
  }

  async invoicePayment(invoiceId: string): Promise<InvoicePayment> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId, {
      expand: ['payments.data.payment.payment_intent.latest_charge'],
    });
    return paymentOfInvoice(invoice);
  }

  async createConnectedAccount(request: ConnectAccountRequest): Promise<ConnectAccount> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: request.country,
        ...(request.email ? { email: request.email } : {}),
        capabilities: { transfers: { requested: true } },
        metadata: { quireUserId: request.userId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return connectAccountOf(account);
  }

  async createAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }) {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
    return link.url;
  }

  async getConnectedAccount(accountId: string): Promise<ConnectAccount> {
    return connectAccountOf(await this.stripe.accounts.retrieve(accountId));
  }

  async createLoginLink(accountId: string): Promise<string> {
    return (await this.stripe.accounts.createLoginLink(accountId)).url;
  }

  async createTransfer(request: TransferRequest): Promise<{ id: string; amount: number }> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: request.amount,
        currency: request.currency.toLowerCase(),
        destination: request.accountId,
        metadata: request.metadata,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: transfer.id, amount: transfer.amount };
  }

  parseWebhook(rawBody: string | Buffer, signature: string | undefined): PaymentEvent | null {
    if (!signature) throw new WebhookSignatureError('missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new WebhookSignatureError('invalid');
      throw error;
    }
    return paymentEventOf(event);
  }

  private async customerFor(request: CheckoutRequest, idempotencyKey: string): Promise<string> {
    // Reuse the reader's customer when Quire did not store it yet (say, a checkout abandoned before its webhook).
    if (request.email) {
      const found = await this.stripe.customers.list({ email: request.email, limit: 10 });
      const mine = found.data.find((customer) => customer.metadata?.quireUserId === request.userId);
      if (mine) return mine.id;
    }
    const customer = await this.stripe.customers.create(
      { ...(request.email ? { email: request.email } : {}), metadata: { quireUserId: request.userId } },
      { idempotencyKey },
    );
    return customer.id;
  }

  private halfOffCouponId(): Promise<string> {
    this.halfOffCoupon ??= this.ensureHalfOffCoupon().catch((error) => {
      this.halfOffCoupon = null;
      throw error;
    });
    return this.halfOffCoupon;
  }

  private async ensureHalfOffCoupon(): Promise<string> {
    try {
      return (await this.stripe.coupons.retrieve(DEFAULT_HALF_OFF_COUPON_ID)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404)
        throw error;
    }
    const coupon = await this.stripe.coupons.create(
      {
        id: DEFAULT_HALF_OFF_COUPON_ID,
        name: '50% off for one year',
        percent_off: 50,
        duration: 'repeating',
        duration_in_months: 12,
      },
      { idempotencyKey: `coupon:${DEFAULT_HALF_OFF_COUPON_ID}` },
    );
    return coupon.id;
  }
}

/** Maps a verified Stripe event onto Quire's provider-neutral event; null for the types Quire ignores. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, createdAt: new Date(event.created * 1000), provider: 'STRIPE' as const };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const paymentIntent = session.payment_intent;
      return {
        ...base,
        type: 'checkout.completed',
        mode: session.mode === 'subscription' ? 'subscription' : 'gift',
        sessionId: session.id,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        chargeId:
          paymentIntent && typeof paymentIntent !== 'string' ? idOf(paymentIntent.latest_charge) : null,
        paymentIntentId: idOf(paymentIntent),
        amount: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
        metadata: { ...(session.metadata ?? {}) },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return { ...base, type: 'subscription.updated', subscription: stateOfSubscription(event.data.object) };
    case 'customer.subscription.deleted':
      return { ...base, type: 'subscription.deleted', subscription: stateOfSubscription(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId) return null;
      // Stripe's invoice webhooks carry no payments unless included; then invoicePayment() finds them.
      const payment = paymentOfInvoice(invoice);
      const line = invoice.lines?.data?.find((candidate) => candidate.period?.end) ?? null;
      return {
        ...base,
        type: event.type,
        subscriptionId,
        customerId: idOf(invoice.customer),
        invoiceId: invoice.id,
        chargeId: payment.chargeId,
        paymentIntentId: payment.paymentIntentId,
        amount: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        card: payment.card,
        // invoice.period_end is the previous period for a renewal; the line says which period is paid for.
        periodEnd: date(line?.period.end),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: 'charge.refunded',
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        amountRefunded: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
    default:
      return null;
  }
}
