import {
  partnerEligibilityInput,
  partnerTermsInput,
  partnerUnenrollInput,
  textInput,
  w8benInput,
  w9Input,
} from '@quire/domain';
import { z } from 'zod';
import {
  acceptPartnerTerms,
  completeTestOnboarding,
  leavePartnerProgram,
  partnerStatus,
  payoutAccountOf,
  payoutDashboardLink,
  setUpPayouts,
  startEnrollment,
  submitW8ben,
  submitW9,
  taxFormsOf,
} from '../services/partner';
import { authedProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §2 Partner program and Settings payout paths: enrolment, tax forms and payouts, each the viewer's own. */
export const partnerRouter = router({
  /** Where the viewer stands: enrolment, eligibility, tax status, payout account, the next step. */
  status: authedProcedure.query(({ ctx }) =>
    partnerStatus(ctx.em, ctx.viewer, { testMode: ctx.env.payments.isTestMode }),
  ),
  /** The eligibility step: the payout country, checked with the account's standing. */
  start: transactionalProcedure
    .input(partnerEligibilityInput)
    .mutation(({ ctx, input }) => startEnrollment(ctx.em, ctx.viewer, input)),
  /** The terms step: accepting enrols the viewer. */
  acceptTerms: transactionalProcedure
    .input(partnerTermsInput)
    .mutation(({ ctx }) => acceptPartnerTerms(ctx.em, ctx.viewer, ctx.now())),
  /** Leaving the program. */
  unenroll: transactionalProcedure
    .input(partnerUnenrollInput)
    .mutation(({ ctx }) => leavePartnerProgram(ctx.em, ctx.viewer, ctx.now())),
  /** The viewer's tax form on file (masked), status and banner. */
  taxForms: authedProcedure.query(({ ctx }) => taxFormsOf(ctx.em, ctx.viewer, ctx.now())),
  submitW9: transactionalProcedure
    .input(w9Input)
    .mutation(({ ctx, input }) => submitW9(ctx.em, ctx.viewer, ctx.env, input, ctx.now())),
  submitW8ben: transactionalProcedure
    .input(w8benInput)
    .mutation(({ ctx, input }) => submitW8ben(ctx.em, ctx.viewer, ctx.env, input, ctx.now())),
  /** The payout account's state, the unpaid balance and the payout history. */
  payoutAccount: authedProcedure.query(({ ctx }) => payoutAccountOf(ctx.em, ctx.viewer, ctx.env, ctx.now())),
  /** Makes the connected account on first use and answers Stripe's onboarding link. */
  setupPayouts: transactionalProcedure.mutation(({ ctx }) => setUpPayouts(ctx.em, ctx.viewer, ctx.env)),
  /** A one-time link into the Express dashboard. */
  payoutDashboardLink: transactionalProcedure.mutation(({ ctx }) =>
    payoutDashboardLink(ctx.em, ctx.viewer, ctx.env),
  ),
  /** Test mode only: the simulated onboarding page completes the viewer's account. */
  completeTestOnboarding: transactionalProcedure
    .input(z.object({ accountId: textInput().max(64) }))
    .mutation(({ ctx, input }) => completeTestOnboarding(ctx.em, ctx.viewer, ctx.env, input.accountId)),
});
