import type { RouterOutputs } from '@quire/api';
import {
  AUTH_LIMITS,
  authErrors,
  authUiTexts,
  countryByCode,
  DEFAULT_COUNTRY_CODE,
  digitsOnly,
  type LockoutInfo,
  phoneSchema,
  susiTexts,
  TwoFactorMethod,
  twoFactorCodeSchema,
  validationMessages,
} from '@quire/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CountrySelect } from '../components/CountrySelect';
import { FormEnd, FormError, TextField } from '../components/susi/fields';
import { useMutation } from '../lib/mutation';
import { useSingleFlight } from '../lib/useSingleFlight';
import { useTRPC } from '../trpc';

type AuthOutputs = RouterOutputs['auth'];
type AuthyUser = Extract<AuthOutputs['registerAuthyUser'], { __typename: 'AuthyUser' }>;

/** Spec §4 two-factor setup steps. */
type SetupStep = 'CHOOSE_METHOD' | 'ENTER_PHONE' | 'VERIFY_CODE' | 'BACKUP_CODES';

const SETTINGS_SECURITY = '/me/settings#security';

const METHOD_LABELS: Record<TwoFactorMethod, string> = {
  AUTH_APP: authUiTexts.methodAuthApp,
  SMS_TEXT: authUiTexts.methodSmsText,
  VOICE_CALL: authUiTexts.methodVoiceCall,
};

const LOCKOUTS = new Set(['TwoFactorAuthSoftLockout', 'TwoFactorAuthPermanentLockout']);

/** Spec §2/§4 two-factor setup: choose method, enter phone, verify code, backup codes. */
export function TwoFactorSetup({
  userId,
  startAtBackupCodes,
}: {
  userId: string;
  startAtBackupCodes: boolean;
}) {
  const trpc = useTRPC();
  const register = useMutation(trpc.auth.registerAuthyUser.mutationOptions());
  const verify = useMutation(trpc.auth.crupdateTwoFactorAuth.mutationOptions());
  const generate = useMutation(trpc.auth.crupdateTwoFactorBackupCodes.mutationOptions());

  const [step, setStep] = useState<SetupStep>(startAtBackupCodes ? 'BACKUP_CODES' : 'CHOOSE_METHOD');
  const [method, setMethod] = useState<TwoFactorMethod>('AUTH_APP');
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [authy, setAuthy] = useState<AuthyUser | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lockout, setLockout] = useState<LockoutInfo | null>(null);
  const [phonePulse, setPhonePulse] = useState(0);

  const go = (next: SetupStep) => {
    setError(null);
    setStep(next);
  };

  const flight = useSingleFlight(() => setError(authErrors.tryAgain));
  const busy = flight.busy;
  const run = (task: () => Promise<void>) =>
    flight.run(async () => {
      setError(null);
      await task();
    });

  const registerMethod = (input: { countryCode?: string; phoneNumber?: string }) =>
    run(async () => {
      const result: AuthOutputs['registerAuthyUser'] = await register.mutateAsync({
        preferredMethod: method,
        ...input,
      });
      if (result.__typename === 'AuthyUser') {
        setAuthy(result);
        setCode('');
        go('VERIFY_CODE');
      } else {
        setError(result.message);
        if (step === 'ENTER_PHONE') setPhonePulse((n) => n + 1);
      }
    });

  const onChooseMethod = () => {
    // The authenticator app needs no phone: its secret is shown with the verification step.
    if (method === 'AUTH_APP') void registerMethod({});
    else go('ENTER_PHONE');
  };

  const onPhone = () => {
    const parsed = phoneSchema.safeParse(phone);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? validationMessages.invalidPhone);
      setPhonePulse((n) => n + 1);
      return;
    }
    const dialCode = countryByCode(country)?.dialCode ?? '';
    void registerMethod({ countryCode: digitsOnly(dialCode), phoneNumber: parsed.data });
  };

  const onVerify = () => {
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? validationMessages.invalidVerificationCode);
      return;
    }
    if (!authy) return go('CHOOSE_METHOD');
    void run(async () => {
      const result: AuthOutputs['crupdateTwoFactorAuth'] = await verify.mutateAsync({
        authyId: authy.authyId,
        preferredMethod: method,
        verificationCode: parsed.data,
      });
      if (result.__typename === 'Success') return go('BACKUP_CODES');
      setError(result.message);
      if (LOCKOUTS.has(result.__typename) && 'lockoutInfo' in result) setLockout(result.lockoutInfo);
    });
  };

  // A soft lockout ends at lockedOutUntil; a permanent one (no end) keeps the form locked.
  useEffect(() => {
    const until = lockout?.lockedOutUntil ? Date.parse(lockout.lockedOutUntil) : Number.NaN;
    if (!Number.isFinite(until)) return;
    const timer = setTimeout(() => setLockout(null), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [lockout]);

  const generateCodes = () =>
    run(async () => {
      const result: AuthOutputs['crupdateTwoFactorBackupCodes'] = await generate.mutateAsync({ userId });
      if (result.__typename === 'BackupCodes') setBackupCodes(result.backupCodes);
      else setError(result.message);
    });

  // Spec §4: generation starts once, automatically, on reaching the backup codes step.
  const generated = useRef(false);
  useEffect(() => {
    if (step !== 'BACKUP_CODES' || generated.current) return;
    generated.current = true;
    void generateCodes();
  });

  const submit = (handler: () => void) => (e: FormEvent) => {
    e.preventDefault();
    handler();
  };
  const lockedOut = !!lockout;

  return (
    <main className="q-column q-auth-page" data-testid="two-factor-page" data-step={step}>
      <h1>{step === 'BACKUP_CODES' ? authUiTexts.backupCodesTitle : authUiTexts.twoFactorTitle}</h1>

      {step === 'CHOOSE_METHOD' ? (
        <form noValidate onSubmit={submit(onChooseMethod)}>
          <fieldset className="q-fieldset">
            <legend>{authUiTexts.chooseMethod}</legend>
            {TwoFactorMethod.map((m) => (
              <label key={m} className="q-radio">
                <input
                  type="radio"
                  name="method"
                  value={m}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                {METHOD_LABELS[m]}
              </label>
            ))}
          </fieldset>
          <FormEnd error={error} label={susiTexts.continue} disabled={busy} />
        </form>
      ) : null}

      {step === 'ENTER_PHONE' ? (
        <form noValidate onSubmit={submit(onPhone)}>
          <CountrySelect label={authUiTexts.countryLabel} value={country} onChange={setCountry} />
          <div key={phonePulse} className={phonePulse ? 'q-pulse' : undefined}>
            <TextField
              label={authUiTexts.phoneLabel}
              type="tel"
              name="phone"
              autoComplete="tel-national"
              inputMode="tel"
              value={phone}
              invalid={!!error}
              onChange={setPhone}
            />
          </div>
          <FormEnd error={error} label={susiTexts.continue} disabled={busy} />
        </form>
      ) : null}

      {step === 'VERIFY_CODE' ? (
        <form noValidate onSubmit={submit(onVerify)}>
          {method === 'AUTH_APP' && authy ? (
            <div className="q-auth-app">
              <p>{authUiTexts.authAppInstructions}</p>
              {authy.otpauthUri ? (
                <p>
                  <a href={authy.otpauthUri} data-testid="otpauth-uri">
                    {authUiTexts.openInAuthenticator}
                  </a>
                </p>
              ) : null}
              {authy.secret ? (
                <p>
                  {authUiTexts.secretKeyLabel}: <code data-testid="otp-secret">{authy.secret}</code>
                </p>
              ) : null}
            </div>
          ) : (
            <p>{method === 'SMS_TEXT' ? authUiTexts.codeFromSms : authUiTexts.codeFromVoiceCall}</p>
          )}
          <TextField
            label={authUiTexts.verificationCodeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={AUTH_LIMITS.twoFactorCodeLength}
            value={code}
            invalid={!!error}
            onChange={setCode}
          />
          <FormEnd error={error} label={susiTexts.next} disabled={busy || lockedOut} />
        </form>
      ) : null}

      {step === 'BACKUP_CODES' ? (
        <section>
          <p>{authUiTexts.backupCodesHelp}</p>
          {backupCodes ? (
            <ul
              className="q-backup-codes"
              data-testid="backup-codes"
              style={{ gridTemplateColumns: `repeat(${AUTH_LIMITS.backupCodeColumns}, max-content)` }}
            >
              {backupCodes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
          ) : null}
          <FormError text={error} />
          {error && !busy ? (
            <button type="button" className="q-button" onClick={() => void generateCodes()}>
              {authUiTexts.generateBackupCodes}
            </button>
          ) : null}
          {backupCodes ? (
            <a className="q-button q-button-dark" href={SETTINGS_SECURITY}>
              {authUiTexts.done}
            </a>
          ) : null}
        </section>
      ) : null}

      {step !== 'BACKUP_CODES' ? (
        <p className="q-susi-links">
          <a href={SETTINGS_SECURITY}>{susiTexts.cancel}</a>
        </p>
      ) : null}
    </main>
  );
}
