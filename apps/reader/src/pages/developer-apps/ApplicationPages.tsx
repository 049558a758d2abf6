import type { RouterOutputs } from '@quire/api';
import {
  API_SCOPE_LABELS,
  formatShortDate,
  OAUTH_APP_LIMITS,
  oauthApplicationPath,
  oauthAppTexts as texts,
} from '@quire/domain';
import { Button, buttonClass, Card, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { attempt, toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { developerAppQueries } from './developer-apps-queries';

type Application = RouterOutputs['oauth']['byId'];
type Fields = { name: string; description: string; redirectUris: string };

/** The client id, and the client secret when it was just made: shown this once, never again. */
function Credentials({ clientId, clientSecret }: { clientId: string; clientSecret?: string | undefined }) {
  return (
    <dl className="q-settings-facts q-oauth-credential" data-testid="oauth-credentials">
      <div>
        <dt>{texts.clientIdLabel}</dt>
        <dd>
          <code data-testid="oauth-client-id">{clientId}</code>
        </dd>
      </div>
      {clientSecret ? (
        <div>
          <dt>{texts.clientSecretLabel}</dt>
          <dd>
            <code data-testid="oauth-client-secret">{clientSecret}</code>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Name, description and redirect URIs (one a line), as /me/applications/new and an application's page take them. */
function ApplicationForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: Fields;
  submitLabel: string;
  onSubmit: (fields: Fields) => Promise<unknown>;
}) {
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onSubmit(fields);
    setBusy(false);
  };
  return (
    <form className="q-list-edit" onSubmit={(e) => void submit(e)} data-testid="oauth-app-form">
      <label className="q-field">
        {texts.nameLabel}
        <input
          name="name"
          value={fields.name}
          maxLength={OAUTH_APP_LIMITS.name}
          required
          onChange={set('name')}
        />
      </label>
      <label className="q-field">
        {texts.descriptionLabel}
        <textarea
          name="description"
          value={fields.description}
          maxLength={OAUTH_APP_LIMITS.description}
          onChange={set('description')}
        />
      </label>
      <label className="q-field">
        {texts.redirectUrisLabel}
        <textarea
          name="redirectUris"
          value={fields.redirectUris}
          required
          aria-describedby="oauth-redirect-help"
          onChange={set('redirectUris')}
        />
      </label>
      <p id="oauth-redirect-help" className="q-card-meta">
        {texts.redirectUrisHelp}
      </p>
      <p className="q-settings-actions">
        <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !fields.name.trim()}>
          {submitLabel}
        </button>
      </p>
    </form>
  );
}

/** Spec §2 /me/applications: the viewer's applications, and the applications they allowed, with Revoke access. */
export function ApplicationsPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const list = useQuery(developerAppQueries(trpc).list());
  const revoke = (id: string) =>
    attempt(async () => {
      if (!window.confirm(texts.revokeConfirm)) return;
      await client.oauth.revokeAccess.mutate({ applicationId: id });
      toast(texts.accessRevoked);
      await queryClient.invalidateQueries({ queryKey: trpc.oauth.list.queryKey() });
    });
  return (
    <main className="q-column q-settings" data-testid="oauth-applications">
      <h1>{texts.title}</h1>
      <p className="q-static-lead">{texts.lead}</p>
      <section className="q-settings-section" aria-labelledby="oauth-yours">
        <h2 id="oauth-yours">{texts.yoursTitle}</h2>
        <p className="q-settings-actions">
          <a className={buttonClass('dark', 's')} href="/me/applications/new">
            {texts.newApplication}
          </a>
        </p>
        {list.data?.applications.length ? (
          <ul className="q-people" data-testid="oauth-own-list">
            {list.data.applications.map((app) => (
              <li key={app.id} className="q-person">
                <div className="q-person-text">
                  <a className="q-person-name" href={oauthApplicationPath(app.id)}>
                    {app.name}
                  </a>
                  {app.description ? <p>{app.description}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        ) : list.data ? (
          <EmptyState title={texts.yoursEmpty} />
        ) : null}
      </section>
      <section className="q-settings-section" aria-labelledby="oauth-authorized">
        <h2 id="oauth-authorized">{texts.authorizedTitle}</h2>
        {list.data?.authorized.length ? (
          <ul className="q-people" data-testid="oauth-authorized-list">
            {list.data.authorized.map((app) => (
              <li key={app.id} className="q-person">
                <div className="q-person-text">
                  <span className="q-person-name">{app.name}</span>
                  <p>
                    {texts.by(app.owner.name)} · {formatShortDate(new Date(app.since))}
                  </p>
                  <p>
                    {texts.authorizedScopes} {app.scopes.map((scope) => API_SCOPE_LABELS[scope]).join('; ')}
                  </p>
                </div>
                <Button size="s" onClick={() => void revoke(app.id)}>
                  {texts.revokeAccess}
                </Button>
              </li>
            ))}
          </ul>
        ) : list.data ? (
          <EmptyState title={texts.authorizedEmpty} />
        ) : null}
      </section>
    </main>
  );
}

/** Spec §2 /me/applications/new: registers an application, then shows its client id and secret once. */
export function NewApplicationPage() {
  const client = useTRPCClient();
  const [made, setMade] = useState<{ application: Application; clientSecret: string } | null>(null);
  return (
    <main className="q-column q-settings" data-testid="oauth-new-application">
      <p>
        <a href="/me/applications">{texts.backToApplications}</a>
      </p>
      <h1>{texts.newTitle}</h1>
      {made ? (
        <Card as="section">
          <h2>{texts.credentialsTitle}</h2>
          <p role="status">{texts.credentialsNote}</p>
          <Credentials clientId={made.application.clientId} clientSecret={made.clientSecret} />
          <a className={buttonClass('dark', 's')} href={oauthApplicationPath(made.application.id)}>
            {made.application.name}
          </a>
        </Card>
      ) : (
        <ApplicationForm
          initial={{ name: '', description: '', redirectUris: '' }}
          submitLabel={texts.create}
          onSubmit={(fields) => attempt(async () => setMade(await client.oauth.create.mutate(fields)))}
        />
      )}
    </main>
  );
}

/** Spec §2 /me/applications/{oauthApplicationId}: edit an application, reset its client secret, delete it. */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const app = useQuery(developerAppQueries(trpc).byId(applicationId));
  const [secret, setSecret] = useState<string | null>(null);
  const data = app.data;
  if (!data) return <main className="q-column q-settings" aria-busy="true" />;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.oauth.byId.queryKey({ applicationId }) });
  return (
    <main className="q-column q-settings" data-testid="oauth-application">
      <p>
        <a href="/me/applications">{texts.backToApplications}</a>
      </p>
      <h1>{data.name}</h1>
      <section className="q-settings-section" aria-labelledby="oauth-credentials-title">
        <h2 id="oauth-credentials-title">{texts.credentialsTitle}</h2>
        <Credentials clientId={data.clientId} clientSecret={secret ?? undefined} />
        <p role="status">{secret ? texts.credentialsNote : texts.secretHidden}</p>
        <p className="q-settings-actions">
          <Button
            size="s"
            onClick={() =>
              void attempt(async () => {
                if (!window.confirm(texts.resetConfirm)) return;
                setSecret((await client.oauth.resetSecret.mutate({ applicationId })).clientSecret);
              })
            }
          >
            {texts.resetSecret}
          </Button>
        </p>
      </section>
      <section className="q-settings-section" aria-labelledby="oauth-edit-title">
        <h2 id="oauth-edit-title">{texts.detailsTitle}</h2>
        <ApplicationForm
          initial={{
            name: data.name,
            description: data.description,
            redirectUris: data.redirectUris.join('\n'),
          }}
          submitLabel={texts.save}
          onSubmit={(fields) =>
            attempt(async () => {
              await client.oauth.update.mutate({ applicationId, ...fields });
              toast(texts.saved);
              await refresh();
            })
          }
        />
      </section>
      <p className="q-settings-actions">
        <Button
          size="s"
          onClick={() =>
            void attempt(async () => {
              if (!window.confirm(texts.deleteConfirm)) return;
              await client.oauth.delete.mutate({ applicationId });
              toast(texts.deleted);
              window.location.assign('/me/applications');
            })
          }
        >
          {texts.delete}
        </Button>
      </p>
    </main>
  );
}
