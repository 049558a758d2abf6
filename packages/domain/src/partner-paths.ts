/*
 * The Partner Program's paths and enrolment steps (spec §2 Partner program, Settings payout paths, Static /earn),
 * apart from partner.ts so the route table loads none of the program's texts.
 */

/** The steps of /me/partner/enroll/{step}, in order. */
export const PARTNER_ENROLL_STEPS = ['eligibility', 'terms', 'tax', 'payout'] as const;
export type PartnerEnrollStep = (typeof PARTNER_ENROLL_STEPS)[number];

/** The enrolment step a path names; null for an unknown one. */
export const partnerEnrollStepOf = (step: string | undefined): PartnerEnrollStep | null =>
  step === undefined
    ? 'eligibility'
    : (PARTNER_ENROLL_STEPS as readonly string[]).includes(step)
      ? (step as PartnerEnrollStep)
      : null;

/** The page of an enrolment step. */
export const partnerEnrollPath = (step: PartnerEnrollStep) => `/me/partner/enroll/${step}`;

/** The Partner Program's pages (spec §2 Partner program, Settings, Static). */
export const partnerPaths = {
  info: '/m/partner-program',
  earn: '/earn',
  enroll: '/me/partner/enroll',
  unenroll: '/me/partner/unenroll',
  dashboard: '/me/partner/dashboard',
  taxes: '/me/partner/taxes',
  payoutSetup: '/me/settings/payout/setup',
  payoutFinish: '/me/settings/payout/stripe/finish',
  payoutDashboard: '/me/settings/payout/dashboard',
  /** The test-mode provider's own onboarding page (no Stripe key set). */
  payoutTestOnboarding: '/payout/test-onboarding',
} as const;
