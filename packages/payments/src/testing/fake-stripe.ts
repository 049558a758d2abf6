import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeProviderOptions } from '../stripe';
import { at, type FormObject, parseForm, record, text } from './form';

/*
 * A local stand-in for api.stripe.com, for tests only: the few endpoints StripeProvider calls, with
 * form-encoded bodies as the SDK sends them, idempotency keys honoured, and helpers that play the
 * part of a reader paying, a renewal, a failed payment or a refund and return the webhooks Stripe would send.
 */

type Interval = 'month' | 'year';

export interface FakePrice {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: Interval; interval_count: 1 } | null;
  product: string;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeCoupon {
  id: string;
  object: 'coupon';
  name: string | null;
  percent_off: number | null;
  duration: string;
  duration_in_months: number | null;
  valid: true;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string | null;
  subscription: string | null;
  payment_intent: string | null;
  discounts: { coupon: string }[];
  created: number;
}

/** What a checkout session was created with, beyond what Stripe echoes back. */
export interface FakeSessionOrder {
  price: FakePrice;
  quantity: number;
  trialDays: number;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  coupon: FakeCoupon | null;
  /** The decoded request, to assert on what the provider sent. */
  params: FormObject;
}

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: FakePrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  trial_start: number | null;
  trial_end: number | null;
  metadata: Record<string, string>;
  discounts: string[];
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false };
  latest_invoice: string | null;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  customer: string | null;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  paid: boolean;
  created: number;
  metadata: Record<string, string>;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number };
  };
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: 'list';
    has_more: false;
    data: {
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      period: { start: number; end: number };
    }[];
  };
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' };
  requirements: { currently_due: string[]; eventually_due: string[]; disabled_reason: string | null };
  metadata: Record<string, string>;
  created: number;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  reversed: false;
  created: number;
}

export interface FakeStripeState {
  /** Connect (Express) accounts and the transfers made to them. */
  accounts: Map<string, FakeAccount>;
  transfers: Map<string, FakeTransfer>;
  customers: Map<string, FakeCustomer>;
  sessions: Map<string, FakeSession>;
  orders: Map<string, FakeSessionOrder>;
  subscriptions: Map<string, FakeSubscription>;
  charges: Map<string, FakeCharge>;
  invoices: Map<string, FakeInvoice>;
  /** Invoice id → the charge that paid it; as with Stripe, invoice payloads name it only when asked. */
  invoiceCharges: Map<string, string>;
  coupons: Map<string, FakeCoupon>;
  prices: Map<string, FakePrice>;
  /** Every request, in order: what to assert idempotency keys and call counts on. */
  requests: { method: string; path: string; idempotencyKey: string | null; replayed: boolean }[];
  /** Every webhook the fake produced, in order. */
  events: SignedEvent[];
}

export interface SignedPayload {
  body: string;
  signature: string;
}

export interface SignedEvent extends SignedPayload {
  type: string;
  event: { id: string; type: string; created: number; data: { object: unknown } };
}

export interface FakeCard {
  brand: string;
  last4: string;
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  /** Options for `new StripeProvider(...)` pointed at this server. */
  providerOptions: StripeProviderOptions;
  state: FakeStripeState;
  /** A webhook body and a valid `Stripe-Signature` for it, made with the SDK's test helper. */
  signedEvent(type: string, object: unknown): SignedEvent;
  /** A Stripe price, for checkouts that name `providerPriceId`. */
  createPrice(price: { unitAmount: number; currency: string; interval: Interval }): FakePrice;
  /** The reader pays: checkout.session.completed, then for subscriptions customer.subscription.created and invoice.paid. */
  complete(sessionId: string, card?: FakeCard): SignedEvent[];
  /** The period ends: renewed and paid (customer.subscription.updated, invoice.paid), or ended when set to cancel. */
  renew(subscriptionId: string): SignedEvent[];
  advance(subscriptionId: string): SignedEvent[];
  /** The renewal's payment fails: invoice.payment_failed, customer.subscription.updated (past_due). */
  failPayment(subscriptionId: string): SignedEvent[];
  /** Refunds a charge in full, or by the given amount: charge.refunded. */
  refund(chargeId: string, amount?: number): SignedEvent[];
  /** The writer finishes Stripe's onboarding: the account can receive transfers and payouts (account.updated). */
  completeOnboarding(accountId: string): SignedEvent[];
  stop(): Promise<void>;
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const missing = (what: string, id: string) =>
  new FakeStripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');

const invalid = (message: string) =>
  new FakeStripeError(400, 'invalid_request_error', message, 'parameter_invalid');

function addInterval(seconds: number, interval: Interval): number {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startFakeStripe(options: { now?: () => Date } = {}): Promise<FakeStripe> {
  const clock = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_fake_${randomBytes(16).toString('hex')}`;
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`;
  const state: FakeStripeState = {
    accounts: new Map(),
    transfers: new Map(),
    customers: new Map(),
    sessions: new Map(),
    orders: new Map(),
    subscriptions: new Map(),
    charges: new Map(),
    invoices: new Map(),
    invoiceCharges: new Map(),
    coupons: new Map(),
    prices: new Map(),
    requests: [],
    events: [],
  };
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let baseUrl = '';

  const signedEvent = (type: string, object: unknown): SignedEvent => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: clock(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
    const signed = { type, event, body, signature };
    state.events.push(signed);
    return signed;
  };

  const newPrice = (currency: string, unitAmount: number, interval: Interval | null, product?: string) => {
    const price: FakePrice = {
      id: newId('price'),
      object: 'price',
      currency: currency.toLowerCase(),
      unit_amount: unitAmount,
      recurring: interval ? { interval, interval_count: 1 } : null,
      product: product ?? newId('prod'),
    };
    state.prices.set(price.id, price);
    return price;
  };

  const discounted = (amount: number, coupon: FakeCoupon | null) =>
    coupon?.percent_off ? Math.round((amount * (100 - coupon.percent_off)) / 100) : amount;

  const newCharge = (
    amount: number,
    currency: string,
    customer: string | null,
    card: FakeCard,
    metadata = {},
  ) => {
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      customer,
      payment_intent: newId('pi'),
      status: 'succeeded',
      paid: true,
      created: clock(),
      metadata,
      payment_method_details: {
        type: 'card',
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
        },
      },
    };
    state.charges.set(charge.id, charge);
    return charge;
  };

  const cards = new Map<string, FakeCard>();
  const defaultCard: FakeCard = { brand: 'visa', last4: '4242' };

  const newInvoice = (
    subscription: FakeSubscription,
    billingReason: string,
    amount: number,
    paid: boolean,
  ): FakeInvoice => {
    const item = subscription.items.data[0]!;
    const charge =
      paid && amount > 0
        ? newCharge(
            amount,
            item.price.currency,
            subscription.customer,
            cards.get(subscription.id) ?? defaultCard,
          )
        : null;
    const invoice: FakeInvoice = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: billingReason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      currency: item.price.currency,
      created: clock(),
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: item.price.currency,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
    };
    state.invoices.set(invoice.id, invoice);
    if (charge) state.invoiceCharges.set(invoice.id, charge.id);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  // The half-off coupon repeats for its months from the subscription's start.
  const couponAppliesAt = (subscription: FakeSubscription, at: number) => {
    const coupon = subscription.discounts[0] ? state.coupons.get(subscription.discounts[0]) : undefined;
    if (!coupon) return null;
    if (coupon.duration === 'forever') return coupon;
    const months = coupon.duration === 'once' ? 0 : (coupon.duration_in_months ?? 0);
    const end = new Date(subscription.start_date * 1000);
    end.setUTCMonth(end.getUTCMonth() + months);
    return at < end.getTime() / 1000 || at === subscription.start_date ? coupon : null;
  };

  const routes: {
    method: string;
    pattern: RegExp;
    handle: (match: string[], form: FormObject) => unknown;
  }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (_match, form) => {
        const customer: FakeCustomer = {
          id: newId('cus'),
          object: 'customer',
          email: text(form, 'email') ?? null,
          metadata: record(form, 'metadata'),
          created: clock(),
        };
        state.customers.set(customer.id, customer);
        return customer;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers$/,
      handle: (_match, form) => {
        const email = text(form, 'email');
        const limit = Number(text(form, 'limit') ?? 10);
        const data = [...state.customers.values()].filter((customer) => !email || customer.email === email);
        return {
          object: 'list',
          url: '/v1/customers',
          has_more: data.length > limit,
          data: data.slice(0, limit),
        };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ([, id]) => state.customers.get(id!) ?? missingThrow('customer', id!),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      handle: ([, id], form) => {
        const invoice = state.invoices.get(id!) ?? missingThrow('invoice', id!);
        const expand = at(form, 'expand');
        const paths = Array.isArray(expand) ? expand.filter((path) => typeof path === 'string') : [];
        if (!paths.some((path) => path.startsWith('payments'))) return invoice;
        const charge = state.charges.get(state.invoiceCharges.get(invoice.id) ?? '');
        const deep = paths.includes('payments.data.payment.payment_intent.latest_charge');
        const data = charge
          ? [
              {
                id: `inpay_${charge.id}`,
                object: 'invoice_payment',
                status: 'paid',
                amount_paid: charge.amount,
                currency: charge.currency,
                payment: {
                  type: 'payment_intent',
                  payment_intent: deep
                    ? { id: charge.payment_intent, object: 'payment_intent', latest_charge: charge }
                    : charge.payment_intent,
                },
              },
            ]
          : [];
        return { ...invoice, payments: { object: 'list', has_more: false, data } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/coupons\/([^/]+)$/,
      handle: ([, id]) => state.coupons.get(id!) ?? missingThrow('coupon', id!),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/coupons$/,
      handle: (_match, form) => {
        const id = text(form, 'id') ?? newId('coupon');
        if (state.coupons.has(id)) {
          throw new FakeStripeError(
            400,
            'invalid_request_error',
            'Coupon already exists.',
            'resource_already_exists',
          );
        }
        const months = text(form, 'duration_in_months');
        const coupon: FakeCoupon = {
          id,
          object: 'coupon',
          name: text(form, 'name') ?? null,
          percent_off: text(form, 'percent_off') ? Number(text(form, 'percent_off')) : null,
          duration: text(form, 'duration') ?? 'once',
          duration_in_months: months ? Number(months) : null,
          valid: true,
        };
        state.coupons.set(id, coupon);
        return coupon;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_match, form) => {
        const mode = text(form, 'mode');
        if (mode !== 'subscription' && mode !== 'payment') throw invalid('Missing required param: mode.');
        if (!text(form, 'success_url')) throw invalid('Missing required param: success_url.');
        const customer = text(form, 'customer') ?? null;
        if (customer && !state.customers.has(customer)) throw missing('customer', customer);
        const couponId = text(form, 'discounts', 0, 'coupon');
        const coupon = couponId ? (state.coupons.get(couponId) ?? missingThrow('coupon', couponId)) : null;
        const priceId = text(form, 'line_items', 0, 'price');
        let price: FakePrice;
        if (priceId) {
          price = state.prices.get(priceId) ?? missingThrow('price', priceId);
        } else {
          const currency = text(form, 'line_items', 0, 'price_data', 'currency');
          const unitAmount = text(form, 'line_items', 0, 'price_data', 'unit_amount');
          if (!currency || !unitAmount) throw invalid('Missing required param: line_items[0][price_data].');
          const interval = text(form, 'line_items', 0, 'price_data', 'recurring', 'interval');
          price = newPrice(
            currency,
            Number(unitAmount),
            interval === 'year' || interval === 'month' ? interval : null,
          );
        }
        if (mode === 'subscription' && !price.recurring) {
          throw invalid('You must provide at least one recurring price in `subscription` mode.');
        }
        if (mode === 'payment' && price.recurring) {
          throw invalid('You specified `payment` mode but passed a recurring price.');
        }
        const quantity = Number(text(form, 'line_items', 0, 'quantity') ?? 1);
        const id = newId('cs_test');
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: 'unpaid',
          customer,
          customer_email: text(form, 'customer_email') ?? null,
          client_reference_id: text(form, 'client_reference_id') ?? null,
          metadata: record(form, 'metadata'),
          amount_subtotal: price.unit_amount * quantity,
          amount_total: discounted(price.unit_amount * quantity, coupon),
          currency: price.currency,
          url: `${baseUrl}/c/pay/${id}`,
          success_url: text(form, 'success_url')!,
          cancel_url: text(form, 'cancel_url') ?? null,
          subscription: null,
          payment_intent: null,
          discounts: coupon ? [{ coupon: coupon.id }] : [],
          created: clock(),
        };
        state.sessions.set(id, session);
        state.orders.set(id, {
          price,
          quantity,
          trialDays: Number(text(form, 'subscription_data', 'trial_period_days') ?? 0),
          subscriptionMetadata: record(form, 'subscription_data', 'metadata'),
          paymentIntentMetadata: record(form, 'payment_intent_data', 'metadata'),
          coupon,
          params: form,
        });
        return session;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([, id]) => state.subscriptions.get(id!) ?? missingThrow('subscription', id!),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([, id], form) => {
        const subscription = state.subscriptions.get(id!) ?? missingThrow('subscription', id!);
        if (subscription.status === 'canceled') {
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        }
        const cancel = text(form, 'cancel_at_period_end');
        if (cancel !== undefined) subscription.cancel_at_period_end = cancel === 'true';
        const trialEnd = text(form, 'trial_end');
        if (trialEnd !== undefined) {
          const end = Number(trialEnd);
          if (!Number.isInteger(end) || end <= clock())
            throw invalid('Invalid trial_end: must be in the future.');
          // Stripe starts a new (trial) period now that ends at trial_end.
          subscription.status = 'trialing';
          subscription.trial_start = clock();
          subscription.trial_end = end;
          for (const item of subscription.items.data) {
            item.current_period_start = clock();
            item.current_period_end = end;
          }
        }
        const itemId = text(form, 'items', 0, 'id');
        if (itemId) {
          const item = subscription.items.data.find((candidate) => candidate.id === itemId);
          if (!item) throw missing('subscription_item', itemId);
          const priceId = text(form, 'items', 0, 'price');
          if (priceId) {
            item.price = state.prices.get(priceId) ?? missingThrow('price', priceId);
          } else {
            const product = text(form, 'items', 0, 'price_data', 'product');
            const currency = text(form, 'items', 0, 'price_data', 'currency');
            const unitAmount = text(form, 'items', 0, 'price_data', 'unit_amount');
            const interval = text(form, 'items', 0, 'price_data', 'recurring', 'interval');
            if (!product || !currency || !unitAmount || (interval !== 'month' && interval !== 'year')) {
              throw invalid('Missing required param: items[0][price_data].');
            }
            item.price = newPrice(currency, Number(unitAmount), interval, product);
          }
        }
        Object.assign(subscription.metadata, record(form, 'metadata'));
        signedEvent('customer.subscription.updated', subscription);
        return subscription;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts$/,
      handle: (_match, form) => {
        if (text(form, 'type') !== 'express') throw invalid('Only Express accounts are faked.');
        const country = text(form, 'country');
        if (!country || !/^[A-Z]{2}$/.test(country)) throw invalid('Invalid country.');
        const account: FakeAccount = {
          id: newId('acct'),
          object: 'account',
          type: 'express',
          country,
          email: text(form, 'email') ?? null,
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          capabilities: { transfers: 'inactive' },
          requirements: {
            currently_due: ['external_account', 'individual.verification.document', 'tos_acceptance.date'],
            eventually_due: [],
            disabled_reason: 'requirements.past_due',
          },
          metadata: record(form, 'metadata'),
          created: clock(),
        };
        state.accounts.set(account.id, account);
        return account;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/accounts\/([^/]+)$/,
      handle: ([, id]) => state.accounts.get(id!) ?? missingThrow('account', id!),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/account_links$/,
      handle: (_match, form) => {
        const id = text(form, 'account');
        if (!id) throw invalid('Missing required param: account.');
        if (!state.accounts.has(id)) throw missing('account', id);
        if (!text(form, 'return_url') || !text(form, 'refresh_url'))
          throw invalid('Missing required param: return_url or refresh_url.');
        return {
          object: 'account_link',
          url: `${baseUrl}/setup/e/${id}`,
          created: clock(),
          expires_at: clock() + 300,
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts\/([^/]+)\/login_links$/,
      handle: ([, id]) => {
        const account = state.accounts.get(id!) ?? missingThrow('account', id!);
        if (!account.details_submitted)
          throw invalid('Cannot create a login link for an account that has not completed onboarding.');
        return { object: 'login_link', url: `${baseUrl}/express/${id}`, created: clock() };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/transfers$/,
      handle: (_match, form) => {
        const destination = text(form, 'destination');
        if (!destination) throw invalid('Missing required param: destination.');
        const account = state.accounts.get(destination) ?? missingThrow('account', destination);
        if (account.capabilities.transfers !== 'active') {
          throw new FakeStripeError(
            400,
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers.',
            'insufficient_capabilities_for_transfer',
          );
        }
        const amount = Number(text(form, 'amount'));
        if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer: amount.');
        const transfer: FakeTransfer = {
          id: newId('tr'),
          object: 'transfer',
          amount,
          currency: text(form, 'currency') ?? 'usd',
          destination,
          metadata: record(form, 'metadata'),
          reversed: false,
          created: clock(),
        };
        state.transfers.set(transfer.id, transfer);
        return transfer;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (_match, form) => {
        const customer = text(form, 'customer');
        if (!customer) throw invalid('Missing required param: customer.');
        if (!state.customers.has(customer)) throw missing('customer', customer);
        const id = newId('bps');
        return {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: text(form, 'return_url') ?? null,
          url: `${baseUrl}/p/session/${id}`,
          created: clock(),
        };
      },
    },
  ];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const send = (status: number, body: string, replayed: boolean) => {
      state.requests.push({ method, path: url.pathname, idempotencyKey, replayed });
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(body);
    };
    if (!request.headers.authorization?.startsWith('Bearer ')) {
      send(
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'No API key provided.' } }),
        false,
      );
      return;
    }
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (idempotencyKey && method === 'POST') {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          const message =
            'Keys for idempotent requests can only be used with the same parameters they were first used with.';
          send(400, JSON.stringify({ error: { type: 'idempotency_error', message } }), false);
        } else {
          send(earlier.status, earlier.body, true);
        }
        return;
      }
    }
    let status = 200;
    let body: string;
    try {
      const route = routes.find(
        (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
      );
      if (!route)
        throw new FakeStripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}).`,
        );
      const form = parseForm(method === 'GET' ? url.search.slice(1) : raw);
      body = JSON.stringify(route.handle(url.pathname.match(route.pattern)!, form));
    } catch (error) {
      if (!(error instanceof FakeStripeError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: { type: error.type, code: error.code, message: error.message } });
    }
    if (idempotencyKey && method === 'POST') idempotent.set(idempotencyKey, { fingerprint, status, body });
    send(status, body, false);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  // Neither the server nor its keep-alive connections hold the test process open.
  server.on('connection', (socket) => socket.unref());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  baseUrl = `http://${host}:${port}`;

  const complete = (sessionId: string, card: FakeCard = defaultCard): SignedEvent[] => {
    const session = state.sessions.get(sessionId) ?? missingThrow('checkout session', sessionId);
    const order = state.orders.get(sessionId)!;
    if (session.status === 'complete') throw new Error(`Checkout session ${sessionId} is already complete.`);
    const now = clock();
    if (!session.customer) {
      const customer: FakeCustomer = {
        id: newId('cus'),
        object: 'customer',
        email: session.customer_email,
        metadata: {},
        created: now,
      };
      state.customers.set(customer.id, customer);
      session.customer = customer.id;
    }
    session.status = 'complete';
    if (session.mode === 'payment') {
      const charge = newCharge(
        session.amount_total,
        session.currency,
        session.customer,
        card,
        order.paymentIntentMetadata,
      );
      session.payment_status = 'paid';
      session.payment_intent = charge.payment_intent;
      return [signedEvent('checkout.session.completed', session)];
    }
    const interval = order.price.recurring!.interval;
    const trialEnd = order.trialDays > 0 ? now + order.trialDays * 86_400 : null;
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      metadata: { ...order.subscriptionMetadata },
      discounts: order.coupon ? [order.coupon.id] : [],
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: order.price,
            quantity: 1,
            current_period_start: now,
            current_period_end: trialEnd ?? addInterval(now, interval),
          },
        ],
      },
      latest_invoice: null,
    };
    state.subscriptions.set(subscription.id, subscription);
    cards.set(subscription.id, card);
    const amount = trialEnd ? 0 : discounted(order.price.unit_amount, order.coupon);
    const invoice = newInvoice(subscription, 'subscription_create', amount, true);
    session.subscription = subscription.id;
    session.payment_status = amount > 0 ? 'paid' : 'no_payment_required';
    return [
      signedEvent('checkout.session.completed', session),
      signedEvent('customer.subscription.created', subscription),
      signedEvent('invoice.paid', invoice),
    ];
  };

  const renew = (subscriptionId: string): SignedEvent[] => {
    const subscription =
      state.subscriptions.get(subscriptionId) ?? missingThrow('subscription', subscriptionId);
    if (subscription.status === 'canceled') throw new Error(`Subscription ${subscriptionId} has ended.`);
    const item = subscription.items.data[0]!;
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.canceled_at = clock();
      subscription.ended_at = item.current_period_end;
      return [signedEvent('customer.subscription.deleted', subscription)];
    }
    const start = item.current_period_end;
    item.current_period_start = start;
    item.current_period_end = addInterval(start, item.price.recurring!.interval);
    subscription.status = 'active';
    const amount = discounted(item.price.unit_amount, couponAppliesAt(subscription, start));
    const invoice = newInvoice(subscription, 'subscription_cycle', amount, true);
    return [signedEvent('customer.subscription.updated', subscription), signedEvent('invoice.paid', invoice)];
  };

  const failPayment = (subscriptionId: string): SignedEvent[] => {
    const subscription =
      state.subscriptions.get(subscriptionId) ?? missingThrow('subscription', subscriptionId);
    const item = subscription.items.data[0]!;
    const amount = discounted(item.price.unit_amount, couponAppliesAt(subscription, item.current_period_end));
    const start = item.current_period_end;
    item.current_period_start = start;
    item.current_period_end = addInterval(start, item.price.recurring!.interval);
    subscription.status = 'past_due';
    const invoice = newInvoice(subscription, 'subscription_cycle', amount, false);
    return [
      signedEvent('invoice.payment_failed', invoice),
      signedEvent('customer.subscription.updated', subscription),
    ];
  };

  const refund = (chargeId: string, amount?: number): SignedEvent[] => {
    const charge = state.charges.get(chargeId) ?? missingThrow('charge', chargeId);
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
    charge.refunded = charge.amount_refunded === charge.amount;
    return [signedEvent('charge.refunded', charge)];
  };

  const completeOnboarding = (accountId: string): SignedEvent[] => {
    const account = state.accounts.get(accountId) ?? missingThrow('account', accountId);
    account.details_submitted = true;
    account.payouts_enabled = true;
    account.charges_enabled = true;
    account.capabilities.transfers = 'active';
    account.requirements = { currently_due: [], eventually_due: [], disabled_reason: null };
    return [signedEvent('account.updated', account)];
  };

  return {
    url: baseUrl,
    host,
    port,
    protocol: 'http',
    secretKey,
    webhookSecret,
    providerOptions: { secretKey, webhookSecret, host, port, protocol: 'http', maxNetworkRetries: 0 },
    state,
    signedEvent,
    createPrice: ({ unitAmount, currency, interval }) => newPrice(currency, unitAmount, interval),
    complete,
    renew,
    advance: renew,
    failPayment,
    refund,
    completeOnboarding,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function missingThrow(what: string, id: string): never {
  throw missing(what, id);
}
