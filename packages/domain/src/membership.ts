import type { CardBrand, Discount, MembershipStatus, PlanPeriod } from './enums';

/*
 * Membership plans, states and receipts (spec §3 plan periods, discounts, currencies; §4 Membership). The spec
 * shows no prices, grace period or receipt wording: the values and texts here are ours.
 */

/** The currencies membership is sold in (spec §3 currencies, less not-applicable and unknown). */
export const MEMBERSHIP_CURRENCIES = ['USD', 'CAD'] as const;
export type MembershipCurrency = (typeof MEMBERSHIP_CURRENCIES)[number];

/** Ours: default prices in cents ($5 a month or $50 a year; CA$7 and CA$70), overridable by configuration. */
export const DEFAULT_PLAN_PRICES: Readonly<Record<MembershipCurrency, Readonly<Record<PlanPeriod, number>>>> =
  {
    USD: { MONTHLY: 500, YEARLY: 5000 },
    CAD: { MONTHLY: 700, YEARLY: 7000 },
  };

/** Ours: days a member keeps access after a failed payment (spec §3 client config grace period in days). */
export const MEMBERSHIP_GRACE_PERIOD_DAYS = 7;

/** Ours: the introductory offer on the yearly plan, for readers who were never members. */
export const INTRO_DISCOUNT: Discount = 'FIFTY_PERCENT_OFF_ONE_YEAR';

/** Ours: charges per billing-history page, and the most a client may ask for. */
export const BILLING_HISTORY_PAGE_SIZE = 10;
export const BILLING_HISTORY_PAGE_MAX = 50;

/** Statuses in which a membership gives access (PAST_DUE only within the grace period). */
export const LIVE_MEMBERSHIP_STATUSES: readonly MembershipStatus[] = ['ACTIVE', 'TRIALING', 'PAST_DUE'];

/** Spec §3 client config payment plan ids: a plan's stable code, e.g. 'monthly-usd'. */
export function planCode(period: PlanPeriod, currency: MembershipCurrency): string {
  return `${period.toLowerCase()}-${currency.toLowerCase()}`;
}

/** The currency plans are shown in for a visitor's country (ISO alpha-2): CAD in Canada, else USD. */
export function membershipCurrencyFor(country: string | null | undefined): MembershipCurrency {
  return country?.toUpperCase() === 'CA' ? 'CAD' : 'USD';
}

/** Spec §3 discounts: what the first year costs, in cents, with the discount applied. */
export function discountedAmount(amount: number, discount: Discount): number {
  return discount === 'FIFTY_PERCENT_OFF_ONE_YEAR' ? Math.round(amount / 2) : amount;
}

/** A provider's currency code ('usd', 'CAD') as a membership currency, or null for another one. */
export function membershipCurrencyOf(code: string | null | undefined): MembershipCurrency | null {
  const upper = code?.toUpperCase();
  return upper === 'USD' || upper === 'CAD' ? upper : null;
}

/** Cents as a price a reader reads: '$5.00', 'CA$70.00'. */
export function formatPrice(amount: number, currency: MembershipCurrency): string {
  return `${currency === 'CAD' ? 'CA$' : '$'}${(amount / 100).toFixed(2)}`;
}

/** The card on a receipt: 'Visa ending in 4242'. */
export function cardLabel(
  brand: CardBrand | null | undefined,
  last4: string | null | undefined,
): string | null {
  if (!last4) return null;
  const name = brand && brand !== 'UNKNOWN' ? cardBrandNames[brand] : 'Card';
  return `${name} ending in ${last4}`;
}

const cardBrandNames: Record<CardBrand, string> = {
  AMEX: 'American Express',
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  DISCOVER: 'Discover',
  DINERS: 'Diners Club',
  JCB: 'JCB',
  UNIONPAY: 'UnionPay',
  UNKNOWN: 'Card',
};

/** The texts of plans, billing and receipts. */
export const membershipTexts = {
  planName: (period: PlanPeriod) => (period === 'MONTHLY' ? 'Monthly membership' : 'Yearly membership'),
  chargeDescription: (period: PlanPeriod | null) =>
    period === 'YEARLY'
      ? 'Membership, one year'
      : period === 'MONTHLY'
        ? 'Membership, one month'
        : 'Membership',
  receiptNotFound: 'This receipt does not exist.',
  planNotAvailable: 'This plan is not available. Choose one of the plans on the membership page.',
  alreadySubscribed:
    'You are already a member. To switch plans or cancel, go to the membership section of your settings.',
  noMembershipToCancel: 'There is no membership to cancel.',
  noMembershipToResume: 'There is no canceled membership to resume. Choose a plan to become a member again.',
  noMembershipToChange: 'There is no membership to change. Choose a plan to become a member.',
  samePlan: 'You are already on this plan.',
  otherCurrency: 'Your plan can only change to another plan in the same currency.',
  testCheckoutUnavailable: 'There is no test checkout here: payments on this site are real.',
  checkoutNotFound: 'This checkout link is not valid any more. Choose a plan again to start a new checkout.',
  checkoutAlreadyPaid: 'This checkout has already been paid.',
} as const;
