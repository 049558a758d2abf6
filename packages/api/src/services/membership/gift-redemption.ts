import type { EntityManager } from '@mikro-orm/postgresql';
import { Gift, Membership, newId, type User } from '@quire/db';
import { addMonths, GIFT_MONTHS, GIFT_REDEEM_WITHIN_DAYS, giftTexts, giftUrlType } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { lockUntilCommit } from '../locks';
import { normalizeGiftCode } from './gifts';
import { postponeRenewal } from './payments';
import { syncUserMembership } from './state';

/* Redeeming a gift code (spec §2 /redeem, /redeem-gift): what a code gives, and giving it once. */

const DAY_MS = 86_400_000;

const refuse = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

/** A paid gift by its code, or the refusal a reader understands (unknown, used, expired). */
async function redeemableGift(em: EntityManager, rawCode: string, now: Date) {
  const code = normalizeGiftCode(rawCode);
  const gift = code
    ? await em.findOne(Gift, { code }, { populate: ['purchaser', 'plan', 'charge'], refresh: true })
    : null;
  const charge = gift?.charge;
  if (!gift || charge?.status !== 'SUCCEEDED') throw refuse('NOT_FOUND', giftTexts.codeNotFound);
  if (gift.redeemedCount >= gift.quantity) throw refuse('NOT_FOUND', giftTexts.codeUsed);
  if (now.getTime() - charge.createdAt.getTime() > GIFT_REDEEM_WITHIN_DAYS * DAY_MS)
    throw refuse('NOT_FOUND', giftTexts.codeExpired);
  return gift;
}

/** What the redeem landing shows of a code: its type, what it gives, what is left, and from whom (a name, never an email). */
export async function giftByCode(em: EntityManager, giftCode: string, now: Date) {
  const gift = await redeemableGift(em, giftCode, now);
  return {
    giftType: giftUrlType(gift.type),
    productId: gift.productId,
    months: GIFT_MONTHS,
    planName: gift.plan?.name ?? null,
    quantity: gift.quantity,
    remaining: gift.quantity - gift.redeemedCount,
    fromName: gift.purchaser?.name ?? null,
    recipientName: gift.recipientName ?? null,
    message: gift.message ?? null,
  };
}

/**
 * Redeems a gift code for the viewer, in the caller's transaction: at most once per user (the redemption's
 * unique index) and at most `quantity` times in all (a conditional update of redeemed_count, which a
 * concurrent redeem waits on and then re-checks). Grants a gift membership for the gift's length, or extends
 * the viewer's running gift membership by it; mediumMemberAt is set at the first activation.
 */
export async function redeemGift(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  input: { giftCode: string; giftType?: string | null },
  now: Date,
) {
  await enforce(em, viewer, 'redeemGift');
  const gift = await redeemableGift(em, input.giftCode, now);
  const inserted = await em.execute<{ id: string }[]>(
    `insert into gift_redemptions (id, gift_id, user_id) values (?, ?, ?)
     on conflict (gift_id, user_id) do nothing returning id`,
    [newId(), gift.id, viewer.id],
  );
  if (!inserted.length) throw refuse('CONFLICT', giftTexts.alreadyRedeemed);
  const counted = await em.execute<{ id: string }[]>(
    `update gifts set redeemed_count = redeemed_count + 1,
       redeemed_by_id = case when type = 'GIFT' then ? else redeemed_by_id end,
       redeemed_at = coalesce(redeemed_at, ?), updated_at = now()
     where id = ? and redeemed_count < quantity returning id`,
    [viewer.id, now, gift.id],
  );
  // Another redeem took the last one first: the caller's transaction rolls this redemption back.
  if (!counted.length) throw refuse('CONFLICT', giftTexts.codeUsed);

  // Two gifts redeemed at once by one reader extend one membership rather than starting two.
  await lockUntilCommit(em, `gift-membership:${viewer.id}`);

  // A renewing subscription is not charged during the gift's months: its next charge moves back by them.
  const postponed = await postponeRenewal(
    em,
    env,
    viewer,
    GIFT_MONTHS,
    `gift-redeem:${gift.id}:${viewer.id}`,
    now,
  );
  const currentPeriodEnd = postponed ?? (await extendGiftMembership(em, viewer, gift, now));
  const user = await syncUserMembership(em, viewer.id, { now, activatedAt: now });
  return {
    giftType: giftUrlType(gift.type),
    memberSince: user?.mediumMemberAt ?? 0,
    currentPeriodEnd: currentPeriodEnd.toISOString(),
    redirect: '/welcome-member',
  };
}

/**
 * The gift as a membership of its own: the viewer's running gift membership grows by the gift's months, or a
 * new one starts when what the viewer has now ends (a subscription cancelled at its period end) or now.
 */
async function extendGiftMembership(em: EntityManager, viewer: User, gift: Gift, now: Date): Promise<Date> {
  const running = await em.findOne(
    Membership,
    { user: viewer.id, provider: 'MEDIUM_GIFT', status: 'ACTIVE', currentPeriodEnd: { $gt: now } },
    { orderBy: { currentPeriodEnd: 'desc' } },
  );
  const ending = running
    ? null
    : await em.findOne(
        Membership,
        { user: viewer.id, status: { $in: ['ACTIVE', 'TRIALING'] }, currentPeriodEnd: { $gt: now } },
        { orderBy: { currentPeriodEnd: 'desc' } },
      );
  const startsAt = ending?.currentPeriodEnd ?? now;
  const membership =
    running ??
    em.create(Membership, {
      user: viewer.id,
      plan: gift.plan,
      status: 'ACTIVE',
      provider: 'MEDIUM_GIFT',
      gift: gift.id,
      discount: 'NO_DISCOUNT',
      startedAt: startsAt,
      currentPeriodEnd: startsAt,
    });
  membership.currentPeriodEnd = addMonths(membership.currentPeriodEnd ?? startsAt, GIFT_MONTHS);
  await em.flush();
  return membership.currentPeriodEnd;
}
