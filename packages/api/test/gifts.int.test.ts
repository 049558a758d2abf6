import { Charge, EmailOutbox, Gift, GiftRedemption, Membership, User } from '@quire/db';
import type { PostContent } from '@quire/domain';
import { DevProvider } from '@quire/payments';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter, createContextInner, defaultServiceEnvironment } from '../src';
import { applyPaymentEvent, defaultPlanSettings, syncPlans } from '../src/services/membership';
import { setFlag, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-21T12:00:00Z'));
const dev = new DevProvider({
  webhookSecret: 'gift-test-secret',
  baseUrl: 'http://localhost:3000',
  now: clock.now,
});
const env = defaultServiceEnvironment({ payments: dev });
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

beforeAll(async () => {
  await syncPlans(db.em(), defaultPlanSettings());
});

/** One request's caller, on its own EntityManager fork, as `viewer` (reloaded, so membership is current). */
async function as(viewer: User | null, country: string | null = null) {
  const user = viewer ? await db.em().findOneOrFail(User, viewer.id) : null;
  return appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer: user,
      sessionId: null,
      visitor: { id: 'giftvisitor0001', isBot: false, country },
      ip: '192.0.2.9',
      now: clock.now,
      env,
    }),
  );
}

let requests = 0;
const requestId = () => `gift-request-${Date.now().toString(36)}-${requests++}`;

/** Buys a gift with the dev provider: checkout, the test card, and the provider's event applied. */
async function buyGift(
  buyer: User,
  input: { type?: string; quantity?: number; recipientEmail?: string; recipientName?: string } = {},
) {
  const { url, giftId } = await (await as(buyer)).gifts.checkoutGift({
    type: input.type ?? 'gift',
    requestId: requestId(),
    ...input,
  });
  const session = new URL(url).searchParams.get('session')!;
  const { events } = dev.completeCheckout(session, CARD);
  for (const event of events)
    expect(await applyPaymentEvent(db.em(), event, { now: clock.now() })).toBe('applied');
  const gift = await db.em().findOneOrFail(Gift, giftId, { populate: ['charge'] });
  return { gift, url, events };
}

/** An account with group gifting turned on (spec §3 hasGroupGiftingEnabled). */
async function groupGifter() {
  const em = db.em();
  const user = await buildUser(em);
  user.hasGroupGiftingEnabled = true;
  await em.flush();
  return user;
}

/** A reader with a monthly subscription, paid through the test checkout. */
async function subscriber() {
  const reader = await buildUser(db.em());
  const { url } = await (await as(reader)).membership.checkout({
    planCode: 'monthly-usd',
    requestId: requestId(),
  });
  const sessionId = new URL(url, 'http://localhost').searchParams.get('session')!;
  await (await as(reader)).membership.completeTestCheckout({ sessionId, card: CARD });
  return reader;
}

const memberships = (user: User) =>
  db.em().find(Membership, { user: user.id }, { orderBy: { createdAt: 'asc' }, refresh: true });
const reload = (user: User) => db.em().findOneOrFail(User, user.id);

describe('gift memberships (spec §1, product ids 29 and 31)', () => {
  it('offers a year at the yearly price in the visitor currency, and group gifts only when enabled', async () => {
    const plain = await buildUser(db.em());
    const grouped = await groupGifter();
    const visitor = await (await as(null)).gifts.giftPlans();
    expect(visitor.offers).toEqual([
      expect.objectContaining({
        type: 'gift',
        productId: 29,
        currency: 'USD',
        amount: 5000,
        price: '$50.00',
      }),
    ]);
    expect((await (await as(plain, 'CA')).gifts.giftPlans()).offers).toEqual([
      expect.objectContaining({ type: 'gift', currency: 'CAD', amount: 7000 }),
    ]);
    const group = await (await as(grouped)).gifts.giftPlans();
    expect(group.offers.map((o) => [o.type, o.productId])).toEqual([
      ['gift', 29],
      ['group-gift', 31],
    ]);
  });

  it('is bought with the dev provider and redeemed by another account, who can then read members-only stories', async () => {
    const buyer = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    const friend = await buildUser(db.em());
    const { gift, url } = await buyGift(buyer, {
      recipientEmail: 'Friend.Gift@Example.com',
      recipientName: 'Friend',
    });
    expect(url).toContain('/payment/test-checkout?session=');
    expect([gift.type, gift.productId, gift.quantity, gift.charge?.status]).toEqual([
      'GIFT',
      29,
      1,
      'SUCCEEDED',
    ]);
    expect(gift.code).toMatch(/^[A-Z2-7]{26}$/);
    const charge = await db.em().findOneOrFail(Charge, gift.charge!.id);
    expect([charge.amount, charge.currency, charge.membership]).toEqual([5000, 'USD', null]);

    // The buyer and the recipient are mailed the redeem link through the outbox.
    const link = `http://localhost:3000/redeem-gift?giftCode=${gift.code}&giftType=gift`;
    const toBuyer = await db.em().findOneOrFail(EmailOutbox, { dedupeKey: `gift:${gift.id}:buyer` });
    expect([toBuyer.to, toBuyer.template, toBuyer.payload.link]).toEqual([
      buyer.email,
      'gift-purchased',
      link,
    ]);
    const toFriend = await db.em().findOneOrFail(EmailOutbox, { dedupeKey: `gift:${gift.id}:recipient` });
    expect([toFriend.to, toFriend.template]).toEqual(['friend.gift@example.com', 'gift-received']);
    expect(String(toFriend.payload.text)).toContain(link);

    // The landing names the buyer, never their email.
    const landing = await (await as(null)).gifts.giftByCode({ giftCode: gift.code.toLowerCase() });
    expect(landing).toMatchObject({
      giftType: 'gift',
      productId: 29,
      months: 12,
      remaining: 1,
      fromName: buyer.name,
    });
    expect(JSON.stringify(landing)).not.toContain(buyer.email!);

    const story = await buildPost(db.em(), {
      creator: buyer,
      isLocked: true,
      content: { paragraphs: [{ name: 'p1', type: 'P', text: 'Members only.', markups: [] }] } as PostContent,
    });
    const redeemed = await (await as(friend)).gifts.redeemGift({ giftCode: gift.code, giftType: 'gift' });
    expect(redeemed.redirect).toBe('/welcome-member');
    const after = await reload(friend);
    expect(after.mediumMemberAt).toBe(clock.now().getTime());
    const [m] = await memberships(friend);
    expect([m?.provider, m?.status, m?.gift?.id]).toEqual(['MEDIUM_GIFT', 'ACTIVE', gift.id]);
    expect(m?.currentPeriodEnd?.toISOString()).toBe('2027-11-21T12:00:00.000Z');
    const page = await (await as(friend)).posts.byId({ id: story.id });
    expect(page.__typename === 'Post' && page.meterState).toBe('member');

    // Used: refused in our words, and nothing changes.
    const other = await buildUser(db.em());
    await expect((await as(other)).gifts.redeemGift({ giftCode: gift.code })).rejects.toThrow(
      'This gift has already been redeemed.',
    );
    await expect((await as(null)).gifts.giftByCode({ giftCode: gift.code })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await memberships(other)).toEqual([]);
  });

  it('extends a running gift membership by a year instead of starting another', async () => {
    const buyer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    for (const _ of [1, 2]) {
      const { gift } = await buyGift(buyer);
      await (await as(reader)).gifts.redeemGift({ giftCode: gift.code });
    }
    const ms = await memberships(reader);
    expect(ms).toHaveLength(1);
    expect(ms[0]?.currentPeriodEnd?.toISOString()).toBe('2028-11-21T12:00:00.000Z');
  });

  it("moves a subscriber's next charge back by the gift's year instead of granting a second membership", async () => {
    const buyer = await buildUser(db.em());
    const reader = await subscriber();
    const [before] = await memberships(reader);
    expect(before?.currentPeriodEnd?.toISOString()).toBe('2026-12-21T12:00:00.000Z');

    const { gift } = await buyGift(buyer);
    const result = await (await as(reader)).gifts.redeemGift({ giftCode: gift.code });
    expect(result.currentPeriodEnd).toBe('2027-12-21T12:00:00.000Z');
    const [after, ...others] = await memberships(reader);
    expect(others).toEqual([]);
    expect(after).toMatchObject({ id: before!.id, provider: 'UNKNOWN', status: 'TRIALING' });
    expect(after?.currentPeriodEnd?.toISOString()).toBe('2027-12-21T12:00:00.000Z');
    // At the provider too: nothing is charged until then.
    const state = await dev.getSubscription(after!.providerSubscriptionId!);
    expect([state.status, state.currentPeriodEnd?.toISOString()]).toEqual([
      'trialing',
      '2027-12-21T12:00:00.000Z',
    ]);
    const current = await (await as(reader)).membership.current();
    expect(current.membership?.nextChargeDate).toBe('2027-12-21T12:00:00.000Z');
  });

  it('starts the gift year when a cancelled subscription ends, not alongside it', async () => {
    const buyer = await buildUser(db.em());
    const reader = await subscriber();
    await (await as(reader)).membership.cancel({ requestId: requestId() });
    const { gift } = await buyGift(buyer);
    const result = await (await as(reader)).gifts.redeemGift({ giftCode: gift.code });
    expect(result.currentPeriodEnd).toBe('2027-12-21T12:00:00.000Z');
    const giftMembership = (await memberships(reader)).find((m) => m.provider === 'MEDIUM_GIFT');
    expect(giftMembership?.startedAt.toISOString()).toBe('2026-12-21T12:00:00.000Z');
    expect(Number((await reload(reader)).mediumMemberAt)).toBeGreaterThan(0);
  });

  it('lets exactly one of two concurrent redeems of a single gift win, by one user or by two', async () => {
    const buyer = await buildUser(db.em());
    const { gift } = await buyGift(buyer);
    const [a, b] = [await buildUser(db.em()), await buildUser(db.em())];
    const results = await Promise.allSettled([
      (await as(a)).gifts.redeemGift({ giftCode: gift.code }),
      (await as(b)).gifts.redeemGift({ giftCode: gift.code }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await db.em().findOneOrFail(Gift, gift.id)).redeemedCount).toBe(1);
    expect(await db.em().count(GiftRedemption, { gift: gift.id })).toBe(1);
    expect((await memberships(a)).length + (await memberships(b)).length).toBe(1);

    const { gift: second } = await buyGift(buyer);
    const c = await buildUser(db.em());
    const same = await Promise.allSettled([
      (await as(c)).gifts.redeemGift({ giftCode: second.code }),
      (await as(c)).gifts.redeemGift({ giftCode: second.code }),
    ]);
    expect(same.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await db.em().findOneOrFail(Gift, second.id)).redeemedCount).toBe(1);
    expect(await memberships(c)).toHaveLength(1);
  });

  it('lets a group gift of 3 be redeemed by 3 users, once each, and refuses the 4th', async () => {
    const buyer = await groupGifter();
    const { gift, events } = await buyGift(buyer, { type: 'group-gift', quantity: 3 });
    expect([gift.type, gift.productId, gift.quantity]).toEqual(['GROUP_GIFT', 31, 3]);
    expect(events[0]?.type === 'checkout.completed' && events[0].amount).toBe(15000);
    const buyerMail = await db.em().findOneOrFail(EmailOutbox, { dedupeKey: `gift:${gift.id}:buyer` });
    expect(buyerMail.payload.link).toContain('giftType=group-gift');

    // The buyer may redeem one, but not a second.
    await (await as(buyer)).gifts.redeemGift({ giftCode: gift.code, giftType: 'group-gift' });
    await expect((await as(buyer)).gifts.redeemGift({ giftCode: gift.code })).rejects.toThrow(
      'You have already redeemed this gift.',
    );
    const users = [await buildUser(db.em()), await buildUser(db.em()), await buildUser(db.em())];
    await (await as(users[0]!)).gifts.redeemGift({ giftCode: gift.code });
    expect((await (await as(null)).gifts.giftByCode({ giftCode: gift.code })).remaining).toBe(1);
    await (await as(users[1]!)).gifts.redeemGift({ giftCode: gift.code });
    await expect((await as(users[2]!)).gifts.redeemGift({ giftCode: gift.code })).rejects.toThrow(
      'This gift has already been redeemed.',
    );
    expect(await memberships(users[2]!)).toEqual([]);
    expect((await reload(users[1]!)).mediumMemberAt).toBeGreaterThan(0);
    expect((await db.em().findOneOrFail(Gift, gift.id)).redeemedCount).toBe(3);
  });

  it('prices only from the server, defaults unknown types to gift and refuses group gifts to accounts without them', async () => {
    const buyer = await buildUser(db.em());
    const { gift } = await buyGift(buyer, { type: 'surprise', quantity: 40 });
    expect([gift.type, gift.productId, gift.quantity]).toEqual(['GIFT', 29, 1]);
    await expect(
      (await as(buyer)).gifts.checkoutGift({ type: 'group-gift', quantity: 3, requestId: requestId() }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const grouped = await groupGifter();
    await expect(
      (await as(grouped)).gifts.checkoutGift({ type: 'group-gift', quantity: 1, requestId: requestId() }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      (await as(buyer)).gifts.checkoutGift({
        type: 'gift',
        recipientEmail: 'not-an-email',
        requestId: requestId(),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      (await as(null)).gifts.checkoutGift({ type: 'gift', requestId: requestId() }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('makes one gift and one checkout of a repeated request', async () => {
    const buyer = await buildUser(db.em());
    const id = requestId();
    const first = await (await as(buyer)).gifts.checkoutGift({ type: 'gift', requestId: id });
    const again = await (await as(buyer)).gifts.checkoutGift({ type: 'gift', requestId: id });
    expect(again).toEqual(first);
    expect(await db.em().count(Gift, { purchaser: buyer.id })).toBe(1);
  });

  it('refuses unknown, unpaid and refunded codes, and changes nothing', async () => {
    const buyer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const api = await as(reader);
    await expect(api.gifts.redeemGift({ giftCode: 'NOSUCHCODE' })).rejects.toThrow(
      'This gift code is not valid. Check the code in your gift email.',
    );
    await expect(api.gifts.redeemGift({ giftCode: ' ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { giftId } = await (await as(buyer)).gifts.checkoutGift({ type: 'gift', requestId: requestId() });
    const unpaid = await db.em().findOneOrFail(Gift, giftId);
    await expect(api.gifts.redeemGift({ giftCode: unpaid.code })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const { gift } = await buyGift(buyer);
    const [event] = dev.refund(gift.charge!.providerChargeId!).events;
    await applyPaymentEvent(db.em(), event!, { now: clock.now() });
    await expect(api.gifts.redeemGift({ giftCode: gift.code })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await memberships(reader)).toEqual([]);
    expect(await db.em().count(GiftRedemption, { user: reader.id })).toBe(0);
    expect((await reload(reader)).mediumMemberAt).toBe(0);
  });

  it("applies a refund that arrived before its gift's checkout once the checkout arrives", async () => {
    const buyer = await buildUser(db.em());
    const { url, giftId } = await (await as(buyer)).gifts.checkoutGift({
      type: 'gift',
      requestId: requestId(),
    });
    const { events } = dev.completeCheckout(new URL(url).searchParams.get('session')!, CARD);
    const checkout = events.find((e) => e.type === 'checkout.completed');
    if (checkout?.type !== 'checkout.completed' || !checkout.chargeId)
      throw new Error('no charge in the checkout');
    const [refund] = dev.refund(checkout.chargeId).events;
    expect(await applyPaymentEvent(db.em(), refund!, { now: clock.now() })).toBe('deferred');
    for (const event of events) await applyPaymentEvent(db.em(), event, { now: clock.now() });
    const gift = await db.em().findOneOrFail(Gift, giftId, { populate: ['charge'], refresh: true });
    expect(gift.charge?.status).toBe('REFUNDED');
    const reader = await buildUser(db.em());
    await expect((await as(reader)).gifts.redeemGift({ giftCode: gift.code })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a code past its redeem window, granting nothing', async () => {
    const buyer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const { gift } = await buyGift(buyer);
    const later = 366 * 86_400_000;
    clock.advance(later);
    try {
      await expect((await as(reader)).gifts.redeemGift({ giftCode: gift.code })).rejects.toThrow(
        'This gift code has expired.',
      );
    } finally {
      clock.advance(-later);
    }
    expect(await memberships(reader)).toEqual([]);
    expect((await db.em().findOneOrFail(Gift, gift.id)).redeemedCount).toBe(0);
  });

  it('turns the gift offers and checkout off with disable_lite_gift_page; bought codes still redeem', async () => {
    const buyer = await buildUser(db.em());
    const { gift } = await buyGift(buyer);
    await setFlag(db.em(), 'disable_lite_gift_page', true);
    try {
      await expect((await as(null)).gifts.giftPlans()).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(
        (await as(buyer)).gifts.checkoutGift({ type: 'gift', requestId: requestId() }),
      ).rejects.toThrow('Gift memberships are not available right now.');
      const reader = await buildUser(db.em());
      await (await as(reader)).gifts.redeemGift({ giftCode: gift.code });
      expect((await reload(reader)).mediumMemberAt).toBeGreaterThan(0);
    } finally {
      await setFlag(db.em(), 'disable_lite_gift_page', false);
    }
  });

  it('keeps a test-mode gift checkout in PostgreSQL, so it can be paid after a restart', async () => {
    const buyer = await buildUser(db.em(), { name: 'Restart Gift Buyer' });
    const { url } = await (await as(buyer)).gifts.checkoutGift({ type: 'gift', requestId: requestId() });
    const session = new URL(url, 'http://localhost').searchParams.get('session');
    expect(session).toBeTruthy();
    const rows = await db
      .em()
      .execute<{ state: string }[]>(
        `select state::text as state from dev_payment_states where key = 'dev-provider'`,
      );
    expect(rows[0]?.state).toContain(session);
  });
});
