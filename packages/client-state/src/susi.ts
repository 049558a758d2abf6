import {
  authErrors,
  EMAIL_LOGIN_TIMEOUT_ENTRY,
  loginNotFoundMessage,
  type SusiOperation,
  type SusiStep,
  susiServerMessages,
  type TwoFactorMethod,
} from '@quire/domain';
import { create } from 'zustand';
import { track } from './analytics';

/**
 * How the email step ended (spec §4 sign-in modal flow): the magic-link-preferred check's answer, or
 * PASSWORDS_DISABLED when passwords are off and no check runs.
 */
export type SusiEmailCheck = 'NOT_FOUND' | 'PREFERS_MAGIC_LINK' | 'PREFERS_PASSWORD' | 'PASSWORDS_DISABLED';

/** What the calling component must do after a transition: send the emailed link, or go to password sign-up. */
export type SusiNext = 'SEND_LINK' | 'PASSWORD_SIGNUP' | null;

/** Where the modal sends the user afterwards, whether it is part of a page, and what it already knows. */
export interface SusiOpenOptions {
  redirect?: string | null;
  embedded?: boolean;
  /** A known address (the emailed link of a new account that still needs its name). */
  email?: string | null;
  /** A pending second factor (after an emailed link or social sign-in of a two-factor account). */
  twoFactorToken?: string | null;
  twoFactorMethod?: TwoFactorMethod | null;
}

/** The modal's data: spec §3 client state navigation.susiModal {step, operation} and susiEmail. */
export interface SusiState {
  /** Whether the modal is shown. */
  isOpen: boolean;
  /** The screen shown (spec §2 steps). */
  step: SusiStep;
  /** Sign in or sign up; login by default (spec §4). */
  operation: SusiOperation;
  /** Where the modal was opened from ('email_login_timeout' after an expired link). */
  entryPoint: string | null;
  /** The path to return to once signed in. */
  redirect: string | null;
  /** Part of a page (/m/signin) rather than an overlay: closing keeps the email. */
  embedded: boolean;
  /** The address typed at ENTER_EMAIL (spec §3 susiEmail). */
  email: string;
  /** The name typed at ENTER_NAME. */
  fullName: string;
  /** The pending two-factor token of an AuthToken result, sent back with the code. */
  twoFactorToken: string | null;
  /** How the two-factor code reaches the user (AuthToken.method). */
  twoFactorMethod: TwoFactorMethod | null;
  /** The error text shown under the current form, verbatim from spec §5/§8 or the server. */
  error: string | null;
  /** A lockout result was received: the submit button stays disabled on this step. */
  lockedOut: boolean;
  /** Bumped on each password error; the form shakes for 400 ms whenever it changes. */
  shakeCount: number;
  /** The emailed link waits for a captcha answer (spec §5). */
  captchaRequired: boolean;
}

/** Spec §4: the sign-in modal as a state machine. Server calls stay in components, which then call these. */
export interface SusiStore extends SusiState {
  /** Shows the modal at `step` (default: the options of `operation`, or ENTER_EMAIL after an expired link). */
  open(
    step?: SusiStep,
    operation?: SusiOperation,
    entryPoint?: string | null,
    options?: SusiOpenOptions,
  ): void;
  /** Hides and resets the modal; the email is cleared unless the modal is embedded. */
  close(): void;
  /** Login ↔ register: SIGNIN_OPTIONS ↔ SIGNUP_OPTIONS; ENTER_EMAIL stays; other steps go to the options. */
  toggleOperation(): void;
  /** Back to SIGNIN_OPTIONS or SIGNUP_OPTIONS for the current operation. */
  showOptions(): void;
  /** The email button of the options: ENTER_EMAIL. */
  chooseEmail(): void;
  setEmail(email: string): void;
  setFullName(fullName: string): void;
  /** The email step's outcome: UNRECOGNIZED_EMAIL, ENTER_NAME, ENTER_PASSWORD, or 'SEND_LINK'. */
  submitEmail(check: SusiEmailCheck): SusiNext;
  /** SendAcctAuthEmail's result: CHECK_YOUR_INBOX, UNRECOGNIZED_EMAIL, an error, or 'PASSWORD_SIGNUP'. */
  applySendResult(result: { __typename: string; message?: string }): SusiNext;
  toUnrecognized(): void;
  toEnterName(): void;
  toCreatePassword(): void;
  toEnterPassword(): void;
  toVerify2fa(token: string, method: TwoFactorMethod): void;
  toRecoveryCode(): void;
  toCheckInbox(): void;
  /** UNRECOGNIZED_EMAIL: sign in with a different email (login, ENTER_EMAIL). */
  tryDifferentEmail(): void;
  /** UNRECOGNIZED_EMAIL: 'create a new account' (register, ENTER_EMAIL). */
  createNewAccount(): void;
  /** The previous screen of the flow ('Go back'). */
  goBack(): void;
  /** The emailed link needs a captcha answer first. */
  requireCaptcha(): void;
  /** Shows an error; `shake` animates the form, `lockedOut` disables its submit. */
  fail(message: string, effects?: { shake?: boolean; lockedOut?: boolean }): void;
  /** A LoginUser error result (spec §8 Login): message, lockout and shake. */
  loginFailed(result: { __typename: string; message?: string }): void;
  clearError(): void;
}

const optionsStep = (operation: SusiOperation): SusiStep =>
  operation === 'register' ? 'SIGNUP_OPTIONS' : 'SIGNIN_OPTIONS';

/** Spec §8: LoginUser results that lock the form. */
const LOCKOUT_RESULTS = new Set([
  'PasswordSoftLockout',
  'PasswordPermanentLockout',
  'IpAuthLockout',
  'TwoFactorAuthSoftLockout',
  'TwoFactorAuthPermanentLockout',
]);
/** Spec §8: LoginUser results that are password (or code) errors and shake the form. */
const SHAKE_RESULTS = new Set([
  ...LOCKOUT_RESULTS,
  'InvalidPassword',
  'InvalidTwoFactorAuthCode',
  'NotFound',
]);

const CLOSED: SusiState = {
  isOpen: false,
  step: 'SIGNIN_OPTIONS',
  operation: 'login',
  entryPoint: null,
  redirect: null,
  embedded: false,
  email: '',
  fullName: '',
  twoFactorToken: null,
  twoFactorMethod: null,
  error: null,
  lockedOut: false,
  shakeCount: 0,
  captchaRequired: false,
};

/** Clears what belongs to one screen (error, lockout, captcha) when the step changes. */
const screen = { error: null, lockedOut: false, captchaRequired: false } as const;

/**
 * The state `open()` produces (with the given email or an empty one): pages that render the modal on the server use it until
 * the store is opened in the browser, so hydration matches.
 */
export function initialSusiState(
  step?: SusiStep,
  operation: SusiOperation = 'login',
  entryPoint: string | null = null,
  options: SusiOpenOptions = {},
): SusiState {
  const first = step ?? (entryPoint === EMAIL_LOGIN_TIMEOUT_ENTRY ? 'ENTER_EMAIL' : optionsStep(operation));
  return {
    ...CLOSED,
    isOpen: true,
    step: first,
    operation,
    entryPoint,
    redirect: options.redirect ?? null,
    embedded: options.embedded ?? false,
    email: options.email ?? '',
    twoFactorToken: options.twoFactorToken ?? null,
    twoFactorMethod: options.twoFactorMethod ?? null,
  };
}

const BACK: Partial<Record<SusiStep, SusiStep>> = {
  ENTER_NAME: 'ENTER_EMAIL',
  CREATE_PASSWORD: 'ENTER_NAME',
  ENTER_PASSWORD: 'ENTER_EMAIL',
  VERIFY_2FA_CODE: 'ENTER_PASSWORD',
  ENTER_RECOVERY_CODE: 'VERIFY_2FA_CODE',
  CHECK_YOUR_INBOX: 'ENTER_EMAIL',
  UNRECOGNIZED_EMAIL: 'ENTER_EMAIL',
};

export const useSusiStore = create<SusiStore>()((set, get) => ({
  ...CLOSED,
  open: (step, operation, entryPoint, options) => {
    set({ ...initialSusiState(step, operation, entryPoint, options), email: options?.email ?? get().email });
    track('susi.viewed', { entryPoint: entryPoint ?? null });
  },
  close: () => set({ ...CLOSED, email: get().embedded ? get().email : '' }),
  toggleOperation: () => {
    const { operation, step } = get();
    const next: SusiOperation = operation === 'login' ? 'register' : 'login';
    set({ ...screen, operation: next, step: step === 'ENTER_EMAIL' ? step : optionsStep(next) });
  },
  showOptions: () => set({ ...screen, step: optionsStep(get().operation) }),
  chooseEmail: () => set({ ...screen, step: 'ENTER_EMAIL' }),
  setEmail: (email) => set({ email }),
  setFullName: (fullName) => set({ fullName }),
  submitEmail: (check) => {
    const { operation } = get();
    switch (check) {
      case 'NOT_FOUND':
        if (operation === 'login') get().toUnrecognized();
        else get().toEnterName();
        return null;
      case 'PREFERS_PASSWORD':
        get().toEnterPassword();
        return null;
      case 'PASSWORDS_DISABLED':
        // Without passwords a new account still needs its name before the sign-up link is sent.
        if (operation === 'register') {
          get().toEnterName();
          return null;
        }
        return 'SEND_LINK';
      case 'PREFERS_MAGIC_LINK':
        return 'SEND_LINK';
    }
  },
  applySendResult: ({ __typename, message = '' }) => {
    if (__typename === 'SusiMethod') {
      get().toCheckInbox();
      return null;
    }
    if (message === susiServerMessages.showPasswordSignup) return 'PASSWORD_SIGNUP';
    if (message === susiServerMessages.userDoesNotExist) {
      get().toUnrecognized();
      return null;
    }
    // §8 Link send: a captcha failure shows the server message, anything else 'Please try again.'
    if (__typename === 'FailedChallenge' && message) set({ error: message, captchaRequired: true });
    else set({ error: authErrors.tryAgain });
    return null;
  },
  toUnrecognized: () => set({ ...screen, step: 'UNRECOGNIZED_EMAIL', operation: 'login' }),
  toEnterName: () => set({ ...screen, step: 'ENTER_NAME', operation: 'register' }),
  toCreatePassword: () => set({ ...screen, step: 'CREATE_PASSWORD', operation: 'register' }),
  toEnterPassword: () => set({ ...screen, step: 'ENTER_PASSWORD' }),
  toVerify2fa: (token, method) =>
    set({ ...screen, step: 'VERIFY_2FA_CODE', twoFactorToken: token, twoFactorMethod: method }),
  toRecoveryCode: () => set({ ...screen, step: 'ENTER_RECOVERY_CODE' }),
  toCheckInbox: () => set({ ...screen, step: 'CHECK_YOUR_INBOX' }),
  tryDifferentEmail: () => set({ ...screen, step: 'ENTER_EMAIL', operation: 'login' }),
  createNewAccount: () => set({ ...screen, step: 'ENTER_EMAIL', operation: 'register' }),
  goBack: () => {
    const { step, operation } = get();
    set({ ...screen, step: BACK[step] ?? optionsStep(operation) });
  },
  requireCaptcha: () => set({ captchaRequired: true }),
  fail: (message, effects = {}) =>
    set((s) => ({
      error: message,
      lockedOut: s.lockedOut || !!effects.lockedOut,
      shakeCount: effects.shake ? s.shakeCount + 1 : s.shakeCount,
    })),
  loginFailed: ({ __typename, message = '' }) => {
    const text =
      __typename === 'NotFound'
        ? loginNotFoundMessage(message)
        : SHAKE_RESULTS.has(__typename) || __typename === 'BadRequest'
          ? message || authErrors.tryAgain
          : authErrors.tryAgain;
    get().fail(text, { shake: SHAKE_RESULTS.has(__typename), lockedOut: LOCKOUT_RESULTS.has(__typename) });
    if (SHAKE_RESULTS.has(__typename)) track('password.error', { type: __typename });
  },
  clearError: () => set({ error: null }),
}));
