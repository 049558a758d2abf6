import type { RouterOutputs } from '@quire/api';
import {
  authErrors,
  authUiTexts,
  nameSchema,
  passwordSchema,
  susiTexts,
  validationMessages,
} from '@quire/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormEnd, FormError, NewPasswordField, TextField, useShake } from '../components/susi/fields';
import { createAccountError } from '../components/susi/flow';
import { navigateTo } from '../lib/browser';
import { useMutation } from '../lib/mutation';
import { useSingleFlight } from '../lib/useSingleFlight';
import { useTRPC } from '../trpc';

type AuthOutputs = RouterOutputs['auth'];
const SETTINGS_SECURITY = '/me/settings#security';

function AuthPage({ title, shaking, children }: { title: string; shaking: boolean; children: ReactNode }) {
  return (
    <main
      className={shaking ? 'q-column q-auth-page q-shake' : 'q-column q-auth-page'}
      data-testid="password-page"
    >
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** The submit state shared by the two forms: busy, error, and the 400 ms shake on each error. */
function useSubmitState() {
  const [error, setErrorText] = useState<string | null>(null);
  const [errors, setErrors] = useState(0);
  const shaking = useShake(errors);
  const setError = (text: string) => {
    setErrorText(text);
    setErrors((n) => n + 1);
  };
  const flight = useSingleFlight(() => setError(authErrors.tryAgain));
  const run = (task: () => Promise<void>) =>
    flight.run(async () => {
      setErrorText(null);
      await task();
    });
  return { busy: flight.busy, error, shaking, setError, run };
}

/** `hasPassword`: a signed-in viewer who has none sets one without a current password. */
export function PasswordForm({ token, hasPassword = true }: { token: string | null; hasPassword?: boolean }) {
  const trpc = useTRPC();
  const crupdate = useMutation(trpc.auth.crupdatePassword.mutationOptions());
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [expired, setExpired] = useState(false);
  const [lockedOut, setLockedOut] = useState(false);
  const { busy, error, shaking, setError, run } = useSubmitState();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const needsCurrent = !token && hasPassword;
    if (needsCurrent && !oldPassword) return setError(authErrors.currentPasswordRequired);
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      return setError(parsed.error.issues[0]?.message ?? validationMessages.passwordTooShort);
    }
    void run(async () => {
      const result: AuthOutputs['crupdatePassword'] = await crupdate.mutateAsync(
        token
          ? { password: parsed.data, token }
          : needsCurrent
            ? { password: parsed.data, oldPassword }
            : { password: parsed.data },
      );
      if (result.__typename === 'Success') return navigateTo(result.redirect);
      // §8 Password update: Forbidden has its own text; the others show the server's message.
      setError(result.__typename === 'Forbidden' ? authErrors.currentPasswordRequired : result.message);
      if (
        result.__typename === 'ExpiredCredentials' ||
        result.message.includes(authErrors.invalidTokenMarker)
      ) {
        setExpired(true);
      }
      if ('lockoutInfo' in result) setLockedOut(true);
    });
  };

  return (
    <AuthPage
      title={token || !hasPassword ? authUiTexts.setNewPasswordTitle : authUiTexts.changePasswordTitle}
      shaking={shaking}
    >
      <form noValidate onSubmit={onSubmit}>
        {token || !hasPassword ? null : (
          <TextField
            label={authUiTexts.currentPasswordLabel}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={setOldPassword}
          />
        )}
        <NewPasswordField
          label={authUiTexts.newPasswordLabel}
          name="new-password"
          value={password}
          invalid={!!error}
          onChange={setPassword}
        />
        <FormError text={error} />
        {expired ? (
          <div className="q-banner" role="status">
            <span>{authErrors.passwordResetLinkExpired}</span>
            <a href={SETTINGS_SECURITY}>{authErrors.requestNewLink}</a>
          </div>
        ) : null}
        <button type="submit" className="q-button q-button-dark" disabled={busy || lockedOut}>
          {authUiTexts.savePassword}
        </button>
      </form>
    </AuthPage>
  );
}

export function PasswordSignup({ email, redirect }: { email: string; redirect: string | null }) {
  const trpc = useTRPC();
  const createAccount = useMutation(trpc.auth.createAccount.mutationOptions());
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, shaking, setError, run } = useSubmitState();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsedName = nameSchema.safeParse(name);
    if (!parsedName.success) {
      return setError(parsedName.error.issues[0]?.message ?? validationMessages.nameRequired);
    }
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      return setError(parsed.error.issues[0]?.message ?? validationMessages.passwordTooShort);
    }
    void run(async () => {
      const result: AuthOutputs['createAccount'] = await createAccount.mutateAsync({
        email,
        name: parsedName.data,
        password: parsed.data,
        redirect: redirect ?? undefined,
      });
      if (result.__typename === 'AuthInfo') navigateTo(result.redirect);
      else setError(createAccountError(result));
    });
  };

  return (
    <AuthPage title={susiTexts.createYourAccount} shaking={shaking}>
      <p className="q-susi-email">{email}</p>
      <form noValidate onSubmit={onSubmit}>
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={susiTexts.fullName}
          name="name"
          autoComplete="name"
          value={name}
          onChange={setName}
        />
        <NewPasswordField
          label={authUiTexts.passwordLabel}
          name="password"
          value={password}
          invalid={!!error}
          onChange={setPassword}
        />
        <FormEnd error={error} label={susiTexts.continue} disabled={busy} />
      </form>
    </AuthPage>
  );
}
