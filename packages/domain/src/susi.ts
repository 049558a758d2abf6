/**
 * Spec §2/§4 sign-in modal names, free of zod so that client code can use them without the input schemas
 * (the reader loads its validation only with the sign-in screens).
 */

const values = <const T extends readonly string[]>(...v: T) => v;

/** Spec §2 sign-in and sign-up modal steps (ENTER_PHONE is named but has no screen). */
export const SusiStep = values(
  'SIGNIN_OPTIONS',
  'SIGNUP_OPTIONS',
  'ENTER_EMAIL',
  'UNRECOGNIZED_EMAIL',
  'ENTER_NAME',
  'CREATE_PASSWORD',
  'ENTER_PASSWORD',
  'VERIFY_2FA_CODE',
  'ENTER_RECOVERY_CODE',
  'CHECK_YOUR_INBOX',
  'ENTER_PHONE',
);
export type SusiStep = (typeof SusiStep)[number];

/** Spec §4: the modal's operation, login by default. */
export const SusiOperation = values('login', 'register');
export type SusiOperation = (typeof SusiOperation)[number];

/** Spec §2: the sign-in entry after an expired emailed link. */
export const EMAIL_LOGIN_TIMEOUT_ENTRY = 'email_login_timeout';
