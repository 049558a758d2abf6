import { accessTexts, type PartnerEnrollmentStatus, partnerEligibility, partnerTexts } from '@quire/domain';
import { type Refusal, refuse } from './facts';
import { accountRefusal } from './other-rules';
import type { PolicyViewer } from './viewer';

/* The rules of the Partner Program: who may join, leave, file tax forms and set up payouts (docs/FEATURES.md). */

/** A writer's Partner Program enrolment as the rules read it; null when they never started. */
export interface EnrollmentSubject {
  user: { id: string };
  status: PartnerEnrollmentStatus;
  termsAcceptedAt?: Date | null;
}

/** Whose tax forms or payout account: always a user. */
export interface PartnerOwnerSubject {
  id: string;
}

/** Only oneself, signed in; someone else's forms or account do not exist for the viewer. */
function own(
  viewer: PolicyViewer,
  owner: PartnerOwnerSubject,
  message: string = accessTexts.otherUsersTaxForms,
): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return viewer.user.id === owner.id ? null : refuse('NOT_FOUND', message);
}

/**
 * Joining (the eligibility and terms steps): an account in good standing with a confirmed email, paid in a
 * supported country, that staff have not barred (PERMISSION_DENIED).
 */
function enrollInPartnerProgram(
  viewer: PolicyViewer,
  enrollment: EnrollmentSubject | null,
  payout: { country: string | null },
): Refusal | null {
  const account = accountRefusal(viewer.user, true);
  if (account || !viewer.user) return account ?? refuse('UNAUTHORIZED', accessTexts.signIn);
  if (enrollment?.status === 'PERMISSION_DENIED') return refuse('FORBIDDEN', partnerTexts.permissionDenied);
  const checks = partnerEligibility({
    emailVerified: !!viewer.user.email && !!viewer.user.emailVerifiedAt,
    suspended: !!viewer.user.isSuspended,
    country: payout.country,
  });
  if (!checks.emailVerified) return refuse('FORBIDDEN', partnerTexts.verifyEmailFirst);
  if (!checks.countrySupported) return refuse('BAD_REQUEST', partnerTexts.unsupportedCountry);
  return null;
}

/**
 * Accepting the terms: joining asks everything joining asks (with the country of the eligibility step); an
 * enrolled writer accepting updated terms again needs only an account in good standing.
 */
function acceptPartnerTerms(
  viewer: PolicyViewer,
  enrollment: EnrollmentSubject & { country?: string | null },
) {
  if (enrollment.status === 'ENROLLED')
    return own(viewer, enrollment.user) ?? accountRefusal(viewer.user, true);
  if (!enrollment.country) return refuse('BAD_REQUEST', partnerTexts.needEligibilityFirst);
  return enrollInPartnerProgram(viewer, enrollment, { country: enrollment.country });
}

/** Leaving: the enrolled writer themself. */
function leavePartnerProgram(viewer: PolicyViewer, enrollment: EnrollmentSubject | null): Refusal | null {
  const account = accountRefusal(viewer.user, true);
  if (account) return account;
  if (!enrollment || own(viewer, enrollment.user)) return refuse('NOT_FOUND', partnerTexts.notEnrolled);
  return enrollment.status === 'ENROLLED' ? null : refuse('BAD_REQUEST', partnerTexts.notEnrolled);
}

/** Reading one's program state, tax forms, payout account and payout history: the owner alone. */
function viewPartnerAccount(viewer: PolicyViewer, owner: PartnerOwnerSubject): Refusal | null {
  return own(viewer, owner);
}

/** Filing a tax form: the owner, once enrolled (terms accepted), in good standing. */
function submitTaxForm(
  viewer: PolicyViewer,
  owner: PartnerOwnerSubject,
  enrollment: EnrollmentSubject | null,
): Refusal | null {
  const mine = own(viewer, owner) ?? accountRefusal(viewer.user, true);
  if (mine) return mine;
  return enrollment?.status === 'ENROLLED' ? null : refuse('FORBIDDEN', partnerTexts.mustEnrollForTaxes);
}

/** Setting up, opening or (in test mode) completing a payout account: its owner, once enrolled, in good standing. */
function managePayouts(
  viewer: PolicyViewer,
  owner: PartnerOwnerSubject,
  enrollment: EnrollmentSubject | null,
): Refusal | null {
  const mine = own(viewer, owner, partnerTexts.accountNotFound) ?? accountRefusal(viewer.user, true);
  if (mine) return mine;
  return enrollment?.status === 'ENROLLED' ? null : refuse('FORBIDDEN', partnerTexts.mustEnrollForPayouts);
}

/** Every question about the Partner Program, by action. */
export const partnerRules = {
  enrollInPartnerProgram,
  acceptPartnerTerms,
  leavePartnerProgram,
  viewPartnerAccount,
  submitTaxForm,
  managePayouts,
} as const;
