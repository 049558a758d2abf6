import { API_SCOPE_LABELS, OAUTH_AUTHORIZE_PATH, oauthConsentTexts as texts } from '@quire/domain';
import { Button, buttonClass, Card } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SignInToSee } from '../../components/SignInToSee';
import { attempt } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { authorizeQueryOf, developerAppQueries } from './developer-apps-queries';

/**
 * Spec §2 /m/oauth/authorize: the consent screen. The application's name and owner, what it may do in plain
 * words, and Allow / Deny; the answer sends the browser back to the application (with a code, or access_denied).
 * A request that names no known application or an unregistered redirect URI is an error here, never a redirect.
 */
export function ConsentPage({ query, username }: { query: URLSearchParams; username: string | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const request = authorizeQueryOf(query);
  const consent = useQuery(developerAppQueries(trpc).consent(request));
  const [busy, setBusy] = useState(false);
  const data = consent.data;
  if (consent.isError)
    return (
      <main className="q-column q-oauth-consent" data-testid="oauth-consent-error">
        <h1>{texts.errorTitle}</h1>
      </main>
    );
  if (!data) return <main className="q-column q-oauth-consent" aria-busy="true" />;
  if (data.kind === 'invalid')
    return (
      <main className="q-column q-oauth-consent" data-testid="oauth-consent-error">
        <h1>{texts.errorTitle}</h1>
        <p role="alert">{data.message}</p>
      </main>
    );
  if (data.kind === 'redirect')
    return (
      <main className="q-column q-oauth-consent">
        <h1>{texts.title}</h1>
        <a className={buttonClass('dark')} href={data.location}>
          {texts.returnToApplication}
        </a>
      </main>
    );
  if (!username)
    return <SignInToSee what={texts.signInToSee} redirect={`${OAUTH_AUTHORIZE_PATH}?${query.toString()}`} />;
  const decide = (allow: boolean) =>
    attempt(async () => {
      setBusy(true);
      const out = await client.oauth.decide.mutate({ ...request, allow });
      window.location.assign(out.redirectTo);
    }).finally(() => setBusy(false));
  return (
    <main className="q-column q-oauth-consent" data-testid="oauth-consent">
      <Card as="section">
        <h1>{texts.heading(data.application.name)}</h1>
        <p>{texts.owner(data.application.owner.name, data.application.owner.username)}</p>
        {data.application.description ? <p>{data.application.description}</p> : null}
        <p>{texts.scopesIntro}</p>
        <ul className="q-oauth-scopes" data-testid="oauth-consent-scopes">
          {data.scopes.map((scope) => (
            <li key={scope} data-scope={scope}>
              {API_SCOPE_LABELS[scope]}
            </li>
          ))}
        </ul>
        <p className="q-card-meta">
          {texts.signedInAs(username)} {texts.redirectNote(data.redirectHost)}
        </p>
        <p className="q-settings-actions">
          <Button variant="dark" disabled={busy} onClick={() => void decide(true)} data-testid="oauth-allow">
            {texts.allow}
          </Button>
          <Button disabled={busy} onClick={() => void decide(false)} data-testid="oauth-deny">
            {texts.deny}
          </Button>
        </p>
      </Card>
    </main>
  );
}
