import {
  DIGEST_FREQUENCY_SETTING,
  EMAIL_SETTINGS,
  EmailDigestFrequency,
  type EmailLinkSetting,
  type EmailSettings,
  emailSettingsTexts as texts,
} from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useTRPC } from '../../trpc';
import { PrivateNotesSetting } from './PrivateNotesSetting';

/*
 * The email notifications section of /me/settings (#notifications), and the same form on the signed page an
 * email's link opens (/me/email-settings/{userId}/{hash}): every notification-settings boolean of spec §3 and the
 * digest frequency.
 */

const messageOf = (error: unknown) =>
  error instanceof TRPCClientError && error.message ? error.message : texts.forged;

/** The form of every email setting; `save` answers the settings the server now has. */
export function EmailSettingsForm({
  initial,
  save,
  highlight = null,
}: {
  initial: EmailSettings;
  save: (settings: EmailSettings) => Promise<EmailSettings>;
  /** The setting the email that brought the reader here was sent under. */
  highlight?: EmailLinkSetting | null;
}) {
  const [settings, setSettings] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const flight = useSingleFlight(() => setError(texts.forged));
  const digestId = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void flight.run(async () => {
      setError(null);
      setNotice(null);
      try {
        setSettings(await save(settings));
        setNotice(texts.saved);
      } catch (err) {
        setError(messageOf(err));
      }
    });
  };
  const allOff = !settings.allowAllEmails;
  return (
    <form noValidate onSubmit={onSubmit} data-testid="email-settings-form">
      <fieldset disabled={flight.busy}>
        <legend className="q-field-hint">{texts.securityNote}</legend>
        {EMAIL_SETTINGS.map((key) => (
          <div className="q-field" key={key} data-highlight={key === highlight || undefined}>
            <label>
              <input
                type="checkbox"
                name={key}
                checked={settings[key]}
                disabled={key !== 'allowAllEmails' && allOff}
                onChange={(e) => setSettings({ ...settings, [key]: e.target.checked })}
              />{' '}
              {key === highlight ? <strong>{texts.labels[key]}</strong> : texts.labels[key]}
            </label>
            {texts.hints[key] ? <p className="q-field-hint">{texts.hints[key]}</p> : null}
          </div>
        ))}
        <div className="q-field" data-highlight={highlight === DIGEST_FREQUENCY_SETTING || undefined}>
          <label htmlFor={digestId}>{texts.digestLabel}</label>
          <select
            id={digestId}
            name="emailDigestFrequency"
            value={settings.emailDigestFrequency}
            disabled={allOff}
            onChange={(e) =>
              setSettings({
                ...settings,
                emailDigestFrequency: e.target.value as EmailSettings['emailDigestFrequency'],
              })
            }
          >
            {EmailDigestFrequency.map((f) => (
              <option key={f} value={f}>
                {texts.digestOptions[f]}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      {notice ? (
        <p className="q-settings-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FormError text={error} />
      <button type="submit" className="q-button q-button-dark" disabled={flight.busy}>
        {texts.save}
      </button>
    </form>
  );
}

/** The #notifications section: the signed-in viewer's own settings. */
export function NotificationsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.emailSettings.mine.queryOptions());
  const update = useMutation(trpc.emailSettings.update.mutationOptions());
  if (!mine.data) return null;
  return (
    <div data-testid="notification-settings">
      <EmailSettingsForm
        initial={mine.data}
        save={async (settings) => {
          const saved = await update.mutateAsync(settings);
          queryClient.setQueryData(trpc.emailSettings.mine.queryKey(), saved);
          return saved;
        }}
      />
      <PrivateNotesSetting />
    </div>
  );
}
