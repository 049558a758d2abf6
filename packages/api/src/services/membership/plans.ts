import type { EntityManager } from '@mikro-orm/postgresql';
import { Plan, type User } from '@quire/db';
import {
  DEFAULT_PLAN_PRICES,
  type Discount,
  discountedAmount,
  formatPrice,
  INTRO_DISCOUNT,
  MEMBERSHIP_CURRENCIES,
  type MembershipCurrency,
  membershipCurrencyFor,
  membershipTexts,
  PlanPeriod,
  planCode,
} from '@quire/domain';
import { hasMembership } from '../../policies';
import type { ServiceEnvironment } from '../environment';

/** One plan as configuration sets it (spec §3 plan periods and currencies). */
export interface PlanSetting {
  period: PlanPeriod;
  currency: MembershipCurrency;
  /** Cents. */
  amount: number;
  /** Stripe's price id for it, when the deployment created one; otherwise the provider prices inline. */
  stripePriceId?: string | null;
}

/** The plans with the domain's default prices: monthly and yearly, in USD and CAD. */
export function defaultPlanSettings(): PlanSetting[] {
  return MEMBERSHIP_CURRENCIES.flatMap((currency) =>
    PlanPeriod.map((period) => ({ period, currency, amount: DEFAULT_PLAN_PRICES[currency][period] })),
  );
}

/**
 * Writes the configured plans into `plans` (by code, so a price change updates the row in place and plan ids
 * stay stable); safe to run at every start and from several processes at once.
 */
export async function syncPlans(em: EntityManager, settings: PlanSetting[]): Promise<void> {
  for (const s of settings) {
    await em.upsert(
      Plan,
      {
        code: planCode(s.period, s.currency),
        name: membershipTexts.planName(s.period),
        period: s.period,
        currency: s.currency,
        amount: s.amount,
        stripePriceId: s.stripePriceId ?? null,
        isActive: true,
      },
      { onConflictFields: ['code'], onConflictExcludeFields: ['id', 'createdAt', 'providerPriceIds'] },
    );
  }
}

/** Spec §3 isMembershipTrialEligible: ours, a reader who was never a member (a visitor's new account would be). */
export function isMembershipTrialEligible(user: Pick<User, 'mediumMemberAt' | 'hasPastMemberships'> | null) {
  return !user || (!hasMembership(user) && !user.hasPastMemberships);
}

/** The free trial a checkout of this viewer's starts with, in days: the configured trial, for eligible readers. */
export function trialDaysFor(
  env: Pick<ServiceEnvironment, 'membershipTrialDays'>,
  user: Parameters<typeof isMembershipTrialEligible>[0],
) {
  return isMembershipTrialEligible(user) ? (env.membershipTrialDays ?? 0) : 0;
}

/** Spec §3 discounts: the introductory offer on the yearly plan, for eligible readers. */
export function discountFor(
  user: Parameters<typeof isMembershipTrialEligible>[0],
  period: PlanPeriod,
): Discount {
  return isMembershipTrialEligible(user) && period === 'YEARLY' ? INTRO_DISCOUNT : 'NO_DISCOUNT';
}

/** A plan as the plan list shows it. */
export interface PlanOffer {
  id: string;
  code: string;
  name: string;
  period: PlanPeriod;
  currency: MembershipCurrency;
  amount: number;
  price: string;
  /** Spec §3 discounts: the introductory offer where it applies to this viewer and plan. */
  discount: Discount;
  /** What the first year (or month) costs with the discount. */
  firstAmount: number;
  firstPrice: string;
  /** Days free before the first charge (0: none). */
  trialDays: number;
}

/**
 * The plans in the visitor's currency (CAD in Canada, else USD), cheapest first, with the introductory
 * discount on the yearly plan for a reader who was never a member.
 */
export async function planList(
  em: EntityManager,
  env: Pick<ServiceEnvironment, 'membershipTrialDays'>,
  viewer: User | null,
  country: string | null,
) {
  const currency = membershipCurrencyFor(country);
  const eligible = isMembershipTrialEligible(viewer);
  const trialDays = trialDaysFor(env, viewer);
  const plans = await em.find(Plan, { currency, isActive: true }, { orderBy: { amount: 'asc', id: 'asc' } });
  const offers: PlanOffer[] = plans.map((plan) => {
    const discount = discountFor(viewer, plan.period);
    const firstAmount = discountedAmount(plan.amount, discount);
    return {
      id: plan.id,
      code: plan.code,
      name: plan.name,
      period: plan.period,
      currency,
      amount: plan.amount,
      price: formatPrice(plan.amount, currency),
      discount,
      firstAmount,
      firstPrice: formatPrice(firstAmount, currency),
      trialDays,
    };
  });
  return { currency, isMembershipTrialEligible: eligible, plans: offers };
}
