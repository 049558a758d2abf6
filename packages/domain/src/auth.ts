import { z } from 'zod';
import { SusiOperation, TwoFactorMethod } from './enums';
import { textInput } from './text-input';
import {
  emailSchema,
  loginCodeSchema,
  nameSchema,
  passwordSchema,
  recoveryCodeSchema,
  twoFactorCodeSchema,
} from './validation';

/**
 * Auth policy numbers. Spec §9 Auth fixes attempts (6) and the soft lock (1 minute); the rest are
 * this product's choices (see docs/FEATURES.md).
 */
export const AUTH_POLICY = {
  maxAttempts: 6,
  softLockMs: 60_000,
  /** Soft locks before the lockout becomes permanent (password: recover by magic link). */
  softLocksBeforePermanent: 5,
  /** Failed password attempts from one IP within the window that lock the network out. */
  ipFailuresBeforeLock: 50,
  ipFailureWindowMs: 24 * 60 * 60 * 1000,
  ipLockDays: 1,
  magicLinkTtlMs: 15 * 60 * 1000,
  loginCodeMaxAttempts: 5,
  twoFactorPendingTtlMs: 10 * 60 * 1000,
  smsCodeTtlMs: 10 * 60 * 1000,
  passwordResetTtlMs: 60 * 60 * 1000,
  emailVerificationTtlMs: 7 * 24 * 60 * 60 * 1000,
  accountTokenTtlMs: 10 * 60 * 1000,
  /** Accounts one IP may create per day before UserCreationRateLimited. */
  accountsPerIpPerDay: 5,
  /** Account creations tried with one email before Forbidden. */
  attemptsPerEmail: 5,
  backupCodeCount: 10,
  backupCodeLength: 8,
  totpDigits: 7,
  totpPeriodSeconds: 30,
} as const;

const redirect = textInput()
  .max(2048)
  .refine((r) => r.startsWith('/') && !r.startsWith('//'), 'The redirect must be a path on this site.')
  .optional();
const operation = z.enum(SusiOperation).default('login');

/** Spec §7 MagicLinkPreferredQuery. */
export const magicLinkPreferredInput = z.object({ email: emailSchema });
/** Spec §7 EmailAvailability. */
export const emailAvailabilityInput = z.object({ email: emailSchema });

/** Spec §7 SendAcctAuthEmail. */
export const sendAcctAuthEmailInput = z.object({
  email: emailSchema,
  redirect,
  fullName: textInput().trim().max(100).optional(),
  captchaValue: textInput().max(4096).optional(),
  operation,
  onMobileWeb: z.boolean().optional(),
  resetPasswordFlow: z.boolean().optional(),
  /** What asked for the account (spec §4: some entry points skip onboarding). */
  entryPoint: textInput().max(100).optional(),
});

/** Spec §7 VerifyLoginCode (the email the code was sent to travels with it). */
export const verifyLoginCodeInput = z.object({ email: emailSchema, loginCode: loginCodeSchema });

/** Spec §7 CreateAccount (OAuth fields are used by social sign-up). */
export const createAccountInput = z.object({
  email: emailSchema,
  name: nameSchema,
  password: passwordSchema.optional(),
  username: textInput()
    .trim()
    .regex(/^[A-Za-z0-9_.]{1,30}$/, 'A username has up to 30 letters, digits, dots or underscores.')
    .optional(),
  redirect,
  source: textInput().max(100).optional(),
  entryPoint: textInput().max(100).optional(),
  onboardingStatus: z.enum(['NOT_ONBOARDED', 'ONBOARDED', 'SKIPPED']).optional(),
  accessToken: textInput().max(4096).optional(),
  accessTokenSecret: textInput().max(4096).optional(),
  accountName: textInput().max(100).optional(),
  identityToken: textInput().max(8192).optional(),
  nonce: textInput().max(200).optional(),
});

/** Spec §7 LoginUser: email + password, then (for two-factor) the pending token + a code. */
export const loginUserInput = z
  .object({
    email: emailSchema.optional(),
    password: textInput().min(1).max(200).optional(),
    operation,
    referrer: textInput().max(2048).optional(),
    state: textInput().max(2048).optional(),
    token: textInput().max(200).optional(),
    twoFactorVerificationCode: twoFactorCodeSchema.optional(),
    backupCode: recoveryCodeSchema.optional(),
    redirect,
  })
  .refine((i) => (i.email && i.password) || i.token, 'Send an email and password, or a sign-in token.');

/** Spec §7 CrupdatePassword: set a password with a reset token, or change it with the old one. */
export const crupdatePasswordInput = z.object({
  password: passwordSchema,
  oldPassword: textInput().max(200).optional(),
  token: textInput().max(200).optional(),
});

/** Spec §7 RegisterAuthyUser. */
export const registerAuthyUserInput = z.object({
  preferredMethod: z.enum(TwoFactorMethod),
  countryCode: textInput().max(8).optional(),
  phoneNumber: textInput().max(32).optional(),
});

/** Spec §7 CrupdateTwoFactorAuth. */
export const crupdateTwoFactorAuthInput = z.object({
  authyId: textInput().max(50),
  preferredMethod: z.enum(TwoFactorMethod),
  verificationCode: twoFactorCodeSchema,
});

/** Spec §7 crupdateTwoFactorBackupCodes. */
export const crupdateTwoFactorBackupCodesInput = z.object({ userId: textInput().max(16) });

/** Spec §7 LockoutInfo. */
export interface LockoutInfo {
  failCount: number;
  /** ISO time the soft lock ends; null for none or permanent. */
  lockedOutUntil: string | null;
}
