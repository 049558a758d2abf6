import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Charge, Gift, newId, Plan, type User } from '@quire/db';
import {
  formatPrice,
  GIFT_MONTHS,
  GIFT_PRODUCT_IDS,
  type GiftUrlType,
  GROUP_GIFT_MAX_QUANTITY,
  GROUP_GIFT_MIN_QUANTITY,
  giftTexts,
  giftTypeOf,
  giftUrlType,
  type MembershipCurrency,
  membershipCurrencyFor,
  membershipCurrencyOf,
  redeemGiftPath,
} from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import type { PaymentEvent } from '@quire/payments';
import { TRPCError } from '@trpc/server';
import { allows, enforce } from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { changingProvider } from './dev-state';

/** Spec §6: turns off the gift landing and gift checkout. */
export const GIFT_PAGE_FLAG = 'disable_lite_gift_page';

const _DAY_MS = 86_400_000;

const refuse = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

/** The yearly plan a gift gives, in the visitor's currency. */
async function giftPlan(em: EntityManager, currency: MembershipCurrency): Promise<Plan | null> {
  return em.findOne(Plan, { currency, period: 'YEARLY', isActive: true }, { orderBy: { id: 'asc' } });
}

/** One offer on the gift plans page. */
export interface GiftOffer {
  type: GiftUrlType;
  productId: number;
  name: string;
  months: number;
  currency: MembershipCurrency;
  /** Cents for one membership; a group gift costs `amount` × its quantity. */
  amount: number;
  price: string;
}

/**
 * The gift offers for the viewer (spec §1): a year of membership (product 29) at the yearly plan's price in
 * the visitor's currency, and a group gift (product 31, N × that price) only when hasGroupGiftingEnabled.
 */
export async function giftPlans(em: EntityManager, viewer: User | null, country: string | null) {
  await enforce(em, viewer, 'viewGiftPages');
  const currency = membershipCurrencyFor(country);
  const plan = await giftPlan(em, currency);
  const groupGifting = await allows(em, viewer, 'buyGift', { type: 'GROUP_GIFT' });
  const offer = (type: GiftUrlType, name: string): GiftOffer | null =>
    plan && {
      type,
      productId: GIFT_PRODUCT_IDS[type],
      name,
      months: GIFT_MONTHS,
      currency,
      amount: plan.amount,
      price: formatPrice(plan.amount, currency),
    };
  const gift = offer('gift', giftTexts.giftName);
  const group = groupGifting ? offer('group-gift', giftTexts.groupGiftTitle) : null;
  return {
    currency,
    hasGroupGiftingEnabled: groupGifting,
    groupGift: { min: GROUP_GIFT_MIN_QUANTITY, max: GROUP_GIFT_MAX_QUANTITY },
    offers: [gift, group].filter((o): o is GiftOffer => !!o),
  };
}

export interface CheckoutGiftInput {
  type: string;
  quantity?: number | null;
  recipientEmail?: string | null;
  recipientName?: string | null;
  message?: string | null;
  requestId: string;
}

export interface GiftCheckoutEnv {
  /** The service environment: its payment provider (Stripe, or the test-mode one) and public URL. */
  service: ServiceEnvironment;
  country: string | null;
}

/** 128 random bits as a code a person can type: 26 characters of base32 (RFC 4648, no padding). */
export function newGiftCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Codes are typed by hand: case, spaces and dashes do not matter. */
export const normalizeGiftCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** The same request (a double click, a retry) names the same gift row. */
const giftIdFor = (userId: string, requestId: string) =>
  createHash('sha256').update(`gift:${userId}:${requestId}`).digest('hex').slice(0, 12);

/**
 * Starts a gift purchase: the Gift row, pending until its payment arrives, then a one-time checkout at the
 * server's price (the yearly plan's, times the quantity) with an idempotency key from the user and request.
 */
export async function checkoutGift(
  em: EntityManager,
  viewer: User,
  input: CheckoutGiftInput,
  env: GiftCheckoutEnv,
): Promise<{ url: string; giftId: string }> {
  const type = giftTypeOf(input.type);
  await enforce(em, viewer, 'buyGift', { type });
  const quantity = type === 'GROUP_GIFT' ? (input.quantity ?? GROUP_GIFT_MIN_QUANTITY) : 1;
  if (type === 'GROUP_GIFT' && (quantity < GROUP_GIFT_MIN_QUANTITY || quantity > GROUP_GIFT_MAX_QUANTITY))
    throw refuse('BAD_REQUEST', giftTexts.quantityInvalid);
  const currency = membershipCurrencyFor(env.country);
  const plan = await giftPlan(em, currency);
  if (!plan) throw refuse('PRECONDITION_FAILED', giftTexts.noPlan);

  const id = giftIdFor(viewer.id, input.requestId);
  await em.execute(
    `insert into gifts (id, purchaser_id, type, product_id, plan_id, code, recipient_email, recipient_name,
       message, quantity, redeemed_count)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
     on conflict (id) do nothing`,
    [
      id,
      viewer.id,
      type,
      GIFT_PRODUCT_IDS[giftUrlType(type)],
      plan.id,
      newGiftCode(),
      input.recipientEmail?.trim().toLowerCase() || null,
      input.recipientName?.trim() || null,
      input.message?.trim() || null,
      quantity,
    ],
  );
  const gift = await em.findOne(Gift, id, { populate: ['plan'], refresh: true });
  if (!gift || gift.purchaser?.id !== viewer.id) throw refuse('CONFLICT', giftTexts.giftsUnavailable);

  const base = env.service.publicUrl.replace(/\/+$/, '');
  // The test-mode provider keeps its sessions in PostgreSQL, written in this transaction.
  const session = await changingProvider(em, env.service, (payments) =>
    payments.createCheckout({
      mode: 'gift',
      userId: viewer.id,
      email: viewer.email ?? null,
      price: {
        planCode: plan.code,
        period: plan.period,
        currency,
        amount: plan.amount,
        providerPriceId: plan.stripePriceId ?? null,
      },
      quantity: gift.quantity,
      successUrl: `${base}/gift-checkout?paid=${gift.id}`,
      cancelUrl: `${base}${type === 'GROUP_GIFT' ? '/group-gift' : '/gift-plans'}`,
      metadata: { giftId: gift.id, userId: viewer.id, productId: String(gift.productId) },
      idempotencyKey: `gift:${viewer.id}:${input.requestId}`,
    }),
  );
  return { url: session.url, giftId: gift.id };
}

/** Ours: a receipt number a reader can quote, as membership charges have. */
const receiptNumber = (chargeId: string, at: Date) =>
  `Q-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${chargeId.toUpperCase()}`;

type GiftCheckoutEvent = Extract<PaymentEvent, { type: 'checkout.completed' }>;

/**
 * A gift's checkout completed: the gift is paid (a Charge row), its code becomes redeemable and the buyer
 * (and the recipient, when named) are mailed the redeem link. Runs in the event's transaction, once.
 */
export async function applyGiftCheckout(
  em: EntityManager,
  event: GiftCheckoutEvent,
  opts: { publicUrl?: string } = {},
): Promise<'applied' | 'ignored'> {
  const giftId = event.metadata.giftId;
  if (!giftId) return 'ignored';
  const gift = await em.findOne(Gift, giftId, { populate: ['purchaser', 'charge'], refresh: true });
  if (!gift) return 'ignored';
  if (gift.charge) return 'applied';
  const key = event.chargeId ?? event.paymentIntentId ?? `checkout:${event.sessionId}`;
  const existing = await em.findOne(Charge, { providerChargeId: key });
  const charge =
    existing ??
    em.create(Charge, {
      id: newId(),
      user: gift.purchaser,
      membership: null,
      amount: event.amount,
      currency: membershipCurrencyOf(event.currency) ?? 'UNKNOWN',
      provider: event.provider,
      providerChargeId: key,
      description: giftTexts.chargeDescription(gift.type, gift.quantity),
      createdAt: event.createdAt,
    });
  if (charge.status !== 'REFUNDED') charge.status = 'SUCCEEDED';
  charge.receiptNumber ??= receiptNumber(charge.id, event.createdAt);
  gift.charge = charge;
  gift.code ||= newGiftCode();
  await em.flush();
  enqueueGiftEmails(em, gift, opts.publicUrl ?? 'http://localhost:3000');
  return 'applied';
}

function enqueueGiftEmails(em: EntityManager, gift: Gift, publicUrl: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}${redeemGiftPath(gift.code, gift.type)}`;
  const from = gift.purchaser?.name || giftTexts.someone;
  const buyer = gift.purchaser?.email;
  if (buyer) {
    enqueueEmail(em, {
      category: 'transactional',
      to: buyer,
      subject: giftTexts.buyerEmailSubject,
      template: 'gift-purchased',
      payload: {
        link,
        giftType: giftUrlType(gift.type),
        quantity: gift.quantity,
        text: giftTexts.buyerEmailText(
          link,
          gift.recipientName ?? gift.recipientEmail ?? null,
          gift.quantity,
        ),
      },
      dedupeKey: `gift:${gift.id}:buyer`,
    });
  }
  if (gift.recipientEmail) {
    enqueueEmail(em, {
      category: 'transactional',
      to: gift.recipientEmail,
      subject: giftTexts.recipientEmailSubject(from),
      template: 'gift-received',
      payload: { link, from, text: giftTexts.recipientEmailText(from, link, gift.message ?? null) },
      dedupeKey: `gift:${gift.id}:recipient`,
    });
  }
}
