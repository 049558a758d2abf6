import { formatMonthYear, formatShortDate } from './labels';
import { accountMenuTexts } from './messages';
import { formatEarnings } from './stats';

/*
 * The Partner Program's earnings (spec §1 "Writers … earn through the Partner Program", §2
 * /me/partner/dashboard and /@{username}/partner/dashboard). The spec names the pages; the allocation rule and
 * every word here are ours (docs/FEATURES.md, Partner Program earnings).
 */

/** The numbers of the daily allocation rule (docs/FEATURES.md, "How members' money reaches writers"). */
export const EARNINGS_RULE = {
  /** Of a member's net revenue for a day, the part that goes to writers; the platform keeps the rest. */
  writerSharePercent: 90,
  /** Of a referred member's net revenue for a day, the part their referrer earns (out of the writers' part). */
  referralSharePercent: 20,
  /** The least reading time a story counts per member per day, whatever its length (seconds). */
  minCapSeconds: 300,
  /** A story counts at most this many times its estimated reading time per member per day. */
  capReadingTimeMultiple: 2,
  /** The ledger's currency; charges in other currencies are not allocated. */
  currency: 'USD',
} as const;

/** The day of the month a month's earnings are paid out, the month after. */
export const PAYOUT_DAY_OF_MONTH = 8;

/** A UTC day as 'YYYY-MM-DD'. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The first day of the UTC month holding `at`, as 'YYYY-MM-01'. */
export const utcMonthOf = (at: Date): string => `${at.toISOString().slice(0, 7)}-01`;

/** The UTC day before the one holding `at`: the day the daily job computes. */
export const previousUtcDay = (at: Date): string => utcDayOf(new Date(at.getTime() - 86_400_000));

/** When the next payout goes out: the PAYOUT_DAY_OF_MONTH of this month if still ahead, else of next month. */
export function nextPayoutDate(now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const thisMonth = new Date(Date.UTC(y, m, PAYOUT_DAY_OF_MONTH));
  return utcDayOf(
    now.getTime() < thisMonth.getTime() ? thisMonth : new Date(Date.UTC(y, m + 1, PAYOUT_DAY_OF_MONTH)),
  );
}

/** A month ('YYYY-MM-01') as 'November 2026'. */
export const formatEarningsMonth = (month: string): string => formatMonthYear(month);

/** A day ('YYYY-MM-DD') as 'Dec 8, 2026'. */
export const formatEarningsDay = (day: string): string => formatShortDate(day);

/** Every word of the Partner Program dashboard. */
export const earningsTexts = {
  title: 'Partner Program dashboard',
  notFound: 'This dashboard does not exist.',
  thisMonth: 'This month (estimated)',
  thisMonthNote: 'Earnings are added once a day, for the day before.',
  countedThrough: (date: string) => `Counted through ${date}.`,
  balance: 'Balance',
  balanceNote: 'Earned and not yet paid out.',
  nextPayout: (date: string) => `Next payout: ${date}`,
  payoutSettings: 'Payout settings',
  pastMonths: 'Past months',
  noPastMonths: 'No earnings in earlier months yet.',
  month: 'Month',
  amount: 'Earnings',
  readingTime: 'Member reading time',
  stories: 'Your stories',
  story: 'Story',
  storyThisMonth: 'This month',
  storyAllTime: 'All time',
  noStories: 'None of your members-only stories has earned yet.',
  referrals: 'Referred members',
  referralsNote: (percent: number) =>
    `You earn ${percent}% of what members who joined from your membership page pay, while they stay members.`,
  notEnrolled: 'You are not in the Partner Program.',
  enroll: accountMenuTexts.applyToPartnerProgram,
  submitTaxes: 'Submit your tax forms',
  learnMore: 'Learn more',
  deletedStory: 'A deleted story',
  money: formatEarnings,
} as const;
