import { accountConvertTexts as texts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormError, NewPasswordField } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';
import { refusalOf } from './AccountSection';

/*
 * /m/account/convert/{token}: the mailed link that adds a password to an account with none. A link that cannot be
 * used (forged, used, expired, or the account has a password now) says why and offers nothing to submit.
 */

const SECURITY_PATH = '/me/settings#security';

export function AccountConvertPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const link = useQuery(trpc.account.convertLink.queryOptions({ token }, { retry: false }));
  const convert = useMutation(trpc.account.convert.mutationOptions());
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    try {
      const result = await convert.mutateAsync({ token, password });
      setDone(result.email);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.token) setLinkError(refusal.fields.token);
      else setFieldError(refusal.fields.password ?? refusal.message);
    }
  };

  const refused = linkError ?? (link.data && !link.data.usable ? link.data.message : null);
  const body = done ? (
    <div role="status" data-testid="convert-done">
      <p className="q-static-lead">{texts.done}</p>
      <p>{texts.doneLead(done)}</p>
      <p>
        <a className="q-button q-button-dark" href="/m/signin">
          {texts.signIn}
        </a>
      </p>
    </div>
  ) : link.isError || refused ? (
    <div className="q-settings-notice" role="alert" data-testid="convert-refused">
      <p>{refused ?? texts.invalid}</p>
      <p>
        <a href={SECURITY_PATH}>{texts.securitySettings}</a>
      </p>
    </div>
  ) : link.data?.usable ? (
    <form onSubmit={submit} noValidate data-testid="convert-form">
      <p className="q-static-lead">{texts.lead(link.data.email)}</p>
      {/* The address, for the browser's password manager to file the new password under. */}
      <input type="email" name="email" autoComplete="username" value={link.data.email} readOnly hidden />
      <NewPasswordField
        label={texts.passwordLabel}
        name="password"
        value={password}
        invalid={!!fieldError}
        onChange={setPassword}
      />
      <FormError text={fieldError} />
      <button type="submit" className="q-button q-button-dark" disabled={convert.isPending}>
        {convert.isPending ? texts.saving : texts.save}
      </button>
    </form>
  ) : null;
  return (
    <main className="q-column q-settings" data-testid="account-convert">
      <h1>{texts.title}</h1>
      {body}
    </main>
  );
}
