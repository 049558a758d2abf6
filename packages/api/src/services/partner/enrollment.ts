import type { EntityManager } from '@mikro-orm/postgresql';
import { PartnerEnrollment, TaxDocument, User } from '@quire/db';
import {
  isPayoutCountry,
  type PartnerEnrollStep,
  partnerEligibility,
  TaxDocumentStatus,
  taxDeadlines,
} from '@quire/domain';
import { enforce } from '../../policies';
import { lockUntilCommit } from '../locks';

/*
 * Partner Program enrolment (spec §2 /me/partner/enroll/{step}, /me/partner/unenroll): eligibility, then the
 * terms, which enrol the writer (status ENROLLED, User.isPartnerProgramEnrolled, hightowerTermsAcceptedAt);
 * the tax and payout steps follow and may be done later. Leaving keeps the stories and stops their earning.
 */

/** The writer's enrolment row, if they ever started. */
export const enrollmentOf = (em: EntityManager, userId: string) =>
  em.findOne(PartnerEnrollment, { user: userId }, { refresh: true });

/** The enrolment row, made on first use under a lock so two tabs make one. */
async function enrollmentFor(em: EntityManager, user: User): Promise<PartnerEnrollment> {
  await lockUntilCommit(em, `partner-enrollment:${user.id}`);
  return (
    (await enrollmentOf(em, user.id)) ??
    em.create(PartnerEnrollment, { user, status: 'NOT_ENROLLED', country: null })
  );
}

/** The step a writer is on: the first one not yet done (the tax and payout steps only once enrolled). */
function nextStep(
  enrollment: PartnerEnrollment | null,
  taxStatus: number,
  hasPayoutAccount: boolean,
): PartnerEnrollStep | null {
  if (!enrollment?.country) return 'eligibility';
  if (enrollment.status !== 'ENROLLED') return 'terms';
  if (taxStatus === TaxDocumentStatus.NOT_SUBMITTED || taxStatus === TaxDocumentStatus.INVALID) return 'tax';
  if (!hasPayoutAccount) return 'payout';
  return null;
}

/** What every Partner Program page needs: where the viewer stands in the program. */
export async function partnerStatus(em: EntityManager, viewer: User, opts: { testMode: boolean }) {
  await enforce(em, viewer, 'viewPartnerAccount', { id: viewer.id });
  const [enrollment, tax] = await Promise.all([
    enrollmentOf(em, viewer.id),
    em.findOne(TaxDocument, { user: viewer.id }),
  ]);
  const located = isPayoutCountry(viewer.geolocationCountry) ? viewer.geolocationCountry! : null;
  const country = enrollment?.country ?? located;
  const checks = partnerEligibility({
    emailVerified: !!viewer.email && !!viewer.emailVerifiedAt,
    suspended: viewer.isSuspended,
    country,
  });
  const taxStatus = tax?.status ?? TaxDocumentStatus.NOT_SUBMITTED;
  const hasPayoutAccount = !!enrollment?.stripeAccountId;
  return {
    status: enrollment?.status ?? 'NOT_ENROLLED',
    isEnrolled: enrollment?.status === 'ENROLLED',
    country,
    /** The eligibility step was passed (the country recorded). */
    countryChosen: !!enrollment?.country,
    eligibility: checks,
    termsAcceptedAt: enrollment?.termsAcceptedAt?.toISOString() ?? null,
    enrolledAt: enrollment?.enrolledAt?.toISOString() ?? null,
    taxStatus,
    hasPayoutAccount,
    payoutsEnabled: enrollment?.payoutsEnabled ?? false,
    nextStep: nextStep(enrollment, taxStatus, hasPayoutAccount),
    testMode: opts.testMode,
  };
}

/** The eligibility step: checks the account and records the payout country; enrolment itself is the terms. */
export async function startEnrollment(em: EntityManager, viewer: User, input: { country: string }) {
  const enrollment = await enrollmentFor(em, viewer);
  await enforce(em, viewer, 'enrollInPartnerProgram', enrollment, { country: input.country });
  // The country goes with the payout account: once Stripe has one, it stays.
  if (!enrollment.stripeAccountId) enrollment.country = input.country;
  await em.flush();
  return { next: 'terms' as const };
}

/**
 * The terms step: accepting enrols the writer. It records the time on the enrolment and as the user's
 * hightowerTermsAcceptedAt (so the PP_ACCEPT_TERMS toast, due for acceptances before 2021-08-11, stops),
 * and starts the tax deadlines from the day of joining when no approved form is on file.
 */
export async function acceptPartnerTerms(em: EntityManager, viewer: User, now: Date) {
  const enrollment = await enrollmentFor(em, viewer);
  await enforce(em, viewer, 'acceptPartnerTerms', enrollment);
  const joining = enrollment.status !== 'ENROLLED';
  enrollment.termsAcceptedAt = now;
  enrollment.status = 'ENROLLED';
  if (joining) {
    enrollment.enrolledAt = now;
    enrollment.unenrolledAt = null;
  }
  const user = await em.findOneOrFail(User, viewer.id);
  user.hightowerTermsAcceptedAt = now;
  user.isPartnerProgramEnrolled = true;
  if (joining) {
    const tax =
      (await em.findOne(TaxDocument, { user: viewer.id })) ??
      em.create(TaxDocument, { user, status: TaxDocumentStatus.NOT_SUBMITTED });
    if (tax.status !== TaxDocumentStatus.APPROVED) {
      Object.assign(tax, taxDeadlines(now), { earningsInternallyForfeitedAt: null });
    }
  }
  await em.flush();
  // The request's viewer reads the same as the next request will.
  viewer.hightowerTermsAcceptedAt = now;
  viewer.isPartnerProgramEnrolled = true;
  return { next: 'tax' as const, termsAcceptedAt: now.toISOString() };
}

/** Leaving: NOT_ENROLLED from now. Stories stay published and stop earning; what was earned is still paid. */
export async function leavePartnerProgram(em: EntityManager, viewer: User, now: Date) {
  await lockUntilCommit(em, `partner-enrollment:${viewer.id}`);
  const enrollment = await enrollmentOf(em, viewer.id);
  await enforce(em, viewer, 'leavePartnerProgram', enrollment);
  enrollment!.status = 'NOT_ENROLLED';
  enrollment!.unenrolledAt = now;
  const user = await em.findOneOrFail(User, viewer.id);
  user.isPartnerProgramEnrolled = false;
  await em.flush();
  viewer.isPartnerProgramEnrolled = false;
  return { status: 'NOT_ENROLLED' as const };
}
