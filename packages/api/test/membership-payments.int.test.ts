import { Charge, Membership, PaymentEventRecord, User } from '@quire/db';
import { membershipTexts, type PostContent } from '@quire/domain';
import { DevProvider } from '@quire/payments';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter, createContextInner, defaultServiceEnvironment, type ServiceEnvironment } from '../src';
import {
  defaultPlanSettings,
  loadDevPaymentState,
  startCheckout,
  syncPlans,
} from '../src/services/membership';
import { testClock } from './auth-helpers';

/*
 * The test-mode money path through the procedures, as the reader's pages call them: checkout, the test
 * checkout page, paying with a test card, then cancel, resume and a plan change; and the provider's state
 * read back from PostgreSQL as a restarted server would.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-21T12:00:00Z'));
const SECRET_KEY = 'dev-webhook-secret-for-tests-0001';

const SECRET = 'The members-only ending nobody else may read.';
const content: PostContent = {
  paragraphs: [
    { name: 'p1', type: 'P', text: 'An opening anyone may read.', markups: [] },
    { name: 'p2', type: 'P', text: 'A second paragraph, still free.', markups: [] },
    { name: 'p3', type: 'P', text: 'A third, the last of the preview.', markups: [] },
    { name: 'p4', type: 'P', text: SECRET, markups: [] },
  ],
};

const devEnv = (provider = new DevProvider({ webhookSecret: SECRET_KEY, now: clock.now })) =>
  defaultServiceEnvironment({ payments: provider, membershipGracePeriodDays: 7 });
let env: ServiceEnvironment;

beforeAll(async () => {
  await syncPlans(db.em(), defaultPlanSettings());
  env = devEnv();
});

/** One request's caller, as the viewer, in a services environment. */
const api = (viewer: User | null, services: ServiceEnvironment = env) =>
  appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer,
      sessionId: null,
      visitor: { id: 'visitor00000001', isBot: false, country: null },
      ip: '192.0.2.1',
      now: clock.now,
      env: services,
    }),
  );

/** The user as the database has them now (the viewer of a new request). */
const fresh = (user: User) => db.em().findOneOrFail(User, user.id);

const sessionOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('session')!;

let sequence = 0;
const requestId = () => `req-${Date.now().toString(36)}-${(sequence++).toString().padStart(4, '0')}`;

const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const declinedCard = { ...goodCard, number: '4000 0000 0000 0002' };

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
}

/** A reader who paid for a plan through the test checkout. */
async function member(planCode = 'monthly-usd', services = env) {
  const user = await buildUser(db.em());
  const { url } = await api(user, services).membership.checkout({ planCode, requestId: requestId() });
  await api(user, services).membership.completeTestCheckout({ sessionId: sessionOf(url), card: goodCard });
  return fresh(user);
}

describe('the test-mode checkout (spec §2 Money and membership paths)', () => {
  it('takes a reader from checkout to member, and a members-only story then reads in full', async () => {
    const author = await buildUser(db.em());
    const story = await buildPost(db.em(), { creator: author, isLocked: true, content });
    const reader = await buildUser(db.em());
    const id = requestId();

    const first = await api(reader).membership.checkout({ planCode: 'monthly-usd', requestId: id });
    // A double click sends the same request id: one session.
    const again = await api(reader).membership.checkout({ planCode: 'monthly-usd', requestId: id });
    expect(again.url).toBe(first.url);
    expect(first.url).toMatch(/^\/payment\/test-checkout\?session=dev_cs_/);
    const sessionId = sessionOf(first.url);

    const page = await api(reader).membership.testCheckout({ sessionId });
    expect(page).toMatchObject({
      sessionId,
      mode: 'subscription',
      status: 'open',
      planName: 'Monthly membership',
      plan: { code: 'monthly-usd', period: 'MONTHLY', currency: 'USD', amount: 500, price: '$5.00' },
      amount: 500,
      price: '$5.00',
      testMode: true,
    });
    // Someone else's session does not exist for them.
    const stranger = await buildUser(db.em());
    expect(await refusal(api(stranger).membership.testCheckout({ sessionId }))).toEqual({
      code: 'NOT_FOUND',
      message: membershipTexts.checkoutNotFound,
    });
    expect(
      await refusal(api(stranger).membership.completeTestCheckout({ sessionId, card: goodCard })),
    ).toMatchObject({ code: 'NOT_FOUND' });

    expect(await api(reader).membership.completeTestCheckout({ sessionId, card: goodCard })).toEqual({
      redirect: '/welcome-member',
    });
    const now = await fresh(reader);
    expect(Number(now.mediumMemberAt)).toBeGreaterThan(0);
    const current = await api(now).membership.current();
    expect(current.isMember).toBe(true);
    expect(current.membership).toMatchObject({
      status: 'ACTIVE',
      plan: { code: 'monthly-usd' },
      cancelAtPeriodEnd: false,
      card: { brand: 'VISA', last4: '4242', label: 'Visa ending in 4242' },
      nextChargeDate: '2026-12-21T12:00:00.000Z',
    });
    const history = await api(now).membership.billingHistory();
    expect(history.charges.map((c) => [c.amount, c.currency, c.status])).toEqual([[500, 'USD', 'SUCCEEDED']]);

    const read = await api(now).posts.byId({ id: story.id });
    if (read.__typename !== 'Post') throw new Error(read.__typename);
    expect(read.meterState).toBe('member');
    expect(JSON.stringify(read)).toContain(SECRET);

    // Paying twice, or checking out again as a member, is refused in our words.
    expect(await refusal(api(now).membership.completeTestCheckout({ sessionId, card: goodCard }))).toEqual({
      code: 'BAD_REQUEST',
      message: membershipTexts.checkoutAlreadyPaid,
    });
    expect(
      await refusal(api(now).membership.checkout({ planCode: 'yearly-usd', requestId: requestId() })),
    ).toEqual({ code: 'CONFLICT', message: membershipTexts.alreadySubscribed });
  });

  it('refuses a declined card with a clear 400 and leaves the reader a non-member', async () => {
    const reader = await buildUser(db.em());
    const { url } = await api(reader).membership.checkout({
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const sessionId = sessionOf(url);
    expect(
      await refusal(api(reader).membership.completeTestCheckout({ sessionId, card: declinedCard })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    expect(
      await refusal(
        api(reader).membership.completeTestCheckout({ sessionId, card: { ...goodCard, expYear: 2020 } }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Your card has expired.' });
    expect(Number((await fresh(reader)).mediumMemberAt)).toBe(0);
    expect(await db.em().count(Membership, { user: reader.id })).toBe(0);
    // The session is still open: the right card pays it.
    await api(reader).membership.completeTestCheckout({ sessionId, card: goodCard });
    expect(Number((await fresh(reader)).mediumMemberAt)).toBeGreaterThan(0);
  });

  it('offers the yearly plan at half price to a reader who was never a member', async () => {
    const reader = await buildUser(db.em());
    const { url } = await api(reader).membership.checkout({ planCode: 'yearly-usd', requestId: requestId() });
    const page = await api(reader).membership.testCheckout({ sessionId: sessionOf(url) });
    expect(page).toMatchObject({ discount: 'FIFTY_PERCENT_OFF_ONE_YEAR', amount: 2500, price: '$25.00' });
    await api(reader).membership.completeTestCheckout({ sessionId: sessionOf(url), card: goodCard });
    const current = await api(await fresh(reader)).membership.current();
    expect(current.membership).toMatchObject({
      discount: 'FIFTY_PERCENT_OFF_ONE_YEAR',
      plan: { code: 'yearly-usd' },
    });
  });

  it('starts a free trial for a reader who was never a member, when the site offers one', async () => {
    const trialEnv = defaultServiceEnvironment({
      payments: new DevProvider({ webhookSecret: SECRET_KEY, now: clock.now }),
      membershipGracePeriodDays: 7,
      membershipTrialDays: 14,
    });
    const reader = await buildUser(db.em());
    const plans = await api(reader, trialEnv).membership.plans();
    expect(plans.plans.map((p) => p.trialDays)).toEqual([14, 14]);
    // Without the setting, nobody is offered a trial.
    expect((await api(reader).membership.plans()).plans.map((p) => p.trialDays)).toEqual([0, 0]);

    const { url } = await api(reader, trialEnv).membership.checkout({
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const sessionId = sessionOf(url);
    expect(await api(reader, trialEnv).membership.testCheckout({ sessionId })).toMatchObject({
      trialDays: 14,
      amount: 0,
      price: '$0.00',
      priceAfterTrial: '$5.00',
    });
    await api(reader, trialEnv).membership.completeTestCheckout({ sessionId, card: goodCard });
    const now = await fresh(reader);
    const current = await api(now, trialEnv).membership.current();
    expect(current.isMember).toBe(true);
    expect(current.membership).toMatchObject({
      status: 'TRIALING',
      plan: { code: 'monthly-usd' },
      nextChargeDate: '2026-12-05T12:00:00.000Z',
    });
    // Nothing was charged for the trial.
    const history = await api(now, trialEnv).membership.billingHistory();
    expect(history.charges.filter((c) => c.amount > 0)).toEqual([]);

    // A former member is not offered a second trial.
    const former = await buildUser(db.em(), { hasPastMemberships: true });
    expect((await api(former, trialEnv).membership.plans()).plans.map((p) => p.trialDays)).toEqual([0, 0]);
    const again = await api(former, trialEnv).membership.checkout({
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    expect(
      await api(former, trialEnv).membership.testCheckout({ sessionId: sessionOf(again.url) }),
    ).toMatchObject({ trialDays: 0, amount: 500, priceAfterTrial: null });
  });

  it('carries the referring writer in the checkout, and refuses a username that does not exist', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const { url } = await api(reader).membership.checkout({
      planCode: 'monthly-usd',
      requestId: requestId(),
      referrer: writer.username,
    });
    const session = (env.payments as DevProvider).session(sessionOf(url));
    expect(session?.metadata).toMatchObject({
      userId: reader.id,
      planCode: 'monthly-usd',
      referrerUserId: writer.id,
    });
    expect(session?.cancelUrl).toBe(`http://localhost:3000/membership/@${writer.username}`);
    const sessions = Object.keys((env.payments as DevProvider).snapshot().sessions).length;
    expect(
      await refusal(
        api(reader).membership.checkout({
          planCode: 'monthly-usd',
          requestId: requestId(),
          referrer: 'nobody-here-x',
        }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'This profile does not exist.' });
    expect(Object.keys((env.payments as DevProvider).snapshot().sessions).length).toBe(sessions);
    // Paid: the membership keeps its referrer and the charge the period it pays for (the Partner Program ledger).
    await api(reader).membership.completeTestCheckout({ sessionId: sessionOf(url), card: goodCard });
    const joined = await db.em().findOneOrFail(Membership, { user: reader.id });
    expect(joined.referrer?.id).toBe(writer.id);
    const [paid] = await db.em().find(Charge, { membership: joined.id, status: 'SUCCEEDED' });
    expect(paid?.periodEnd?.toISOString()).toBe(joined.currentPeriodEnd?.toISOString());
  });

  it('refuses bad input with a clear 400 and starts nothing', async () => {
    const reader = await buildUser(db.em());
    const sessions = Object.keys((env.payments as DevProvider).snapshot().sessions).length;
    expect(
      await refusal(api(reader).membership.checkout({ planCode: 'lifetime-usd', requestId: requestId() })),
    ).toEqual({ code: 'BAD_REQUEST', message: membershipTexts.planNotAvailable });
    expect(
      await refusal(api(reader).membership.checkout({ planCode: 'monthly-usd', requestId: 'x' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('requestId must be 8 to 100 characters.'),
    });
    expect(await refusal(api(reader).membership.cancel({ requestId: requestId() }))).toEqual({
      code: 'BAD_REQUEST',
      message: membershipTexts.noMembershipToCancel,
    });
    expect(await refusal(api(reader).membership.resume({ requestId: requestId() }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      await refusal(api(reader).membership.changePlan({ planCode: 'yearly-usd', requestId: requestId() })),
    ).toEqual({ code: 'BAD_REQUEST', message: membershipTexts.noMembershipToChange });
    expect(
      await refusal(api(null).membership.checkout({ planCode: 'monthly-usd', requestId: requestId() })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(
      await refusal(
        api(reader).membership.completeTestCheckout({
          sessionId: 'dev_cs_missing',
          card: { ...goodCard, expMonth: 13 },
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(Object.keys((env.payments as DevProvider).snapshot().sessions).length).toBe(sessions);
  });
});

describe('cancel, resume and plan changes through the provider', () => {
  it('cancels at the period end and resumes, at the provider and here, once per request id', async () => {
    const reader = await member();
    const m = await db.em().findOneOrFail(Membership, { user: reader.id });
    const cancelId = requestId();
    const canceled = await api(reader).membership.cancel({ requestId: cancelId });
    expect(canceled.membership).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      nextChargeDate: null,
    });
    expect(canceled.isMember).toBe(true);
    expect((await env.payments.getSubscription(m.providerSubscriptionId!)).cancelAtPeriodEnd).toBe(true);
    // A retried click changes nothing more.
    expect((await api(reader).membership.cancel({ requestId: cancelId })).membership?.cancelAtPeriodEnd).toBe(
      true,
    );

    const resumed = await api(reader).membership.resume({ requestId: requestId() });
    expect(resumed.membership).toMatchObject({
      cancelAtPeriodEnd: false,
      nextChargeDate: '2026-12-21T12:00:00.000Z',
    });
    expect((await env.payments.getSubscription(m.providerSubscriptionId!)).cancelAtPeriodEnd).toBe(false);
    // The local changes are stored as events of ours, once each.
    expect(
      await db
        .em()
        .count(PaymentEventRecord, { providerEventId: { $like: `quire:membership-%:${reader.id}:%` } }),
    ).toBe(2);
  });

  it('moves to another plan in the same currency, and refuses the same plan or another currency', async () => {
    const reader = await member();
    const changed = await api(reader).membership.changePlan({
      planCode: 'yearly-usd',
      requestId: requestId(),
    });
    expect(changed.membership?.plan?.code).toBe('yearly-usd');
    const m = await db.em().findOneOrFail(Membership, { user: reader.id });
    expect((await env.payments.getSubscription(m.providerSubscriptionId!)).metadata.planCode).toBe(
      'yearly-usd',
    );
    expect(
      await refusal(api(reader).membership.changePlan({ planCode: 'yearly-usd', requestId: requestId() })),
    ).toEqual({ code: 'BAD_REQUEST', message: membershipTexts.samePlan });
    expect(
      await refusal(api(reader).membership.changePlan({ planCode: 'monthly-cad', requestId: requestId() })),
    ).toEqual({ code: 'BAD_REQUEST', message: membershipTexts.otherCurrency });
  });

  it('has no payment portal in test mode', async () => {
    const reader = await member();
    expect(await api(reader).membership.paymentPortal({ requestId: requestId() })).toBeNull();
  });
});

describe('the test-mode provider across a restart', () => {
  it('keeps an open session and a subscription in PostgreSQL, and a restarted provider completes it', async () => {
    const reader = await buildUser(db.em());
    const { url } = await api(reader).membership.checkout({
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const sessionId = sessionOf(url);

    // A new process: a new provider built from the stored state.
    const restarted = devEnv(
      new DevProvider({
        webhookSecret: SECRET_KEY,
        now: clock.now,
        state: await loadDevPaymentState(db.em()),
      }),
    );
    expect((await api(reader, restarted).membership.testCheckout({ sessionId })).status).toBe('open');
    await api(reader, restarted).membership.completeTestCheckout({ sessionId, card: goodCard });
    expect(Number((await fresh(reader)).mediumMemberAt)).toBeGreaterThan(0);

    const m = await db.em().findOneOrFail(Membership, { user: reader.id });
    const again = new DevProvider({ webhookSecret: SECRET_KEY, state: await loadDevPaymentState(db.em()) });
    expect((await again.getSubscription(m.providerSubscriptionId!)).status).toBe('active');
    expect(again.session(sessionId)?.status).toBe('complete');
  });
});

describe('the test-mode provider in several processes at once', () => {
  it("lets each process's copy see the others' changes, and never overwrites one with stale state", async () => {
    // Two web processes, each with its own copy built before either changed anything.
    const stored = await loadDevPaymentState(db.em());
    const copy = () => devEnv(new DevProvider({ webhookSecret: SECRET_KEY, now: clock.now, state: stored }));
    const [a, b] = [copy(), copy()];
    const reader = await buildUser(db.em());
    const other = await buildUser(db.em());

    // A checkout started in one process opens, and is paid, in the other.
    const { url } = await api(reader, a).membership.checkout({
      planCode: 'monthly-usd',
      requestId: requestId(),
    });
    const sessionId = sessionOf(url);
    expect((await api(reader, b).membership.testCheckout({ sessionId })).status).toBe('open');
    await api(reader, b).membership.completeTestCheckout({ sessionId, card: goodCard });
    expect((await api(reader, a).membership.testCheckout({ sessionId })).status).toBe('complete');

    // A change in the first process after that keeps the second's payment in the stored state.
    const second = await api(other, a).membership.checkout({
      planCode: 'yearly-usd',
      requestId: requestId(),
    });
    const saved = new DevProvider({ webhookSecret: SECRET_KEY, state: await loadDevPaymentState(db.em()) });
    expect(saved.session(sessionId)?.status).toBe('complete');
    expect(saved.session(sessionOf(second.url))?.status).toBe('open');
    const m = await db.em().findOneOrFail(Membership, { user: reader.id });
    expect((await saved.getSubscription(m.providerSubscriptionId!)).status).toBe('active');
  });

  it('undoes in a copy a change whose transaction rolled back, at its next use', async () => {
    const reader = await buildUser(db.em());
    let sessionId = '';
    await expect(
      db.em().transactional(async (tx) => {
        const { url } = await startCheckout(tx, env, reader, {
          planCode: 'monthly-usd',
          requestId: requestId(),
        });
        sessionId = sessionOf(url);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The copy made the session in memory; the stored state never had it, and the next use reads that again.
    expect(sessionId).not.toBe('');
    expect(await refusal(api(reader).membership.testCheckout({ sessionId }))).toEqual({
      code: 'NOT_FOUND',
      message: membershipTexts.checkoutNotFound,
    });
  });
});
