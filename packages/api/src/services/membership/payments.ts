import type { EntityManager } from '@mikro-orm/postgresql';
import { Membership, PaymentCustomer, PaymentEventRecord, Plan, type User } from '@quire/db';
import {
  addMonths,
  discountedAmount,
  formatPrice,
  type MembershipCurrency,
  membershipCurrencyOf,
  membershipTexts,
} from '@quire/domain';
import {
  type DevCard,
  DevCheckoutError,
  type PaymentEvent,
  type PaymentProvider,
  type PriceRef,
  type SubscriptionState,
} from '@quire/payments';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { visibleProfile } from '../profiles';
import { currentMembership } from './account';
import { rememberCustomer } from './customers';
import { changingProvider, currentProvider, isDevProvider } from './dev-state';
import { type ApplyOptions, type ApplyOutcome, applyPaymentEvent } from './events';
import { discountFor, trialDaysFor } from './plans';

/*
 * The money path (spec §2 Money and membership paths): checkout at the provider, cancel, resume and plan
 * changes through it, the billing portal, and the test-mode checkout page's two calls. Prices come only from
 * the plans table; every call that creates or changes something at the provider carries an idempotency key
 * made from the user and the client's request id, so a double click or a retry does it once.
 */

/** Where the reader lands after paying. */
export const WELCOME_PATH = '/welcome-member';

const refuse = (code: 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT', message: string) =>
  new TRPCError({ code, message });

/** How webhook and in-process events are applied: the provider's current state, the grace period, links. */
export function paymentEventOptions(env: ServiceEnvironment, now?: Date): ApplyOptions {
  const provider = env.payments;
  return {
    getSubscription: (id) => provider.getSubscription(id),
    gracePeriodDays: env.membershipGracePeriodDays,
    publicUrl: env.publicUrl,
    ...(now ? { now } : {}),
  };
}

/**
 * Applies one provider event, first asking the provider what paid an invoice when its webhook does not say
 * (Stripe's invoice.paid names no charge or card since API 2025-03-31); a replay asks nothing.
 */
export async function receivePaymentEvent(
  em: EntityManager,
  env: ServiceEnvironment,
  event: PaymentEvent,
  now?: Date,
): Promise<ApplyOutcome> {
  return applyPaymentEvent(
    em,
    // The event's handling asks the provider for the subscription as it is now.
    await withInvoicePayment(em, await currentProvider(em, env), event),
    paymentEventOptions(env, now),
  );
}

async function withInvoicePayment(
  em: EntityManager,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<PaymentEvent> {
  if (event.type !== 'invoice.paid' || !provider.invoicePayment || (event.chargeId && event.card))
    return event;
  const seen = await em.count(PaymentEventRecord, { provider: event.provider, providerEventId: event.id });
  if (seen > 0) return event;
  const payment = await provider.invoicePayment(event.invoiceId);
  return {
    ...event,
    chargeId: event.chargeId ?? payment.chargeId,
    paymentIntentId: event.paymentIntentId ?? payment.paymentIntentId,
    card: event.card ?? payment.card,
  };
}

const LIVE = ['ACTIVE', 'TRIALING', 'PAST_DUE'] as const;

/** The viewer's running paid subscription at this provider, if any. */
function liveSubscription(em: EntityManager, viewer: User, provider: PaymentProvider) {
  return em.findOne(
    Membership,
    {
      user: viewer.id,
      provider: provider.name,
      status: { $in: [...LIVE] },
      providerSubscriptionId: { $ne: null },
    },
    { populate: ['plan'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

async function activePlan(em: EntityManager, code: string) {
  const plan = await em.findOne(Plan, { code, isActive: true });
  if (!plan || !membershipCurrencyOf(plan.currency))
    throw refuse('BAD_REQUEST', membershipTexts.planNotAvailable);
  return plan;
}

function priceOf(plan: Plan): PriceRef {
  return {
    planCode: plan.code,
    period: plan.period,
    currency: plan.currency as MembershipCurrency,
    amount: plan.amount,
    providerPriceId: plan.stripePriceId ?? null,
  };
}

export interface CheckoutInput {
  planCode: string;
  requestId: string;
  /** The writer whose page the offer came from (/membership/@{username}). */
  referrer?: string | null;
}

/** Starts a checkout at the provider for one of the server's plans; where to send the reader to pay. */
export async function startCheckout(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  input: CheckoutInput,
): Promise<{ url: string }> {
  const plan = await activePlan(em, input.planCode);
  const provider = env.payments;
  if (
    await em.count(Membership, {
      user: viewer.id,
      status: { $in: [...LIVE] },
      provider: { $ne: 'MEDIUM_GIFT' },
    })
  )
    throw refuse('CONFLICT', membershipTexts.alreadySubscribed);
  const referrerName = input.referrer?.replace(/^@/, '');
  const referrer = referrerName ? await visibleProfile(em, viewer, referrerName) : null;
  const discount = discountFor(viewer, plan.period);
  const trialDays = trialDaysFor(env, viewer);
  const customer = await em.findOne(PaymentCustomer, { user: viewer.id, provider: provider.name });
  const metadata: Record<string, string> = { userId: viewer.id, planCode: plan.code, discount };
  if (trialDays > 0) metadata.trialDays = String(trialDays);
  if (referrer && referrer.id !== viewer.id) metadata.referrerUserId = referrer.id;
  const session = await changingProvider(em, env, (p) =>
    p.createCheckout({
      mode: 'subscription',
      userId: viewer.id,
      email: viewer.email ?? null,
      customerId: customer?.customerId ?? null,
      price: priceOf(plan),
      discount,
      trialDays,
      successUrl: `${env.publicUrl}${WELCOME_PATH}`,
      cancelUrl: `${env.publicUrl}${referrer ? `/membership/@${referrer.username}` : '/plans'}`,
      metadata,
      // The plan and referrer are in the key: the same request id with other choices is another checkout.
      idempotencyKey: `membership-checkout:${viewer.id}:${input.requestId}:${plan.code}:${metadata.referrerUserId ?? ''}`,
    }),
  );
  if (session.customerId && session.customerId !== customer?.customerId)
    await rememberCustomer(em, viewer.id, provider.name, session.customerId);
  return { url: session.url };
}

/** The provider's new state of a subscription, applied as an event of ours (stored once, like a webhook's). */
async function applyLocally(
  em: EntityManager,
  env: ServiceEnvironment,
  state: SubscriptionState,
  key: string,
  now: Date,
) {
  const event: PaymentEvent = {
    id: `quire:${key}`,
    createdAt: now,
    provider: env.payments.name,
    type: 'subscription.updated',
    subscription: state,
  };
  await applyPaymentEvent(em, event, paymentEventOptions(env, now));
}

/** Cancels the viewer's membership at the period's end (cancel true) or resumes it before then (false). */
export async function setMembershipCancel(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  cancel: boolean,
  requestId: string,
  now: Date,
) {
  const m = await liveSubscription(em, viewer, env.payments);
  if (!m?.providerSubscriptionId)
    throw refuse(
      'BAD_REQUEST',
      cancel ? membershipTexts.noMembershipToCancel : membershipTexts.noMembershipToResume,
    );
  if (m.cancelAtPeriodEnd !== cancel) {
    const key = `membership-${cancel ? 'cancel' : 'resume'}:${viewer.id}:${requestId}`;
    const subscriptionId = m.providerSubscriptionId;
    const state = await changingProvider(em, env, (p) => p.setCancelAtPeriodEnd(subscriptionId, cancel, key));
    await applyLocally(em, env, state, key, now);
  }
  return currentMembership(em, viewer);
}

/**
 * Moves the next charge of the viewer's renewing subscription back by `months` (a redeemed gift), at the
 * provider and here. The new period end, or null when nothing renews (no subscription, cancelled at its
 * period end, or past due).
 */
export async function postponeRenewal(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  months: number,
  key: string,
  now: Date,
): Promise<Date | null> {
  const m = await liveSubscription(em, viewer, env.payments);
  if (!m?.providerSubscriptionId || !m.currentPeriodEnd || m.cancelAtPeriodEnd || m.status === 'PAST_DUE')
    return null;
  const until = addMonths(m.currentPeriodEnd, months);
  const subscriptionId = m.providerSubscriptionId;
  const state = await changingProvider(em, env, (p) => p.postponeRenewal(subscriptionId, until, key));
  await applyLocally(em, env, state, key, now);
  return state.currentPeriodEnd ?? until;
}

/** Moves the viewer's membership to another plan of the same currency, from the next period. */
export async function changeMembershipPlan(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  input: { planCode: string; requestId: string },
  now: Date,
) {
  const plan = await activePlan(em, input.planCode);
  const m = await liveSubscription(em, viewer, env.payments);
  if (!m?.providerSubscriptionId) throw refuse('BAD_REQUEST', membershipTexts.noMembershipToChange);
  if (m.plan?.id === plan.id) throw refuse('BAD_REQUEST', membershipTexts.samePlan);
  if (m.plan && m.plan.currency !== plan.currency) throw refuse('BAD_REQUEST', membershipTexts.otherCurrency);
  const key = `membership-plan:${viewer.id}:${input.requestId}:${plan.code}`;
  const subscriptionId = m.providerSubscriptionId;
  const state = await changingProvider(em, env, (p) => p.changePlan(subscriptionId, priceOf(plan), key));
  await applyLocally(em, env, state, key, now);
  return currentMembership(em, viewer);
}

/** Where the viewer updates their card (Stripe's billing portal); null without one (test mode, no customer). */
export async function paymentPortal(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  input: { requestId: string },
) {
  const provider = env.payments;
  if (isDevProvider(provider)) return null;
  const customer = await em.findOne(PaymentCustomer, { user: viewer.id, provider: provider.name });
  if (!customer) return null;
  const url = await provider.billingPortalUrl(
    customer.customerId,
    `${env.publicUrl}/me/settings#membership`,
    `billing-portal:${viewer.id}:${input.requestId}`,
  );
  return url ? { url } : null;
}

/**
 * The test-mode provider and one of the viewer's own sessions; not found for anyone else's. `provider` is one whose
 * state is current (`currentProvider`, or the one `changingProvider` passes).
 */
async function ownDevSession(em: EntityManager, provider: PaymentProvider, viewer: User, sessionId: string) {
  if (!isDevProvider(provider)) throw refuse('NOT_FOUND', membershipTexts.testCheckoutUnavailable);
  const session = provider.session(sessionId);
  await enforce(em, viewer, 'payCheckout', { userId: session?.userId ?? null });
  return { provider, session: session! };
}

/** What the test checkout page shows: the session's plan and what paying now costs, always in test mode. */
export async function testCheckout(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  sessionId: string,
) {
  const { session } = await ownDevSession(em, await currentProvider(em, env), viewer, sessionId);
  const plan = await em.findOne(Plan, { code: session.price.planCode });
  const currency = session.price.currency;
  const full = discountedAmount(session.price.amount * session.quantity, session.discount);
  // A trial is charged nothing now; the provider charges the plan when it ends.
  const amount = session.trialDays > 0 ? 0 : full;
  const planName = plan?.name ?? membershipTexts.planName(session.price.period);
  return {
    sessionId: session.id,
    mode: session.mode,
    status: session.status,
    planName,
    plan: {
      code: session.price.planCode,
      name: planName,
      period: session.price.period,
      currency,
      amount: session.price.amount,
      price: formatPrice(session.price.amount, currency),
    },
    quantity: session.quantity,
    discount: session.discount,
    trialDays: session.trialDays,
    /** What the first charge after the trial will be (null without a trial). */
    priceAfterTrial: session.trialDays > 0 ? formatPrice(full, currency) : null,
    /** What the card is charged now, in cents. */
    amount,
    price: formatPrice(amount, currency),
    testMode: true as const,
  };
}

/**
 * The reader pays on the test page: the dev provider's events are applied here exactly as the webhook would
 * apply them. A refused card is a 400 in the provider's words and changes nothing.
 */
export async function completeTestCheckout(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  input: { sessionId: string; card: DevCard },
  now: Date,
): Promise<{ redirect: string }> {
  await ownDevSession(em, await currentProvider(em, env), viewer, input.sessionId);
  return changingProvider(em, env, async (current) => {
    // Read again under the lock: a second tab may have paid meanwhile.
    const { provider, session } = await ownDevSession(em, current, viewer, input.sessionId);
    if (session.status !== 'open') throw refuse('BAD_REQUEST', membershipTexts.checkoutAlreadyPaid);
    let events: PaymentEvent[];
    try {
      events = provider.completeCheckout(session.id, input.card).events;
    } catch (error) {
      if (error instanceof DevCheckoutError) throw refuse('BAD_REQUEST', error.message);
      throw error;
    }
    for (const event of events) await receivePaymentEvent(em, env, event, now);
    return { redirect: session.mode === 'subscription' ? WELCOME_PATH : pathOf(session.successUrl) };
  });
}

/** A same-site path from a URL the server made (the session's success URL). */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return WELCOME_PATH;
  }
}
