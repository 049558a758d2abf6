import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CardBrand, PaymentProvider as ProviderName } from '@quire/domain';
import {
  type CardSummary,
  type CheckoutRequest,
  type CheckoutSession,
  type ConnectAccount,
  type ConnectAccountRequest,
  type PaymentEvent,
  type PaymentProvider,
  type PriceRef,
  type SubscriptionState,
  type TransferRequest,
  WebhookSignatureError,
} from './provider';

/*
 * The payment provider of a machine without a Stripe key: no money moves. Checkout sends the reader to
 * Quire's own labelled test page, which calls completeCheckout with a test card; the events come back
 * signed like Stripe's webhooks, so they travel the same path. Its state is plain JSON (`snapshot()`,
 * `state` option) so it can be persisted; until then it lives in the process and is lost on restart.
 */

export interface DevCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The test cards the dev checkout accepts; 4000 0000 0000 0002 is always declined. */
export const DEV_TEST_CARDS: Record<string, CardBrand | 'DECLINED'> = {
  '4242424242424242': 'VISA',
  '5555555555554444': 'MASTERCARD',
  '378282246310005': 'AMEX',
  '6011111111111117': 'DISCOVER',
  '4000000000000002': 'DECLINED',
};

/** Why the dev checkout refused a card or a session, in words the test page shows as they are. */
export class DevCheckoutError extends Error {
  constructor(
    readonly code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'unknown_card' | 'session_not_open',
    message: string,
  ) {
    super(message);
  }
}

export interface DevSession {
  id: string;
  mode: CheckoutRequest['mode'];
  userId: string;
  customerId: string;
  price: PriceRef;
  quantity: number;
  discount: 'FIFTY_PERCENT_OFF_ONE_YEAR' | 'NO_DISCOUNT';
  trialDays: number;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
  subscriptionId: string | null;
  chargeId: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
}

export interface DevSubscription {
  id: string;
  customerId: string;
  status: SubscriptionState['status'];
  price: PriceRef;
  /** Epoch milliseconds, as every instant in this state. */
  startedAt: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  /** The half-off discount lasts until this instant. */
  discountEndsAt: number | null;
  card: CardSummary;
  metadata: Record<string, string>;
}

export interface DevCharge {
  id: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  customerId: string;
  subscriptionId: string | null;
  createdAt: number;
}

/** A simulated connected account: onboarding completes on Quire's own test page. */
export interface DevAccount {
  id: string;
  userId: string;
  email: string | null;
  country: string;
  detailsSubmitted: boolean;
  /** Where the test onboarding page sends the writer back. */
  returnUrl: string | null;
  createdAt: number;
}

/** A simulated transfer: recorded, no money moves. */
export interface DevTransfer {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  createdAt: number;
}

/** Everything the dev provider remembers, as plain JSON. */
export interface DevProviderState {
  counter: number;
  sessions: Record<string, DevSession>;
  subscriptions: Record<string, DevSubscription>;
  charges: Record<string, DevCharge>;
  /** Connected accounts and transfers; absent in snapshots stored before payouts existed. */
  accounts?: Record<string, DevAccount>;
  transfers?: Record<string, DevTransfer>;
  /** Idempotency key → the id (session) or JSON result (subscription change) it produced. */
  idempotency: Record<string, string>;
}

export interface DevProviderOptions {
  /** Signs and verifies the dev provider's own webhook payloads. */
  webhookSecret: string;
  /** Origin of the test checkout page; relative URLs when absent. */
  baseUrl?: string;
  /** Restores a snapshot taken earlier. */
  state?: DevProviderState;
  /** The label its events and subscriptions carry (spec §3 has no value for a test provider). */
  name?: ProviderName;
  now?: () => Date;
}

export interface SignedDevPayload {
  body: string;
  signature: string;
}

export interface DevCompletion {
  events: PaymentEvent[];
  /** The same events as webhook bodies with their signature, ready to post to the webhook route. */
  payloads: SignedDevPayload[];
}

const TOLERANCE_SECONDS = 300;
const DAY = 86_400_000;

function addPeriod(at: number, period: PriceRef['period']): number {
  const date = new Date(at);
  if (period === 'YEARLY') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

const emptyState = (): DevProviderState => ({
  counter: 0,
  sessions: {},
  subscriptions: {},
  charges: {},
  idempotency: {},
});

const at = (value: Date | string | null | undefined) => (value == null ? null : new Date(value));

const reviveSubscription = (state: SubscriptionState): SubscriptionState => ({
  ...state,
  currentPeriodEnd: at(state.currentPeriodEnd),
  canceledAt: at(state.canceledAt),
  endedAt: at(state.endedAt),
});

/** A dev event back from JSON: its instants as Dates again; null for a type Quire does not know. */
function revivedEvent(event: PaymentEvent): PaymentEvent | null {
  const createdAt = new Date(event.createdAt);
  switch (event.type) {
    case 'subscription.updated':
    case 'subscription.deleted':
      return { ...event, createdAt, subscription: reviveSubscription(event.subscription) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { ...event, createdAt, periodEnd: at(event.periodEnd) };
    case 'checkout.completed':
    case 'charge.refunded':
      return { ...event, createdAt };
    default:
      return null;
  }
}

/** The clearly labelled test-mode provider used when no Stripe key is configured. */
export class DevProvider implements PaymentProvider {
  readonly name: ProviderName;
  readonly isTestMode = true;
  private state: DevProviderState;
  private readonly secret: string;
  private readonly baseUrl: string;
  private readonly now: () => Date;

  constructor(options: DevProviderOptions) {
    if (!options.webhookSecret) throw new Error('The dev payment provider needs a webhook secret.');
    this.secret = options.webhookSecret;
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.state = options.state ? structuredClone(options.state) : emptyState();
    this.name = options.name ?? 'UNKNOWN';
    this.now = options.now ?? (() => new Date());
  }

  /** A copy of the whole state, to persist and pass back as `state`. */
  snapshot(): DevProviderState {
    return structuredClone(this.state);
  }

  /** Takes the state another process stored since (all of it: the provider keeps nothing beside it). */
  restore(state: DevProviderState): void {
    this.state = structuredClone(state);
  }

  session(sessionId: string): DevSession | null {
    const session = this.state.sessions[sessionId];
    return session ? structuredClone(session) : null;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const key = `checkout:${request.idempotencyKey}`;
    const earlier = this.state.idempotency[key];
    const session =
      earlier && this.state.sessions[earlier] ? this.state.sessions[earlier] : this.newSession(request, key);
    return { id: session.id, url: this.checkoutUrl(session.id), customerId: session.customerId };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState> {
    return this.stateOf(this.subscription(subscriptionId));
  }

  async setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<SubscriptionState> {
    return this.once(`cancel:${idempotencyKey}`, () => {
      const subscription = this.subscription(subscriptionId);
      if (subscription.endedAt) throw new Error(`Dev subscription ${subscriptionId} has ended.`);
      subscription.cancelAtPeriodEnd = cancel;
      return this.stateOf(subscription);
    });
  }

  async changePlan(
    subscriptionId: string,
    price: PriceRef,
    idempotencyKey: string,
  ): Promise<SubscriptionState> {
    return this.once(`change:${idempotencyKey}`, () => {
      const subscription = this.subscription(subscriptionId);
      if (subscription.endedAt) throw new Error(`Dev subscription ${subscriptionId} has ended.`);
      // As with Stripe, the price shows at once and is charged from the next renewal.
      subscription.price = structuredClone(price);
      subscription.metadata.planCode = price.planCode;
      return this.stateOf(subscription);
    });
  }

  async postponeRenewal(
    subscriptionId: string,
    until: Date,
    idempotencyKey: string,
  ): Promise<SubscriptionState> {
    return this.once(`postpone:${idempotencyKey}`, () => {
      const subscription = this.subscription(subscriptionId);
      if (subscription.endedAt) throw new Error(`Dev subscription ${subscriptionId} has ended.`);
      // As with Stripe's trial_end: no charge until then, and the subscription reads trialing meanwhile.
      subscription.status = 'trialing';
      subscription.currentPeriodEnd = Math.max(subscription.currentPeriodEnd, until.getTime());
      return this.stateOf(subscription);
    });
  }

  async billingPortalUrl(): Promise<string | null> {
    return null;
  }

  async createConnectedAccount(request: ConnectAccountRequest): Promise<ConnectAccount> {
    const key = `account:${request.idempotencyKey}`;
    this.state.accounts ??= {};
    const accounts = this.state.accounts;
    const earlier = this.state.idempotency[key];
    if (earlier && accounts[earlier]) return this.accountState(accounts[earlier]);
    const account: DevAccount = {
      id: this.newId('dev_acct'),
      userId: request.userId,
      email: request.email,
      country: request.country,
      detailsSubmitted: false,
      returnUrl: null,
      createdAt: this.now().getTime(),
    };
    accounts[account.id] = account;
    this.state.idempotency[key] = account.id;
    return this.accountState(account);
  }

  async createAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }) {
    this.account(accountId).returnUrl = urls.returnUrl;
    return this.onboardingUrl(accountId);
  }

  async getConnectedAccount(accountId: string): Promise<ConnectAccount> {
    return this.accountState(this.account(accountId));
  }

  async createLoginLink(accountId: string): Promise<string> {
    const account = this.account(accountId);
    if (!account.detailsSubmitted) throw new Error(`Dev account ${accountId} has not finished onboarding.`);
    return this.onboardingUrl(accountId);
  }

  async createTransfer(request: TransferRequest): Promise<{ id: string; amount: number }> {
    const key = `transfer:${request.idempotencyKey}`;
    this.state.transfers ??= {};
    const transfers = this.state.transfers;
    const earlier = this.state.idempotency[key];
    if (earlier && transfers[earlier]) return { id: earlier, amount: transfers[earlier].amount };
    const account = this.account(request.accountId);
    if (!account.detailsSubmitted)
      throw new Error(`Dev account ${request.accountId} cannot receive transfers yet.`);
    if (!Number.isInteger(request.amount) || request.amount <= 0)
      throw new Error('A transfer needs a positive whole number of cents.');
    const transfer: DevTransfer = {
      id: this.newId('dev_tr'),
      accountId: account.id,
      amount: request.amount,
      currency: request.currency,
      metadata: { ...request.metadata },
      createdAt: this.now().getTime(),
    };
    transfers[transfer.id] = transfer;
    this.state.idempotency[key] = transfer.id;
    return { id: transfer.id, amount: transfer.amount };
  }

  /** The writer completes the test onboarding page: the account can be paid. Answers where to send them back. */
  completeOnboarding(accountId: string): string | null {
    const account = this.account(accountId);
    account.detailsSubmitted = true;
    return account.returnUrl;
  }

  /** A connected account's simulated state, or null when there is none with that id. */
  devAccount(accountId: string): DevAccount | null {
    const account = this.state.accounts?.[accountId];
    return account ? structuredClone(account) : null;
  }

  /** Every simulated transfer, oldest first (to check what a payout run moved). */
  devTransfers(): DevTransfer[] {
    return Object.values(this.state.transfers ?? {}).sort((a, b) => a.createdAt - b.createdAt);
  }

  parseWebhook(rawBody: string | Buffer, signature: string | undefined): PaymentEvent | null {
    if (!signature) throw new WebhookSignatureError('missing');
    const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    if (!this.verifies(body, signature)) throw new WebhookSignatureError('invalid');
    return revivedEvent(JSON.parse(body) as PaymentEvent);
  }

  /** The reader pays on the test page. Throws DevCheckoutError for a declined, expired or unknown card. */
  completeCheckout(sessionId: string, card: DevCard): DevCompletion {
    const session = this.state.sessions[sessionId];
    if (session?.status !== 'open') {
      throw new DevCheckoutError(
        'session_not_open',
        'This checkout has already been paid or does not exist.',
      );
    }
    const brand = this.checkCard(card);
    const summary: CardSummary = { brand, last4: card.number.replace(/\D/g, '').slice(-4) };
    const now = this.now().getTime();
    const metadata = session.metadata;
    session.status = 'complete';

    if (session.mode === 'gift') {
      const amount = this.discounted(
        session.price.amount * session.quantity,
        session.discount !== 'NO_DISCOUNT',
      );
      const charge = this.newCharge(amount, session.price.currency, session.customerId, null);
      session.chargeId = charge.id;
      return this.emit([
        {
          type: 'checkout.completed',
          mode: 'gift',
          sessionId,
          customerId: session.customerId,
          subscriptionId: null,
          chargeId: charge.id,
          paymentIntentId: null,
          amount,
          currency: session.price.currency,
          metadata: { ...metadata },
        },
      ]);
    }

    const trialEnd = session.trialDays > 0 ? now + session.trialDays * DAY : null;
    const subscription: DevSubscription = {
      id: this.newId('dev_sub'),
      customerId: session.customerId,
      status: trialEnd ? 'trialing' : 'active',
      price: structuredClone(session.price),
      startedAt: now,
      currentPeriodEnd: trialEnd ?? addPeriod(now, session.price.period),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      discountEndsAt: session.discount === 'FIFTY_PERCENT_OFF_ONE_YEAR' ? addPeriod(now, 'YEARLY') : null,
      card: summary,
      metadata: { ...metadata, planCode: session.price.planCode },
    };
    this.state.subscriptions[subscription.id] = subscription;
    session.subscriptionId = subscription.id;
    const amount = trialEnd ? 0 : this.discounted(session.price.amount, subscription.discountEndsAt !== null);
    return this.emit([
      {
        type: 'checkout.completed',
        mode: 'subscription',
        sessionId,
        customerId: session.customerId,
        subscriptionId: subscription.id,
        chargeId: null,
        paymentIntentId: null,
        amount,
        currency: session.price.currency,
        metadata: { ...metadata },
      },
      { type: 'subscription.updated', subscription: this.stateOf(subscription) },
      this.invoice(subscription, amount, true),
    ]);
  }

  /** The period ends: renewed and paid, or ended when it was set to cancel. */
  renew(subscriptionId: string): DevCompletion {
    const subscription = this.subscription(subscriptionId);
    if (subscription.endedAt) throw new Error(`Dev subscription ${subscriptionId} has ended.`);
    if (subscription.cancelAtPeriodEnd) {
      subscription.status = 'canceled';
      subscription.canceledAt = this.now().getTime();
      subscription.endedAt = subscription.currentPeriodEnd;
      return this.emit([{ type: 'subscription.deleted', subscription: this.stateOf(subscription) }]);
    }
    const start = subscription.currentPeriodEnd;
    subscription.currentPeriodEnd = addPeriod(start, subscription.price.period);
    subscription.status = 'active';
    const amount = this.discounted(
      subscription.price.amount,
      subscription.discountEndsAt !== null && start < subscription.discountEndsAt,
    );
    return this.emit([
      { type: 'subscription.updated', subscription: this.stateOf(subscription) },
      this.invoice(subscription, amount, true),
    ]);
  }

  /** The renewal's payment fails: the subscription is past due. */
  failPayment(subscriptionId: string): DevCompletion {
    const subscription = this.subscription(subscriptionId);
    const start = subscription.currentPeriodEnd;
    const amount = this.discounted(
      subscription.price.amount,
      subscription.discountEndsAt !== null && start < subscription.discountEndsAt,
    );
    subscription.currentPeriodEnd = addPeriod(start, subscription.price.period);
    subscription.status = 'past_due';
    return this.emit([
      this.invoice(subscription, amount, false),
      { type: 'subscription.updated', subscription: this.stateOf(subscription) },
    ]);
  }

  /** Refunds a charge in full, or by the given amount. */
  refund(chargeId: string, amount?: number): DevCompletion {
    const charge = this.state.charges[chargeId];
    if (!charge) throw new Error(`No dev charge ${chargeId}.`);
    charge.amountRefunded = Math.min(charge.amount, charge.amountRefunded + (amount ?? charge.amount));
    return this.emit([
      {
        type: 'charge.refunded',
        chargeId,
        paymentIntentId: null,
        amountRefunded: charge.amountRefunded,
        currency: charge.currency,
      },
    ]);
  }

  private onboardingUrl(accountId: string) {
    return `${this.baseUrl}/payout/test-onboarding?account=${encodeURIComponent(accountId)}`;
  }

  private account(accountId: string): DevAccount {
    const account = this.state.accounts?.[accountId];
    if (!account) throw new Error(`No dev account ${accountId}.`);
    return account;
  }

  private accountState(account: DevAccount): ConnectAccount {
    return {
      id: account.id,
      country: account.country,
      detailsSubmitted: account.detailsSubmitted,
      payoutsEnabled: account.detailsSubmitted,
      requirementsDue: account.detailsSubmitted ? [] : ['external_account', 'individual.verification'],
    };
  }

  private checkoutUrl(sessionId: string) {
    return `${this.baseUrl}/payment/test-checkout?session=${encodeURIComponent(sessionId)}`;
  }

  private newId(prefix: string) {
    this.state.counter += 1;
    return `${prefix}_${this.state.counter.toString().padStart(6, '0')}${randomBytes(3).toString('hex')}`;
  }

  private newSession(request: CheckoutRequest, key: string): DevSession {
    const session: DevSession = {
      id: this.newId('dev_cs'),
      mode: request.mode,
      userId: request.userId,
      customerId: request.customerId ?? `dev_cus_${request.userId}`,
      price: structuredClone(request.price),
      quantity: request.mode === 'gift' ? Math.max(1, request.quantity ?? 1) : 1,
      discount: request.discount ?? 'NO_DISCOUNT',
      trialDays: request.trialDays ?? 0,
      metadata: { ...request.metadata },
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      status: 'open',
      subscriptionId: null,
      chargeId: null,
      createdAt: this.now().getTime(),
    };
    this.state.sessions[session.id] = session;
    this.state.idempotency[key] = session.id;
    return session;
  }

  private once(key: string, run: () => SubscriptionState): SubscriptionState {
    const earlier = this.state.idempotency[key];
    if (earlier) return reviveSubscription(JSON.parse(earlier) as SubscriptionState);
    const result = run();
    this.state.idempotency[key] = JSON.stringify(result);
    return result;
  }

  private subscription(subscriptionId: string): DevSubscription {
    const subscription = this.state.subscriptions[subscriptionId];
    if (!subscription) throw new Error(`No dev subscription ${subscriptionId}.`);
    return subscription;
  }

  private stateOf(subscription: DevSubscription): SubscriptionState {
    return {
      id: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      priceId: subscription.price.providerPriceId ?? subscription.price.planCode,
      currentPeriodEnd: new Date(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      canceledAt: subscription.canceledAt === null ? null : new Date(subscription.canceledAt),
      endedAt: subscription.endedAt === null ? null : new Date(subscription.endedAt),
      metadata: { ...subscription.metadata },
    };
  }

  private discounted(amount: number, halfOff: boolean) {
    return halfOff ? Math.round(amount / 2) : amount;
  }

  private newCharge(
    amount: number,
    currency: string,
    customerId: string,
    subscriptionId: string | null,
  ): DevCharge {
    const charge: DevCharge = {
      id: this.newId('dev_ch'),
      amount,
      amountRefunded: 0,
      currency,
      customerId,
      subscriptionId,
      createdAt: this.now().getTime(),
    };
    this.state.charges[charge.id] = charge;
    return charge;
  }

  private invoice(subscription: DevSubscription, amount: number, paid: boolean): EventBody {
    const charge =
      paid && amount > 0
        ? this.newCharge(amount, subscription.price.currency, subscription.customerId, subscription.id)
        : null;
    return {
      type: paid ? 'invoice.paid' : 'invoice.payment_failed',
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      invoiceId: this.newId('dev_in'),
      chargeId: charge?.id ?? null,
      paymentIntentId: null,
      amount,
      currency: subscription.price.currency,
      card: { ...subscription.card },
      periodEnd: new Date(subscription.currentPeriodEnd),
    };
  }

  private checkCard(card: DevCard): CardBrand {
    const number = card.number.replace(/[\s-]/g, '');
    const brand = DEV_TEST_CARDS[number];
    if (!brand) {
      throw new DevCheckoutError(
        'unknown_card',
        'Use a test card, such as 4242 4242 4242 4242: no real card is charged here.',
      );
    }
    const now = this.now();
    const expiry = Date.UTC(card.expYear < 100 ? 2000 + card.expYear : card.expYear, card.expMonth, 1);
    if (!(card.expMonth >= 1 && card.expMonth <= 12) || expiry <= now.getTime()) {
      throw new DevCheckoutError('expired_card', 'Your card has expired.');
    }
    if (!/^\d{3,4}$/.test(card.cvc))
      throw new DevCheckoutError('incorrect_cvc', "Your card's security code is incorrect.");
    if (brand === 'DECLINED') throw new DevCheckoutError('card_declined', 'Your card was declined.');
    return brand;
  }

  private emit(events: EventBody[]): DevCompletion {
    const createdAt = this.now();
    const full = events.map(
      (event) => ({ id: this.newId('dev_evt'), createdAt, provider: this.name, ...event }) as PaymentEvent,
    );
    return { events: full, payloads: full.map((event) => this.sign(JSON.stringify(event))) };
  }

  private sign(body: string): SignedDevPayload {
    const timestamp = Math.floor(this.now().getTime() / 1000);
    return { body, signature: `t=${timestamp},v1=${this.hmac(timestamp, body)}` };
  }

  private hmac(timestamp: number | string, body: string) {
    return createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex');
  }

  // The same header format and checks as Stripe's: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">, five minutes' tolerance.
  private verifies(body: string, header: string): boolean {
    const parts = header.split(',').map((part) => part.trim().split('='));
    const timestamp = parts.find(([name]) => name === 't')?.[1];
    const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
    if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
    if (Math.abs(this.now().getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
    const expected = Buffer.from(this.hmac(timestamp, body), 'hex');
    return signatures.some((signature) => {
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}

type EventBody = PaymentEvent extends infer E
  ? E extends PaymentEvent
    ? Omit<E, 'id' | 'createdAt' | 'provider'>
    : never
  : never;
