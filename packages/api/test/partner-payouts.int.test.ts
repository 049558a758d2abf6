import { randomBytes } from 'node:crypto';
import { Earning, PartnerEnrollment, Payout, TaxDocument, User } from '@quire/db';
import { PAYOUT_MINIMUM_CENTS, partnerTexts, TaxDocumentStatus } from '@quire/domain';
import { DevProvider, StripeProvider } from '@quire/payments';
import { type FakeStripe, startFakeStripe } from '@quire/payments/testing';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServiceEnvironment, type ServiceEnvironment } from '../src';
import { payOutWriter, runMonthlyPayouts } from '../src/services/partner';
import { callerAs, refusal, testClock } from './auth-helpers';

/*
 * Stripe Connect onboarding and the monthly transfers against the local fake Stripe server: the real stripe SDK
 * sends its requests to it, so the parameters, idempotency keys and errors are Stripe's own shapes.
 */

const db = useTestDatabase();
// The 8th: November's payout day.
const clock = testClock(new Date('2026-12-08T06:00:00Z'));
let fake: FakeStripe;
let stripeEnv: ServiceEnvironment;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripeEnv = defaultServiceEnvironment({
    publicUrl: 'https://quire.test',
    payments: new StripeProvider(fake.providerOptions),
  });
});
afterAll(() => fake?.stop());

const as = (viewer: User | null, env = stripeEnv) => callerAs(db, clock, viewer, env);

/** An enrolled writer (eligibility and terms done), paid in the US. */
async function enrolledWriter(env = stripeEnv) {
  const em = db.em();
  const user = await buildUser(em);
  user.emailVerifiedAt = new Date('2026-01-01T00:00:00Z');
  await em.flush();
  await as(user, env).partner.start({ country: 'US' });
  await as(user, env).partner.acceptTerms({ accept: true });
  return em.findOneOrFail(User, user.id, { refresh: true });
}

/** The writer's tax forms, as the review would leave them. */
async function setTaxStatus(user: User, status: TaxDocumentStatus) {
  const em = db.em();
  const doc = await em.findOneOrFail(TaxDocument, { user: user.id });
  doc.status = status;
  await em.flush();
}

/** Ledger rows of a writer, one per day given. */
async function earn(user: User, days: Record<string, number>) {
  const em = db.em();
  for (const [day, amount] of Object.entries(days)) {
    em.create(Earning, { user: user.id, post: null, periodStart: day, periodEnd: day, amount });
  }
  await em.flush();
}

/** A writer whose Stripe account finished onboarding, with approved tax forms. */
async function payableWriter() {
  const writer = await enrolledWriter();
  await as(writer).partner.setupPayouts();
  const enrollment = await db.em().findOneOrFail(PartnerEnrollment, { user: writer.id });
  fake.completeOnboarding(enrollment.stripeAccountId!);
  await setTaxStatus(writer, TaxDocumentStatus.APPROVED);
  return { writer, accountId: enrollment.stripeAccountId! };
}

const transfersTo = (accountId: string) =>
  [...fake.state.transfers.values()].filter((transfer) => transfer.destination === accountId);

describe('Stripe Connect onboarding', () => {
  it('creates one Express account per writer and sends them to Stripe, back to stripe/finish', async () => {
    const writer = await enrolledWriter();
    const first = await as(writer).partner.setupPayouts();
    const enrollment = await db.em().findOneOrFail(PartnerEnrollment, { user: writer.id });
    expect(enrollment.stripeAccountId).toMatch(/^acct_/);
    expect(first.url).toBe(`${fake.url}/setup/e/${enrollment.stripeAccountId}`);
    const account = fake.state.accounts.get(enrollment.stripeAccountId!)!;
    expect(account).toMatchObject({ type: 'express', country: 'US', metadata: { quireUserId: writer.id } });
    // Again (the writer came back through the refresh URL): the same account, a new link.
    await as(writer).partner.setupPayouts();
    expect(
      [...fake.state.accounts.values()].filter((a) => a.metadata.quireUserId === writer.id),
    ).toHaveLength(1);
    const link = fake.state.requests.filter((r) => r.path === '/v1/account_links');
    expect(link.length).toBeGreaterThanOrEqual(2);

    const before = await as(writer).partner.payoutAccount();
    expect(before.account).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false });
    expect(before.account?.requirementsDue.length).toBeGreaterThan(0);
    expect(await refusal(as(writer).partner.payoutDashboardLink())).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.finishIncomplete,
    });

    fake.completeOnboarding(enrollment.stripeAccountId!);
    const after = await as(writer).partner.payoutAccount();
    expect(after.account).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
    });
    expect((await db.em().findOneOrFail(PartnerEnrollment, { user: writer.id })).payoutsEnabled).toBe(true);
    expect((await as(writer).partner.payoutDashboardLink()).url).toBe(
      `${fake.url}/express/${enrollment.stripeAccountId}`,
    );
  });

  it('is for enrolled writers only, each with their own account', async () => {
    const reader = await buildUser(db.em());
    expect(await refusal(as(reader).partner.setupPayouts())).toEqual({
      code: 'FORBIDDEN',
      message: partnerTexts.mustEnrollForPayouts,
    });
    expect(await refusal(as(null).partner.setupPayouts())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await as(reader).partner.payoutAccount()).account).toBeNull();
    expect(await refusal(as(reader).partner.payoutDashboardLink())).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('monthly transfers', () => {
  it('pays the previous month once, with the month’s idempotency key', async () => {
    const { writer, accountId } = await payableWriter();
    await earn(writer, { '2026-11-03': 700, '2026-11-30': 650, '2026-12-01': 999 });
    // Before the 8th, November is not yet due.
    await runMonthlyPayouts(db.em(), stripeEnv, new Date('2026-12-07T06:00:00Z'));
    expect(transfersTo(accountId)).toHaveLength(0);
    const first = await runMonthlyPayouts(db.em(), stripeEnv, clock.now());
    expect(first.failed).toBe(0);
    const transfers = transfersTo(accountId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 1350, currency: 'usd', metadata: { period: '2026-11' } });
    const key = `payout-${writer.id}-2026-11`;
    expect(
      fake.state.requests.filter((r) => r.path === '/v1/transfers' && r.idempotencyKey === key),
    ).toHaveLength(1);
    const payout = await db.em().findOneOrFail(Payout, { user: writer.id });
    expect(payout).toMatchObject({
      status: 'PAID',
      amount: 1350,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      providerPayoutId: transfers[0]!.id,
    });
    // A rerun the same day, and the next day: no money moves twice.
    await runMonthlyPayouts(db.em(), stripeEnv, clock.now());
    await runMonthlyPayouts(db.em(), stripeEnv, new Date('2026-12-09T06:00:00Z'));
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(await db.em().count(Payout, { user: writer.id })).toBe(1);
    const view = await as(writer).partner.payoutAccount();
    expect(view.payouts).toEqual([
      expect.objectContaining({ amount: 1350, status: 'PAID', periodStart: '2026-11-01' }),
    ]);
    // December's 999 cents are not yet paid.
    expect(view.unpaidBalance).toBe(999);
  });

  it('carries a balance under the minimum over to the next month', async () => {
    const { writer, accountId } = await payableWriter();
    await earn(writer, { '2026-11-10': PAYOUT_MINIMUM_CENTS - 1 });
    const december = await payOutWriter(
      db.em(),
      stripeEnv,
      writer.id,
      new Date('2026-11-01T00:00:00Z'),
      clock.now(),
    );
    expect(december).toEqual({ outcome: 'below-minimum', balance: PAYOUT_MINIMUM_CENTS - 1 });
    expect(transfersTo(accountId)).toHaveLength(0);
    expect(await db.em().count(Payout, { user: writer.id })).toBe(0);
    await earn(writer, { '2026-12-15': 2 });
    await runMonthlyPayouts(db.em(), stripeEnv, new Date('2027-01-08T06:00:00Z'));
    expect(transfersTo(accountId).map((t) => t.amount)).toEqual([PAYOUT_MINIMUM_CENTS + 1]);
    expect(await db.em().findOneOrFail(Payout, { user: writer.id })).toMatchObject({
      periodStart: '2026-12-01',
      amount: PAYOUT_MINIMUM_CENTS + 1,
    });
  });

  it('moves money once when the transfer went through but its answer was lost', async () => {
    const { writer, accountId } = await payableWriter();
    await earn(writer, { '2026-11-20': 4200 });
    // The first attempt reached Stripe, then the process died before recording it: the row is still PENDING.
    const em = db.em();
    const pending = em.create(Payout, {
      user: writer.id,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      amount: 4200,
      status: 'PENDING',
    });
    await em.flush();
    await stripeEnv.payments.createTransfer({
      accountId,
      amount: 4200,
      currency: 'USD',
      idempotencyKey: `payout-${writer.id}-2026-11`,
      metadata: { quireUserId: writer.id, period: '2026-11', payoutId: pending.id },
    });
    await runMonthlyPayouts(db.em(), stripeEnv, clock.now());
    expect(transfersTo(accountId)).toHaveLength(1);
    const replayed = fake.state.requests.filter(
      (r) => r.path === '/v1/transfers' && r.idempotencyKey === `payout-${writer.id}-2026-11`,
    );
    expect(replayed.map((r) => r.replayed)).toEqual([false, true]);
    expect(await db.em().findOneOrFail(Payout, pending.id)).toMatchObject({ status: 'PAID', amount: 4200 });
  });

  it('retries a failed month with its own amount before paying the next, so nothing is paid twice', async () => {
    const { writer, accountId } = await payableWriter();
    await earn(writer, { '2026-10-12': 3000, '2026-11-12': 2000 });
    const em = db.em();
    // October's transfer failed at Stripe (its row keeps the amount).
    em.create(Payout, {
      user: writer.id,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      amount: 3000,
      status: 'FAILED',
      failureReason: 'The platform balance was too low.',
    });
    await em.flush();
    const month = new Date('2026-11-01T00:00:00Z');
    // Paying November alone would count October's money again: refused until October goes through.
    expect(await refusal(payOutWriter(db.em(), stripeEnv, writer.id, month, clock.now()))).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.earlierPayoutUnfinished,
    });
    await runMonthlyPayouts(db.em(), stripeEnv, clock.now());
    expect(transfersTo(accountId).map((t) => [t.metadata.period, t.amount])).toEqual([
      ['2026-10', 3000],
      ['2026-11', 2000],
    ]);
    const rows = await db.em().find(Payout, { user: writer.id }, { orderBy: { periodStart: 'asc' } });
    expect(rows.map((r) => [r.status, r.amount])).toEqual([
      ['PAID', 3000],
      ['PAID', 2000],
    ]);
  });

  it('pays nothing without a connected account, an enabled account or approved tax forms, with a clear error', async () => {
    const noAccount = await enrolledWriter();
    await setTaxStatus(noAccount, TaxDocumentStatus.APPROVED);
    await earn(noAccount, { '2026-11-05': 5000 });
    const month = new Date('2026-11-01T00:00:00Z');
    expect(await refusal(payOutWriter(db.em(), stripeEnv, noAccount.id, month, clock.now()))).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.noAccountForPayout,
    });

    const unfinished = await enrolledWriter();
    await as(unfinished).partner.setupPayouts();
    await setTaxStatus(unfinished, TaxDocumentStatus.APPROVED);
    await earn(unfinished, { '2026-11-05': 5000 });
    expect(await refusal(payOutWriter(db.em(), stripeEnv, unfinished.id, month, clock.now()))).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.payoutsNotEnabled,
    });

    const { writer: untaxed, accountId } = await payableWriter();
    await setTaxStatus(untaxed, TaxDocumentStatus.PENDING);
    await earn(untaxed, { '2026-11-05': 5000 });
    expect(await refusal(payOutWriter(db.em(), stripeEnv, untaxed.id, month, clock.now()))).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.taxFormsNotApproved,
    });
    await runMonthlyPayouts(db.em(), stripeEnv, clock.now());
    expect(transfersTo(accountId)).toHaveLength(0);
    expect(await db.em().count(Payout, { user: { $in: [noAccount.id, unfinished.id, untaxed.id] } })).toBe(0);
    // The writer whose forms are missing has earnings withheld from now.
    const doc = await db.em().findOneOrFail(TaxDocument, { user: untaxed.id }, { refresh: true });
    expect(doc.earningsFirstWithheldAt).toEqual(clock.now());
  });
});

describe('test mode (no Stripe key)', () => {
  it('simulates onboarding on a local page and records transfers, moving no money', async () => {
    const dev = new DevProvider({
      webhookSecret: randomBytes(16).toString('hex'),
      baseUrl: 'https://quire.test',
    });
    const devEnv = defaultServiceEnvironment({ publicUrl: 'https://quire.test', payments: dev });
    const writer = await enrolledWriter(devEnv);
    const setup = await as(writer, devEnv).partner.setupPayouts();
    const enrollment = await db.em().findOneOrFail(PartnerEnrollment, { user: writer.id });
    expect(setup.url).toBe(
      `https://quire.test/payout/test-onboarding?account=${encodeURIComponent(enrollment.stripeAccountId!)}`,
    );
    expect((await as(writer, devEnv).partner.status()).testMode).toBe(true);
    const other = await enrolledWriter(devEnv);
    expect(
      await refusal(
        as(other, devEnv).partner.completeTestOnboarding({ accountId: enrollment.stripeAccountId! }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: partnerTexts.accountNotFound });
    const done = await as(writer, devEnv).partner.completeTestOnboarding({
      accountId: enrollment.stripeAccountId!,
    });
    expect(done.returnUrl).toBe('https://quire.test/me/settings/payout/stripe/finish');
    expect((await as(writer, devEnv).partner.payoutAccount()).account).toMatchObject({
      payoutsEnabled: true,
    });
    await setTaxStatus(writer, TaxDocumentStatus.APPROVED);
    await earn(writer, { '2026-11-11': 1500 });
    // The file's Stripe writers fail here (their accounts are Stripe's); this writer is paid.
    await runMonthlyPayouts(db.em(), devEnv, clock.now());
    expect(dev.devTransfers().map((t) => t.amount)).toEqual([1500]);
    await runMonthlyPayouts(db.em(), devEnv, clock.now());
    expect(dev.devTransfers()).toHaveLength(1);
    // Stripe's test pages are not available here.
    expect(await refusal(as(writer).partner.completeTestOnboarding({ accountId: 'acct_x' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
