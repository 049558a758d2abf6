/**
 * Spec §2/§4 sign-in modal names, free of zod so that client code can use them without the input schemas
 * (the reader loads its validation only with the sign-in screens).
 */

/** Spec §2: the sign-in entry after an expired emailed link. */
export const EMAIL_LOGIN_TIMEOUT_ENTRY = 'email_login_timeout';
