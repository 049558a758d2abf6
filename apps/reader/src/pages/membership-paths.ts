/** Where the membership pages live (spec §2 Paths: Settings, Money and membership). */
export const MEMBERSHIP_SETTINGS_PATH = '/me/settings#membership';
export const PLANS_PATH = '/plans';
export const CANCEL_MEMBERSHIP_PATH = '/me/membership/cancel';
export const UPDATE_PAYMENT_PATH = '/me/settings/payment/update';
export const BILLING_HISTORY_PATH = '/me/billing-history';
export const receiptPath = (chargeId: string) =>
  `/me/billing-history/receipt/${encodeURIComponent(chargeId)}`;
