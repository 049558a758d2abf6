import type { RouterOutputs } from '@quire/api';
import { accountConvertTexts, securityTexts as texts } from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { FormError } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { failureMessage } from '../../lib/social';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useTRPC } from '../../trpc';
import { AnotherDeviceSection } from './AnotherDeviceSection';

/*
 * The security section of /me/settings (spec §2 #security): the password (set or changed on /password, where a
 * guessable one is refused with the reason), two-factor authentication, where the account is signed in, and the
 * connected sign-in accounts.
 */

type Overview = RouterOutputs['security']['overview'];

/** Spec §2 sign-in pages: the password form and the two-factor setup. */
const PASSWORD_PATH = '/password';
const TWO_FACTOR_PATH = '/two-factor-authentication';

/** A time the server and the browser write alike (no time zone of the reader's own, so hydration agrees). */
const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

const messageOf = (error: unknown) =>
  error instanceof TRPCClientError && error.message ? error.message : texts.sessionNotFound;

export function SecuritySection() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.security.overview.queryOptions());
  if (!overview.data) return null;
  return (
    <div data-testid="security-settings">
      <PasswordAndTwoFactor data={overview.data} />
      <Sessions sessions={overview.data.sessions} />
      <AnotherDeviceSection />
      <Providers providers={overview.data.providers} />
    </div>
  );
}

function PasswordAndTwoFactor({ data }: { data: Overview }) {
  return (
    <dl className="q-settings-facts">
      <div>
        <dt>{texts.passwordHeading}</dt>
        <dd>
          <p>{data.hasPassword ? texts.passwordSet : texts.passwordNone}</p>
          <a href={PASSWORD_PATH} data-testid="security-password">
            {data.hasPassword ? texts.changePassword : texts.setPassword}
          </a>
          {!data.hasPassword && data.email ? <ConvertLinkOffer /> : null}
        </dd>
      </div>
      <div>
        <dt>{texts.twoFactorHeading}</dt>
        <dd>
          <p>{data.twoFactorEnabled ? texts.twoFactorOn : texts.twoFactorOff}</p>
          <a href={TWO_FACTOR_PATH} data-testid="security-two-factor">
            {data.twoFactorEnabled ? texts.twoFactorManage : texts.twoFactorTurnOn}
          </a>
        </dd>
      </div>
    </dl>
  );
}

/** An account with no password may have a link mailed that adds one (/m/account/convert/{token}). */
function ConvertLinkOffer() {
  const trpc = useTRPC();
  const mail = useMutation(trpc.security.mailConvertLink.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (sentTo) {
    return (
      <p className="q-account-status" role="status">
        {accountConvertTexts.offerSent(sentTo)}
      </p>
    );
  }
  const onClick = async () => {
    setError(null);
    try {
      setSentTo((await mail.mutateAsync()).sentTo);
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  return (
    <div>
      <button
        type="button"
        className="q-link-button"
        disabled={mail.isPending}
        onClick={() => void onClick()}
      >
        {accountConvertTexts.offer}
      </button>
      <FormError text={error} />
    </div>
  );
}

/** After a change: the overview again (the list the server now has). */
function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.security.overview.queryKey() });
}

function Sessions({ sessions }: { sessions: Overview['sessions'] }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const signOutOne = useMutation(trpc.security.signOutSession.mutationOptions());
  const signOutOthers = useMutation(trpc.security.signOutOtherSessions.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight(() => setError(texts.sessionNotFound));
  const act = (task: () => Promise<unknown>) =>
    flight.run(async () => {
      setError(null);
      try {
        await task();
      } catch (e) {
        setError(messageOf(e));
      }
      await refresh();
    });
  const others = sessions.filter((s) => !s.current);
  return (
    <section aria-labelledby="security-sessions">
      <h3 id="security-sessions">{texts.sessionsHeading}</h3>
      <ul className="q-settings-links" data-testid="security-sessions">
        {sessions.map((s) => (
          <li key={s.id} data-session={s.id}>
            <strong>{s.device.label}</strong> · {s.place} · {texts.lastUsed(when(s.lastUsedAt))}{' '}
            {s.current ? (
              <em>{texts.thisDevice}</em>
            ) : (
              <button
                type="button"
                className="q-button"
                disabled={flight.busy}
                onClick={() => act(() => signOutOne.mutateAsync({ sessionId: s.id }))}
              >
                {texts.signOutSession}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <div className="q-settings-actions">
          <button
            type="button"
            className="q-button"
            disabled={flight.busy}
            onClick={() => act(() => signOutOthers.mutateAsync())}
          >
            {texts.signOutOthers}
          </button>
        </div>
      ) : (
        <p className="q-settings-notice">{texts.noOtherSessions}</p>
      )}
      <FormError text={error} />
    </section>
  );
}

function Providers({ providers }: { providers: Overview['providers'] }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const disconnect = useMutation(trpc.security.disconnectProvider.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight(() => setError(texts.providerNotConnected));
  return (
    <section aria-labelledby="security-providers">
      <h3 id="security-providers">{texts.providersHeading}</h3>
      {providers.length ? (
        <ul className="q-settings-links" data-testid="security-providers">
          {providers.map((p) => (
            <li key={p.provider}>
              <strong>{p.name}</strong>
              {p.email ? ` · ${p.email}` : ''}{' '}
              <button
                type="button"
                className="q-button"
                disabled={flight.busy || !p.canDisconnect}
                title={p.canDisconnect ? undefined : texts.lastSignInWay}
                onClick={() =>
                  flight.run(async () => {
                    setError(null);
                    try {
                      await disconnect.mutateAsync({ provider: p.provider });
                    } catch (e) {
                      setError(messageOf(e));
                    }
                    await refresh();
                  })
                }
              >
                {texts.disconnect}
              </button>
              {p.canDisconnect ? null : <p className="q-field-hint">{texts.lastSignInWay}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>{texts.noProviders}</p>
      )}
      <FormError text={error} />
    </section>
  );
}
