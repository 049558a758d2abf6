export { billingHistory, currentMembership, receipt } from './account';
export { changingProvider, isDevProvider, loadDevPaymentState } from './dev-state';
export { type ApplyOptions, type ApplyOutcome, applyPaymentEvent } from './events';
export {
  type CheckoutInput,
  changeMembershipPlan,
  completeTestCheckout,
  paymentEventOptions,
  paymentPortal,
  receivePaymentEvent,
  setMembershipCancel,
  startCheckout,
  testCheckout,
  WELCOME_PATH,
} from './payments';
export {
  defaultPlanSettings,
  isMembershipTrialEligible,
  type PlanOffer,
  type PlanSetting,
  planList,
  syncPlans,
} from './plans';
export { expireLapsedMemberships, givesAccess, syncUserMembership } from './state';
