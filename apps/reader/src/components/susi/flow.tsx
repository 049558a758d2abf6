import type { RouterOutputs } from '@quire/api';
import { type SusiEmailCheck, useSusiStore } from '@quire/client-state';
import {
  authErrors,
  emailSchema,
  loginCodeSchema,
  nameSchema,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  recoveryCodeSchema,
  type SusiOperation,
  twoFactorCodeSchema,
  validationMessages,
} from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { loadScript, NARROW_SCREEN_QUERY, navigateTo, useMediaQuery } from '../../lib/browser';
import { useMutation } from '../../lib/mutation';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useTRPC } from '../../trpc';

type AuthOutputs = RouterOutputs['auth'];
/** What `auth.options()` tells the modal: passwords, providers, captcha, one-tap. */
export type AuthOptions = AuthOutputs['options'];
type LoginResult = AuthOutputs['loginUser'];

/** Everything the step screens call; the server calls live here, the transitions in `useSusiStore`. */
export interface SusiFlow {
  /** `auth.options()`, undefined while loading. */
  options: AuthOptions | undefined;
  /** A server call is in flight: submit buttons are disabled. */
  busy: boolean;
  /** Below the sm breakpoint (552px): CHECK_YOUR_INBOX offers the 6-digit code. */
  isNarrow: boolean;
  /** The local captcha question, shown inline where an emailed link is about to be sent. */
  captcha: { visible: boolean; question: string | null; answer: string; setAnswer(answer: string): void };
  submitEmail(input: string): Promise<void>;
  sendLink(extra?: { resetPasswordFlow?: boolean }): Promise<void>;
  submitName(input: string): Promise<void>;
  createAccount(password: string): Promise<void>;
  loginWithPassword(password: string): Promise<void>;
  verifyTwoFactor(code: string): Promise<void>;
  submitRecoveryCode(code: string): Promise<void>;
  verifyLoginCode(code: string): Promise<void>;
}

const FlowContext = createContext<SusiFlow | null>(null);

/** The flow of the modal being rendered. */
export function useSusiFlow(): SusiFlow {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error('useSusiFlow outside <SusiFlowProvider>');
  return flow;
}

const store = () => useSusiStore.getState();

function firstIssue(error: { issues: ReadonlyArray<{ message: string }> }, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

/** Spec §5: a captcha guards emailed links, except on login when the skip flag is set. */
function captchaNeeded(options: AuthOptions, operation: SusiOperation): boolean {
  return !(operation === 'login' && options.skipLoginCaptcha);
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** reCAPTCHA v3: loads the captcha script (spec §7 scripts) and returns a token for the action. */
async function recaptchaToken(siteKey: string): Promise<string> {
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action: 'login' });
}

export function createAccountError(
  result: Exclude<AuthOutputs['createAccount'], { __typename: 'AuthInfo' }>,
): string {
  switch (result.__typename) {
    case 'Forbidden':
      return authErrors.accountForbidden;
    case 'AlreadyExists':
      return authErrors.alreadyExists;
    case 'UserCreationRateLimited':
      return authErrors.userCreationRateLimited;
    default:
      return result.message || authErrors.tryAgain;
  }
}

/** Runs the modal's server calls and feeds their results to the store's transitions. */
export function SusiFlowProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const step = useSusiStore((s) => s.step);
  const operation = useSusiStore((s) => s.operation);
  const captchaRequired = useSusiStore((s) => s.captchaRequired);
  const [answer, setAnswer] = useState('');

  const optionsQuery = useQuery(
    trpc.auth.options.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }),
  );
  const options: AuthOptions | undefined = optionsQuery.data;

  // With passwords off the link is certain, so the question shows up front; otherwise once a link is due.
  const linkIsNext =
    !!options &&
    !options.enablePasswords &&
    ((step === 'ENTER_EMAIL' && operation === 'login') || step === 'ENTER_NAME');
  const captchaVisible =
    options?.captcha.kind === 'local' && captchaNeeded(options, operation) && (captchaRequired || linkIsNext);
  const challenge = useQuery(
    trpc.auth.captchaChallenge.queryOptions(undefined, { enabled: captchaVisible, staleTime: 5 * 60_000 }),
  );

  const sendMutation = useMutation(trpc.auth.sendAcctAuthEmail.mutationOptions());
  const loginMutation = useMutation(trpc.auth.loginUser.mutationOptions());
  const createAccountMutation = useMutation(trpc.auth.createAccount.mutationOptions());
  const verifyLoginCodeMutation = useMutation(trpc.auth.verifyLoginCode.mutationOptions());

  // One submit at a time; a network failure shows 'Please try again.' (spec §8).
  const flight = useSingleFlight(() => store().fail(authErrors.tryAgain));
  const busy = flight.busy;
  const run = (task: () => Promise<void>) =>
    flight.run(async () => {
      store().clearError();
      await task();
    });

  const loadOptions = async (): Promise<AuthOptions> =>
    options ?? (await queryClient.fetchQuery(trpc.auth.options.queryOptions()));

  /** The captchaValue to send, undefined when none is needed, or null while the local answer is missing. */
  const captchaValue = async (opts: AuthOptions, op: SusiOperation): Promise<string | undefined | null> => {
    if (!captchaNeeded(opts, op)) return undefined;
    if (opts.captcha.kind === 'recaptcha') {
      return opts.captcha.siteKey ? await recaptchaToken(opts.captcha.siteKey) : undefined;
    }
    const token = challenge.data?.token;
    return token && answer.trim() ? `${token}:${answer.trim()}` : null;
  };

  const send = async (opts: AuthOptions, extra: { resetPasswordFlow?: boolean }) => {
    const s = store();
    const value = await captchaValue(opts, s.operation);
    if (value === null) {
      s.requireCaptcha();
      return;
    }
    const result: AuthOutputs['sendAcctAuthEmail'] = await sendMutation.mutateAsync({
      email: s.email,
      operation: s.operation,
      redirect: s.redirect ?? undefined,
      fullName: s.operation === 'register' && s.fullName ? s.fullName : undefined,
      captchaValue: value,
      onMobileWeb: isNarrow || undefined,
      resetPasswordFlow: extra.resetPasswordFlow || undefined,
      entryPoint: s.entryPoint ?? undefined,
    });
    if (opts.captcha.kind === 'local' && value) {
      // A challenge answers once: the next link needs a fresh question.
      setAnswer('');
      void challenge.refetch();
    }
    if (s.applySendResult(result) === 'PASSWORD_SIGNUP') {
      const query = new URLSearchParams({ email: s.email });
      if (s.redirect) query.set('redirect', s.redirect);
      navigateTo(`/password?${query}`);
    }
  };

  const handleLogin = (result: LoginResult) => {
    switch (result.__typename) {
      case 'AuthInfo':
        navigateTo(result.redirect);
        return;
      case 'AuthToken':
        store().toVerify2fa(result.token, result.method);
        return;
      case 'TwoFactorAuthSoftLockout': {
        // Spec §4: after a two-factor soft lockout, back to sign-in with the lockout details.
        const query = new URLSearchParams({
          errorType: result.__typename,
          failCount: String(result.lockoutInfo.failCount),
          lockedOutUntil: result.lockoutInfo.lockedOutUntil ?? '',
        });
        const redirect = store().redirect;
        if (redirect) query.set('redirect', redirect);
        navigateTo(`/m/signin?${query}`);
        return;
      }
      default:
        store().loginFailed(result);
    }
  };

  const flow: SusiFlow = {
    options,
    busy,
    isNarrow,
    captcha: { visible: captchaVisible, question: challenge.data?.question ?? null, answer, setAnswer },
    submitEmail: (input) =>
      run(async () => {
        const parsed = emailSchema.safeParse(input);
        if (!parsed.success) return store().fail(firstIssue(parsed.error, validationMessages.invalidEmail));
        const email = parsed.data;
        store().setEmail(email);
        const opts = await loadOptions();
        let check: SusiEmailCheck = 'PASSWORDS_DISABLED';
        if (opts.enablePasswords) {
          const preferred: AuthOutputs['magicLinkPreferred'] = await queryClient.fetchQuery(
            trpc.auth.magicLinkPreferred.queryOptions({ email }, { staleTime: 0 }),
          );
          check =
            preferred.__typename === 'NotFound'
              ? 'NOT_FOUND'
              : preferred.result
                ? 'PREFERS_MAGIC_LINK'
                : 'PREFERS_PASSWORD';
        }
        if (store().submitEmail(check) === 'SEND_LINK') await send(opts, {});
      }),
    sendLink: (extra = {}) => run(async () => send(await loadOptions(), extra)),
    submitName: (input) =>
      run(async () => {
        const parsed = nameSchema.safeParse(input);
        if (!parsed.success) return store().fail(firstIssue(parsed.error, validationMessages.nameRequired));
        store().setFullName(parsed.data);
        const opts = await loadOptions();
        if (opts.enablePasswords) store().toCreatePassword();
        else await send(opts, {});
      }),
    createAccount: (password) =>
      run(async () => {
        const parsed = passwordSchema.safeParse(password);
        if (!parsed.success)
          return store().fail(firstIssue(parsed.error, validationMessages.passwordTooShort));
        const s = store();
        const result: AuthOutputs['createAccount'] = await createAccountMutation.mutateAsync({
          email: s.email,
          name: s.fullName,
          password: parsed.data,
          redirect: s.redirect ?? undefined,
          entryPoint: s.entryPoint ?? undefined,
        });
        if (result.__typename === 'AuthInfo') navigateTo(result.redirect);
        else s.fail(createAccountError(result));
      }),
    loginWithPassword: (password) =>
      run(async () => {
        // Every password is at least 8 characters (spec §5): a shorter one cannot be right.
        if (password.length < PASSWORD_MIN_LENGTH) {
          return store().fail(validationMessages.passwordTooShort, { shake: true });
        }
        const s = store();
        const result: LoginResult = await loginMutation.mutateAsync({
          email: s.email,
          password,
          operation: 'login',
          redirect: s.redirect ?? undefined,
        });
        handleLogin(result);
      }),
    verifyTwoFactor: (code) =>
      run(async () => {
        const parsed = twoFactorCodeSchema.safeParse(code);
        if (!parsed.success) {
          return store().fail(firstIssue(parsed.error, validationMessages.invalidVerificationCode));
        }
        const s = store();
        if (!s.twoFactorToken) return s.goBack();
        const result: LoginResult = await loginMutation.mutateAsync({
          token: s.twoFactorToken,
          twoFactorVerificationCode: parsed.data,
          operation: 'login',
          redirect: s.redirect ?? undefined,
        });
        handleLogin(result);
      }),
    submitRecoveryCode: (code) =>
      run(async () => {
        const parsed = recoveryCodeSchema.safeParse(code);
        if (!parsed.success) return store().fail(firstIssue(parsed.error, authErrors.invalidRecoveryCode));
        const s = store();
        if (!s.twoFactorToken) return s.goBack();
        const result: LoginResult = await loginMutation.mutateAsync({
          token: s.twoFactorToken,
          backupCode: parsed.data,
          operation: 'login',
          redirect: s.redirect ?? undefined,
        });
        handleLogin(result);
      }),
    verifyLoginCode: (code) =>
      run(async () => {
        const parsed = loginCodeSchema.safeParse(code);
        if (!parsed.success)
          return store().fail(firstIssue(parsed.error, validationMessages.invalidLoginCode));
        const result: AuthOutputs['verifyLoginCode'] = await verifyLoginCodeMutation.mutateAsync({
          email: store().email,
          loginCode: parsed.data,
        });
        if (result.__typename === 'Token') navigateTo(result.redirectUrl);
        else store().fail(result.message || authErrors.tryAgain);
      }),
  };

  return <FlowContext.Provider value={flow}>{children}</FlowContext.Provider>;
}
