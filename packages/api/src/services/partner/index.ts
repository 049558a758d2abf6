export {
  acceptPartnerTerms,
  enrollmentOf,
  leavePartnerProgram,
  partnerStatus,
  startEnrollment,
} from './enrollment';
export {
  completeTestOnboarding,
  type PayoutOutcome,
  PayoutRefused,
  payableBalance,
  payOutWriter,
  payoutAccountOf,
  payoutDashboardLink,
  payoutMonth,
  runMonthlyPayouts,
  setUpPayouts,
} from './payouts';
export { reviewDueTaxForms, submitW8ben, submitW9, taxFormsOf } from './tax-forms';
export { sendTaxNotices } from './tax-notices';
export { decryptTin, encryptTin, TAX_FORM_KEY_FILE, taxFormKey } from './tin-crypto';
