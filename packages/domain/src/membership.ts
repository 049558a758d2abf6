import type { CardBrand, ChargeStatus, Discount, MembershipStatus, PlanPeriod } from './enums';

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

/** Adds calendar months, as plan periods and gifts do. */
export function addMonths(at: Date, months: number): Date {
  const date = new Date(at);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
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

/** Ours: the words of the membership pages (plans, test checkout, welcome, settings, billing); the spec shows none. */
export const membershipPageTexts = {
  plansTitle: 'Become a member',
  plansLead: 'Read without limits and support the writers you read.',
  /** /membership/@{username}: the offer, naming the writer it came from. */
  supportWriter: (name: string) => `Support ${name} and other writers`,
  benefits: [
    {
      heading: 'Read every members-only story',
      text: 'No monthly limit: every story on Quire opens in full, from every writer and publication.',
    },
    {
      heading: 'Support the writers you read',
      text: 'Your membership pays the writers whose stories you spend time with.',
    },
    {
      heading: 'The member star',
      text: 'A star on your avatar shows you are a member.',
    },
  ],
  period: (period: PlanPeriod) => (period === 'MONTHLY' ? 'Monthly' : 'Yearly'),
  perPeriod: (period: PlanPeriod) => (period === 'MONTHLY' ? '/month' : '/year'),
  choose: (period: PlanPeriod) => (period === 'MONTHLY' ? 'Choose monthly' : 'Choose yearly'),
  /** The introductory discount on a plan card: what the first year costs, then the usual price. */
  firstYear: (firstPrice: string, price: string) => `${firstPrice} for your first year, then ${price} a year`,
  halfOff: '50% off the first year',
  /** A plan with a free trial: the badge, and what follows it. */
  freeTrial: (days: number) => `${days} days free`,
  trialThen: (days: number, price: string, period: PlanPeriod) =>
    `Free for ${days} days, then ${price} ${period === 'MONTHLY' ? 'a month' : 'a year'}. Cancel before the trial ends and you pay nothing.`,
  startTrial: 'Start your free trial',
  /** The yearly plan against twelve monthly payments. */
  yearlySaving: (percent: number) => `Save ${percent}% compared with monthly`,
  cancelAnytime: 'Cancel anytime. You keep access until the end of the period you paid for.',
  redirecting: 'Taking you to checkout…',
  signInFirst: 'Sign up or sign in first: your membership belongs to your account.',
  alreadyMember: 'You are a member. Thank you for supporting the writers on Quire.',
  manageMembership: 'Manage your membership',

  testCheckoutTitle: 'Checkout',
  testModeHeading: 'Test mode: no money moves',
  testModeNotice:
    'This checkout is a test. It accepts test cards only, no card is charged, and no money changes hands.',
  testCardsHint:
    'Use 4242 4242 4242 4242 for a payment that succeeds, or 4000 0000 0000 0002 for one that is declined. Any future expiry date and any three-digit CVC will do.',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  pay: (price: string) => `Pay ${price}`,
  paying: 'Paying…',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  sessionMissing: 'This checkout link is not valid any more. Choose a plan again to start a new checkout.',
  choosePlanAgain: 'Choose a plan',

  welcomeTitle: 'Welcome, member',
  welcomeLead: 'Thank you for supporting the writers on Quire. Every story is now yours to read in full.',
  welcomeItems: [
    'Read every members-only story, with no monthly limit.',
    'Your reading supports the writers whose stories you read.',
    'A star on your avatar shows you are a member.',
    'Manage your plan, payment method and receipts in your settings.',
  ],
  startReading: 'Start reading',

  notMember: 'You are not a member.',
  formerMember: 'Your membership has ended.',
  plan: 'Plan',
  status: 'Status',
  nextCharge: 'Next charge',
  endsOn: 'Ends on',
  paymentMethod: 'Payment method',
  noCard: 'None on file',
  statusLabel: (status: MembershipStatus) => membershipStatusLabels[status],
  paymentFailed: 'Your last payment failed. Update your payment method to keep your membership.',
  /** Shown once a membership is set to end: it still gives access until the period's end. */
  endsAtPeriodEnd: (date: string) => `Your membership is canceled. You are still a member until ${date}.`,
  cancelMembership: 'Cancel membership',
  resumeMembership: 'Resume membership',
  resumed: 'Your membership will renew.',
  switchTo: (period: PlanPeriod) => (period === 'MONTHLY' ? 'Switch to monthly' : 'Switch to yearly'),
  switched: (name: string) => `Your plan is now ${name}. The new price applies from your next charge.`,
  updatePaymentMethod: 'Update payment method',
  billingHistory: 'Billing history',

  cancelTitle: 'Cancel your membership?',
  cancelKeepsAccess: (date: string) =>
    `You keep your membership until ${date}. After that, members-only stories are limited again and you will not be charged.`,
  keepMembership: 'Keep my membership',
  notCancellable: 'There is no membership to cancel.',

  portalOpening: 'Opening the payment portal…',
  portalTestMode:
    'This is a test mode: there is no real card on file to update, and no money moves. Test payments use test cards at checkout.',
  backToSettings: 'Back to settings',

  billingEmpty: 'No charges yet.',
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  receipt: 'Receipt',
  viewReceipt: 'View receipt',
  chargeStatus: (status: ChargeStatus, partlyRefunded: boolean) =>
    partlyRefunded ? 'Partly refunded' : chargeStatusLabels[status],
  loadMore: 'Show more',
  receiptTitle: 'Receipt',
  receiptNumber: 'Receipt number',
  billedTo: 'Billed to',
  refunded: 'Refunded',
  print: 'Print',
} as const;

const membershipStatusLabels: Record<MembershipStatus, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Free trial',
  PAST_DUE: 'Payment failed',
  CANCELED: 'Canceled',
  EXPIRED: 'Ended',
};

const chargeStatusLabels: Record<ChargeStatus, string> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Paid',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

/** The yearly plan's saving against twelve monthly payments, in whole percent (0 when none). */
export function yearlySavingPercent(monthlyAmount: number, yearlyAmount: number): number {
  const twelve = monthlyAmount * 12;
  return twelve > yearlyAmount ? Math.round(((twelve - yearlyAmount) / twelve) * 100) : 0;
}
