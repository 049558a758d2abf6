import { TAX_NOTIFICATION_STAGES, TAX_REVIEW_BUSINESS_DAYS } from './constants';
import { PAYOUT_DAY_OF_MONTH } from './earnings';
import { TaxDocumentStatus } from './enums';
import { formatPrice } from './membership';
import { accountMenuTexts, PRODUCT_NAME } from './messages';
import type { PartnerEnrollStep } from './partner-paths';

/*
 * Partner Program enrolment, tax forms and payouts (spec §2 Partner program and Settings payout paths, §3
 * isPartnerProgramEnrolled, hightowerTermsAcceptedAt and userTaxDocuments, §9 tax review and notification
 * stages). The spec names the paths, statuses and stages; the rules and every word here are ours
 * (docs/FEATURES.md, Partner Program).
 */

/**
 * Countries whose writers can be paid: those where Stripe Connect Express accounts receive transfers from a
 * US platform (ISO 3166-1 alpha-2).
 */
export const PARTNER_PAYOUT_COUNTRIES = [
  'AT',
  'AU',
  'BE',
  'BG',
  'CA',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HK',
  'HR',
  'HU',
  'IE',
  'IT',
  'JP',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'MX',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'RO',
  'SE',
  'SG',
  'SI',
  'SK',
  'US',
] as const;

/** True for a country whose writers can be paid. */
export const isPayoutCountry = (code: string | null | undefined): boolean =>
  !!code && (PARTNER_PAYOUT_COUNTRIES as readonly string[]).includes(code.toUpperCase());

/** The smallest balance a monthly payout transfers (cents); less carries over to the next month. */
export const PAYOUT_MINIMUM_CENTS = 1000;

/** Days from enrolment until a writer without approved tax forms has earnings limited (banner's {date}). */
export const TAX_EARNINGS_LIMITED_DAYS = 30;
/** Days from enrolment until unpaid earnings of a writer still without approved tax forms are forfeited. */
export const TAX_EARNINGS_FORFEIT_DAYS = 90;
/** Days before a deadline that the pre_earning_limit and final reminders go out. */
export const TAX_NOTICE_LEAD_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * Spec §9 tax review wait: `days` business days after `from` (Saturdays and Sundays skipped, in UTC; public
 * holidays are not known and count as business days). A weekend start counts from the next Monday.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setTime(at.getTime() + DAY_MS);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** When a submitted form's review ends: 3 business days, or 5 for a form held for a second look. */
export const taxReviewDueAt = (submittedAt: Date, held = false) =>
  addBusinessDays(submittedAt, held ? TAX_REVIEW_BUSINESS_DAYS.max : TAX_REVIEW_BUSINESS_DAYS.min);

/** The earnings deadlines stored on the tax document for a writer enrolled at `enrolledAt`. */
export function taxDeadlines(enrolledAt: Date) {
  return {
    earningsLimitedAt: new Date(enrolledAt.getTime() + TAX_EARNINGS_LIMITED_DAYS * DAY_MS),
    earningsForfeitedAt: new Date(enrolledAt.getTime() + TAX_EARNINGS_FORFEIT_DAYS * DAY_MS),
  };
}

export type TaxNoticeStage = (typeof TAX_NOTIFICATION_STAGES)[number];
export type TaxNoticeFamily = 'tax_not_submitted' | 'tax_failed_tin';

/**
 * Spec §9 tax notification stages, as instants: day_one a day after the clock started (enrolment, or the form
 * found invalid), pre_earning_limit a week before the earnings-limited deadline, post_earning_limit at it,
 * final a week before the forfeit deadline, last_day a day before it.
 */
export function taxNoticeStageTimes(input: {
  startedAt: Date;
  earningsLimitedAt: Date;
  earningsForfeitedAt: Date;
}): Record<TaxNoticeStage, Date> {
  const before = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);
  return {
    day_one: new Date(input.startedAt.getTime() + DAY_MS),
    pre_earning_limit: before(input.earningsLimitedAt, TAX_NOTICE_LEAD_DAYS),
    post_earning_limit: input.earningsLimitedAt,
    final: before(input.earningsForfeitedAt, TAX_NOTICE_LEAD_DAYS),
    last_day: before(input.earningsForfeitedAt, 1),
  };
}

/**
 * The latest stage due at `now` (a stage whose time has come), or null before day_one or after the forfeit
 * deadline. Stages missed while the job was not running are not sent late: only the latest one is.
 */
export function dueTaxNoticeStage(
  times: Record<TaxNoticeStage, Date>,
  forfeitAt: Date,
  now: Date,
): TaxNoticeStage | null {
  if (now.getTime() >= forfeitAt.getTime()) return null;
  let due: TaxNoticeStage | null = null;
  for (const stage of TAX_NOTIFICATION_STAGES) if (times[stage].getTime() <= now.getTime()) due = stage;
  return due;
}

/** The kind of taxpayer number on a form. */
export type TinType = 'SSN' | 'EIN' | 'FOREIGN';

/** A taxpayer number as the pages show it: its last four digits only. */
export function maskedTin(type: TinType, last4: string): string {
  if (type === 'SSN') return `•••-••-${last4}`;
  if (type === 'EIN') return `••-•••${last4}`;
  return `••••${last4}`;
}

/** W-9 federal tax classification (line 3a). */
export const FEDERAL_TAX_CLASSIFICATIONS = [
  'INDIVIDUAL',
  'C_CORPORATION',
  'S_CORPORATION',
  'PARTNERSHIP',
  'TRUST_ESTATE',
  'LLC',
  'OTHER',
] as const;
export type FederalTaxClassification = (typeof FEDERAL_TAX_CLASSIFICATIONS)[number];

/** The two tax forms: W-9 for US persons, W-8BEN for everyone else. */
export const TAX_FORM_TYPES = ['W9', 'W8BEN'] as const;
export type TaxFormType = (typeof TAX_FORM_TYPES)[number];

/**
 * The test-mode TIN match: these well-known sample numbers (printed on wallet inserts and forms) never match a
 * taxpayer, so the automatic review marks a form giving one invalid (status 3, tax_failed_tin notices).
 */
export const SAMPLE_TINS = ['078051120', '219099999', '123456789', '111111111', '999999999'] as const;

/** The facts the eligibility step checks. */
export interface PartnerEligibilityFacts {
  emailVerified: boolean;
  suspended: boolean;
  country: string | null;
}

/** Each condition of enrolling, met or not (the eligibility step lists them). */
export function partnerEligibility(facts: PartnerEligibilityFacts) {
  const checks = {
    emailVerified: facts.emailVerified,
    inGoodStanding: !facts.suspended,
    countrySupported: isPayoutCountry(facts.country),
  };
  return { ...checks, eligible: Object.values(checks).every(Boolean) };
}

const statusNames: Record<TaxDocumentStatus, string> = {
  [TaxDocumentStatus.NOT_SUBMITTED]: 'Not submitted',
  [TaxDocumentStatus.PENDING]: 'In review',
  [TaxDocumentStatus.ON_HOLD]: 'On hold for a second look',
  [TaxDocumentStatus.INVALID]: 'Needs to be resubmitted',
  [TaxDocumentStatus.APPROVED]: 'Approved',
};

export const partnerTexts = {
  programName: `${PRODUCT_NAME} Partner Program`,
  infoTitle: `The ${PRODUCT_NAME} Partner Program`,
  infoLead: `Writers in the Partner Program earn money when ${PRODUCT_NAME} members read their members-only stories.`,
  infoPoints: [
    'Members pay a monthly or yearly subscription. Each month, every member’s share of it is divided among the writers whose members-only stories that member read, by reading time.',
    'You choose which of your stories are for members only. Everyone can still read a few each month; your earnings come from members’ reading time.',
    `Payouts go to your bank through Stripe on the ${PAYOUT_DAY_OF_MONTH}th of each month, for the month before, when your balance is at least ${formatPrice(PAYOUT_MINIMUM_CENTS, 'USD')}. A smaller balance carries over.`,
    'To be paid you need approved tax forms (a W-9 for US persons, a W-8BEN for everyone else) and a payout account in a supported country.',
  ],
  earnTitle: `Earn money writing on ${PRODUCT_NAME}`,
  earnLead:
    'Write what you know. When members read your members-only stories, you earn a share of their membership.',
  apply: accountMenuTexts.applyToPartnerProgram,
  goToDashboard: 'Go to your Partner Program dashboard',
  learnMore: 'Learn more about the Partner Program',
  enrollTitle: 'Join the Partner Program',
  stepTitles: {
    eligibility: 'Eligibility',
    terms: 'Terms',
    tax: 'Tax information',
    payout: 'Payout account',
  } satisfies Record<PartnerEnrollStep, string>,
  stepOf: (index: number, total: number) => `Step ${index} of ${total}`,
  eligibilityLead: 'To join, your account needs all of these:',
  checks: {
    emailVerified: 'A confirmed email address',
    inGoodStanding: 'An account in good standing (not suspended)',
    countrySupported: 'Payouts in a supported country',
  },
  countryLabel: 'Country where you will be paid',
  countryHint: 'Payouts go to a bank account in this country.',
  eligibleNext: 'Continue to the terms',
  notEligible: 'Your account cannot join the Partner Program yet.',
  verifyEmailFirst: 'Confirm your email address first.',
  suspendedAccount: 'A suspended account cannot join the Partner Program.',
  unsupportedCountry: 'Payouts are not available in that country yet.',
  permissionDenied: 'Your account is not allowed to join the Partner Program.',
  alreadyEnrolled: 'You are already in the Partner Program.',
  termsLead: 'Please read and accept the Partner Program terms.',
  terms: [
    'You are paid for members’ reading time on your members-only stories, as described on the Partner Program page. Earnings are calculated daily and paid monthly.',
    'You own your stories. Stories you put behind the paywall stay readable to members; you may move them out again at any time.',
    `You give us correct tax information and keep it current. We cannot pay you until your tax forms are approved, and unpaid earnings are forfeited ${TAX_EARNINGS_FORFEIT_DAYS} days after you join if they never are.`,
    'You do not buy reads, claps or followers, or use automated traffic. Earnings from such traffic are withheld.',
    'You may leave the program at any time. Your stories stay published but stop earning; money you already earned is still paid.',
  ],
  termsUpdated: 'These terms were last updated on August 11, 2021.',
  acceptTerms: 'I accept the Partner Program terms',
  acceptAndContinue: 'Accept and continue',
  termsAccepted: 'Terms accepted.',
  termsAcceptedOn: (date: string) => `You accepted these terms on ${date}.`,
  termsRequired: 'Accept the terms to continue.',
  needTermsFirst: 'Accept the Partner Program terms first.',
  needEligibilityFirst: 'Start with the eligibility step.',
  taxStepLead: 'We need a tax form before we can pay you. You can also do this later from your tax settings.',
  payoutStepLead: 'Connect a Stripe account to receive your payouts. You can also do this later.',
  skipForNow: 'Do this later',
  done: 'You are in the Partner Program.',
  notEnrolled: 'You are not in the Partner Program.',
  unenrollTitle: 'Leave the Partner Program',
  unenrollLead:
    'If you leave, your stories stay published but stop earning from today. Money you already earned is still paid to you once your tax forms and payout account are in order.',
  unenrollConfirm: 'Leave the Partner Program',
  unenrolled: 'You have left the Partner Program.',
  unenrollCheckbox: 'I understand my stories stop earning',
  unenrollRequired: 'Tick the box to confirm.',
  forfeitureWarning: `If your tax forms are not approved within ${TAX_EARNINGS_FORFEIT_DAYS} days of joining, your unpaid earnings are forfeited.`,
  taxesTitle: 'Tax information',
  taxesLead:
    'US persons fill in a W-9; everyone else fills in a W-8BEN. Your taxpayer number is stored encrypted and shown only by its last four digits.',
  formStatus: 'Status',
  statusNames,
  submittedOn: (date: string) => `Submitted on ${date}`,
  reviewBy: (date: string) => `Review ends by ${date}`,
  currentForm: 'Your form on file',
  tinOnFile: 'Taxpayer number',
  chooseForm: 'Which form applies to you?',
  formNames: { W9: 'W-9 (US person)', W8BEN: 'W-8BEN (not a US person)' } satisfies Record<
    TaxFormType,
    string
  >,
  submitForm: 'Submit tax form',
  resubmit: 'Submit a new form',
  submitted: 'Your tax form is in. We review it within 3 to 5 business days.',
  mustEnrollForTaxes: 'Join the Partner Program before submitting tax forms.',
  fields: {
    name: 'Name (as shown on your income tax return)',
    businessName: 'Business name, if different (optional)',
    taxClassification: 'Federal tax classification',
    street: 'Address (number, street, and apartment or suite)',
    city: 'City',
    state: 'State',
    zip: 'ZIP code',
    tinType: 'Taxpayer number type',
    tin: 'Taxpayer identification number',
    certify:
      'Under penalties of perjury, I certify that the number shown is my correct taxpayer identification number, that I am not subject to backup withholding, and that I am a US citizen or other US person.',
    citizenship: 'Country of citizenship',
    permanentStreet: 'Permanent residence address (street, apt. or suite no.)',
    permanentCity: 'City or town, state or province',
    postalCode: 'Postal code',
    permanentCountry: 'Country of residence',
    foreignTin: 'Foreign tax identifying number',
    foreignTinMissingReason: 'If you have no foreign tax number, why not',
    dateOfBirth: 'Date of birth',
    treatyCountry: 'Treaty country (optional: claim tax treaty benefits)',
    signatureName: 'Signature (type your full name)',
    signatureDate: 'Date',
  },
  classificationNames: {
    INDIVIDUAL: 'Individual/sole proprietor or single-member LLC',
    C_CORPORATION: 'C corporation',
    S_CORPORATION: 'S corporation',
    PARTNERSHIP: 'Partnership',
    TRUST_ESTATE: 'Trust/estate',
    LLC: 'Limited liability company',
    OTHER: 'Other',
  } satisfies Record<FederalTaxClassification, string>,
  tinTypeNames: { SSN: 'Social security number (SSN)', EIN: 'Employer identification number (EIN)' },
  invalid: {
    nameRequired: 'Enter your name.',
    tooLong: 'That is too long.',
    classification: 'Choose a federal tax classification.',
    street: 'Enter your street address.',
    city: 'Enter your city.',
    state: 'Enter a US state as its two-letter code (e.g. NY).',
    zip: 'Enter a ZIP code of 5 or 9 digits.',
    ssn: 'That is not a valid social security number.',
    ein: 'That is not a valid employer identification number.',
    tinDigits: 'A taxpayer number has 9 digits.',
    certify: 'Tick the certification to sign the form.',
    country: 'Choose a country from the list.',
    usPerson: 'US citizens and residents fill in a W-9 instead.',
    foreignTin: 'Enter your foreign tax number, or say why you have none.',
    foreignTinFormat: 'A foreign tax number has 4 to 30 letters, digits, spaces, dots or dashes.',
    date: 'Enter a real date as YYYY-MM-DD.',
    dateOfBirth: 'Enter your date of birth: you must be at least 18.',
    signatureName: 'Type your name exactly as in the name field.',
    signatureDate: 'Date the form today.',
  },
  payoutsTitle: 'Payouts',
  setupTitle: 'Set up payouts',
  setupLead:
    'Payouts go through Stripe. You will be taken to Stripe to confirm your identity and add a bank account, then brought back here.',
  setupButton: 'Continue to Stripe',
  resumeSetup: 'Finish setting up with Stripe',
  testMode:
    'Test mode: no Stripe key is configured, so onboarding is simulated on this site and no money moves.',
  testOnboardingTitle: 'Test payout onboarding',
  testOnboardingLead: 'This stands in for Stripe’s onboarding. Nothing you do here moves money.',
  testOnboardingComplete: 'Complete test onboarding',
  finishTitle: 'Payout setup',
  finishReady: 'Your payout account is ready. Payouts go out monthly.',
  finishIncomplete: 'Stripe still needs some details before you can be paid.',
  dashboardTitle: 'Payout account',
  detailsSubmitted: 'Details submitted',
  payoutsEnabled: 'Payouts enabled',
  requirementsDue: 'Stripe still needs',
  none: 'Nothing',
  yes: 'Yes',
  no: 'No',
  openStripeDashboard: 'Open your Stripe dashboard',
  noAccount: 'You have not set up a payout account yet.',
  noAccountForPayout: 'This writer has no connected payout account, so nothing can be paid.',
  payoutsNotEnabled: 'The payout account cannot receive payouts yet.',
  taxFormsNotApproved: 'Tax forms must be approved before a payout.',
  earlierPayoutUnfinished: 'An earlier payout has not gone through yet; it is retried first.',
  mustEnrollForPayouts: 'Join the Partner Program before setting up payouts.',
  historyTitle: 'Payout history',
  historyEmpty: 'No payouts yet.',
  payoutPeriod: 'Period',
  payoutAmount: 'Amount',
  payoutState: 'Status',
  unpaidBalance: 'Unpaid balance',
  payoutStatusNames: { PENDING: 'On its way', PAID: 'Paid', FAILED: 'Failed', WITHHELD: 'Withheld' },
  minimumNote: `Balances under ${formatPrice(PAYOUT_MINIMUM_CENTS, 'USD')} carry over to the next month.`,
  accountNotFound: 'That payout account was not found.',
  taxNoticeSubjects: {
    tax_not_submitted: 'Submit your tax information to keep receiving your earnings',
    tax_failed_tin: 'We could not verify your tax information',
  } satisfies Record<TaxNoticeFamily, string>,
  taxNoticeBody: (family: TaxNoticeFamily, deadline: string, link: string) =>
    family === 'tax_failed_tin'
      ? `The taxpayer number on your tax form did not match IRS records. Please submit a new form by ${deadline} so we can pay you: ${link}`
      : `We need your tax information before we can pay your Partner Program earnings. Please submit a tax form by ${deadline}: ${link}`,
};
