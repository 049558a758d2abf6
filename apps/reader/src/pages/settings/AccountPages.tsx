import {
  PROFILE_COLOR_KEYS,
  type ProfileColors,
  profileStyleProperties,
  settingsTexts,
  accountTexts as texts,
} from '@quire/domain';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';
import {
  type AccountSettings,
  Field,
  ProfileFields,
  ResendVerification,
  refusalOf,
  useAccountSettings,
} from './AccountSection';
import { FormStatus } from './FormStatus';

/*
 * The viewer's own account pages outside /me/settings: /@{username}/edit, /me/design and /me/styles (the
 * profile's colours) and /me/send-verify.
 */

/** Spec §2 /@{username}/edit: the profile's photo, name, username and bio, for its owner. */
export function ProfileEditPage() {
  const { settings } = useAccountSettings();
  if (!settings.data) return <main className="q-column" />;
  const onSaved = (next: AccountSettings) => {
    // The page's address names the username: it follows a change.
    if (window.location.pathname !== `/@${next.username}/edit`) {
      window.history.replaceState(null, '', `/@${encodeURIComponent(next.username)}/edit`);
    }
  };
  return (
    <main className="q-column q-settings" data-testid="profile-edit">
      <h1>{texts.editProfileTitle}</h1>
      <ProfileFields settings={settings.data} onSaved={onSaved} />
      <p>
        <a href={`/@${encodeURIComponent(settings.data.username)}`}>{settings.data.name}</a>
        {' · '}
        <a href="/me/settings#account">{settingsTexts.title}</a>
      </p>
    </main>
  );
}

const DEFAULT_COLORS: ProfileColors = { background: '#FFFFFFFF', text: '#FF242424', accent: '#FF1A8917' };

/** Spec §2 /me/design and /me/styles: the profile's colours (spec §3 custom style sheet, §5 colour strings). */
export function DesignPage() {
  const trpc = useTRPC();
  const { settings, replace } = useAccountSettings();
  const save = useMutation(trpc.account.setColors.mutationOptions());
  const [colors, setColors] = useState<ProfileColors | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  if (!settings.data) return <main className="q-column" />;
  const shown = colors ?? settings.data.colors ?? DEFAULT_COLORS;

  const submit = async (next: ProfileColors | null) => {
    setErrors({});
    setMessage(null);
    try {
      const saved = await save.mutateAsync({ colors: next });
      replace({ ...settings.data!, colors: saved });
      setColors(null);
      setMessage(texts.saved);
    } catch (error) {
      const refusal = refusalOf(error);
      // zod names a colour 'colors.accent'; flattened field errors name the object, so read the paths too.
      setErrors(colorErrors(error) ?? refusal.fields);
      setMessage(refusal.message);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(shown);
  };

  return (
    <main className="q-column q-settings" data-testid="design-page">
      <h1>{texts.designTitle}</h1>
      <p>{texts.designIntro}</p>
      <form className="q-account-form" onSubmit={onSubmit} noValidate>
        {PROFILE_COLOR_KEYS.map((key) => (
          <Field key={key} label={texts.designColors[key]} error={errors[key]}>
            {(props) => (
              <input
                {...props}
                name={key}
                spellCheck={false}
                value={shown[key]}
                onChange={(e) => setColors({ ...shown, [key]: e.target.value })}
              />
            )}
          </Field>
        ))}
        <div
          className="q-profile-themed q-design-preview"
          style={profileStyleProperties(shown) as CSSProperties}
          data-testid="design-preview"
        >
          <strong>{settings.data.name}</strong>{' '}
          <a href={`/@${settings.data.username}`}>{texts.designPreview}</a>
        </div>
        <div className="q-settings-actions">
          <button type="submit" className="q-button q-button-dark" disabled={save.isPending}>
            {texts.designSave}
          </button>
          <button
            type="button"
            className="q-link-button"
            disabled={save.isPending}
            onClick={() => submit(null)}
          >
            {texts.designReset}
          </button>
          <FormStatus message={message} ok={message === texts.saved} />
        </div>
      </form>
    </main>
  );
}

/** Each colour's error from a refused setColors (issue paths ['colors', key]). */
function colorErrors(error: unknown): Record<string, string> | null {
  const data = (error as { data?: { zodError?: { fieldErrors?: unknown } } } | null)?.data;
  if (!data?.zodError) return null;
  const message = (error as Error).message ?? '';
  const out: Record<string, string> = {};
  for (const part of message.split('; ')) {
    const match = /^colors\.(\w+): (.*)$/.exec(part);
    if (match) out[match[1]!] = match[2]!;
  }
  return Object.keys(out).length ? out : null;
}

/** Spec §2 /me/send-verify: sends the confirmation link of the address waiting for it again. */
export function SendVerifyPage() {
  const { settings } = useAccountSettings();
  if (!settings.data) return <main className="q-column" />;
  const waiting = settings.data.unverifiedEmail ?? (settings.data.emailVerified ? null : settings.data.email);
  return (
    <main className="q-column q-settings" data-testid="send-verify">
      <h1>{texts.sendVerifyTitle}</h1>
      {waiting ? (
        <>
          <p>{texts.emailPending(waiting)}</p>
          <ResendVerification email={waiting} />
        </>
      ) : (
        <p>{texts.sendVerifyNothing}</p>
      )}
      <p>
        <a href="/me/settings#account">{settingsTexts.title}</a>
      </p>
    </main>
  );
}
