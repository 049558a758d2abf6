import { emailSettingsTexts as texts, type UnsubscribeAllKind } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { FormError } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { useSingleFlight } from '../../lib/useSingleFlight';
import type { PageProps } from '../../routes';
import { useTRPC } from '../../trpc';
import { kindPath, signedLinkOf } from './email-settings-links';
import { EmailSettingsForm } from './NotificationsSection';

/*
 * Spec §2 /me/email-settings/{userId}/{hash}, /me/unsubscribe-all-newsletters and
 * /me/unsubscribe-all-author-newsletters: pages an email's links open, working without signing in (the link's
 * signature is the credential); a forged link changes nothing and says so.
 */

function Forged() {
  return (
    <main className="q-column q-error-page" data-testid="email-settings-forged">
      <h1>{texts.pageTitle}</h1>
      <p>{texts.forged}</p>
    </main>
  );
}

/** /me/email-settings/{userId}/{hash}?setting=…: the user's email settings, opened from an email. */
export function EmailSettingsPage({ params, query }: PageProps) {
  const trpc = useTRPC();
  const link = signedLinkOf(params, query);
  const signed = useQuery({
    ...trpc.emailSettings.signed.queryOptions(link ?? { userId: '', hash: '', setting: 'allowAllEmails' }),
    enabled: !!link,
    retry: false,
  });
  const update = useMutation(trpc.emailSettings.updateSigned.mutationOptions());
  if (!link || signed.isError) return <Forged />;
  if (!signed.data) return <main className="q-column q-settings" aria-busy="true" />;
  return (
    <main className="q-column q-settings" data-testid="email-settings-page">
      <h1>{texts.pageTitle}</h1>
      <p>{texts.pageIntro(signed.data.name)}</p>
      <EmailSettingsForm
        initial={signed.data.settings}
        highlight={signed.data.setting}
        save={async (settings) => (await update.mutateAsync({ ...link, settings })).settings}
      />
    </main>
  );
}

/** /me/unsubscribe-all-newsletters and /me/unsubscribe-all-author-newsletters: signed in, or with ?user=&hash=. */
export function UnsubscribeAllPage({ kind, viewer, query }: PageProps & { kind: UnsubscribeAllKind }) {
  const trpc = useTRPC();
  const unsubscribe = useMutation(trpc.emailSettings.unsubscribeAll.mutationOptions());
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight(() => setError(texts.forged));
  const page = texts.unsubscribeAll[kind];
  const userId = query.get('user');
  const hash = query.get('hash');
  const signed = userId && hash ? { userId, hash } : null;
  return (
    <main className="q-column q-settings" data-testid="unsubscribe-all">
      <h1>{page.title}</h1>
      {done ? (
        <p className="q-settings-notice" role="status">
          {page.done}
        </p>
      ) : viewer || signed ? (
        <>
          <p>{page.intro}</p>
          <FormError text={error} />
          <button
            type="button"
            className="q-button q-button-dark"
            disabled={flight.busy}
            onClick={() =>
              flight.run(async () => {
                setError(null);
                try {
                  await unsubscribe.mutateAsync({ kind, ...(signed ?? {}) });
                  setDone(true);
                } catch (e) {
                  setError(e instanceof TRPCClientError && e.message ? e.message : texts.forged);
                }
              })
            }
          >
            {page.button}
          </button>
        </>
      ) : (
        <p>
          {texts.signInOrLink}{' '}
          <a href={`/m/signin?redirect=${encodeURIComponent(`/me/${kindPath[kind]}`)}`}>{texts.signIn}</a>
        </p>
      )}
    </main>
  );
}
