export { billingHistory, currentMembership, receipt } from './account';
export { type ApplyOptions, type ApplyOutcome, applyPaymentEvent } from './events';
export {
  defaultPlanSettings,
  isMembershipTrialEligible,
  type PlanOffer,
  type PlanSetting,
  planList,
  syncPlans,
} from './plans';
export { expireLapsedMemberships, givesAccess, syncUserMembership } from './state';
