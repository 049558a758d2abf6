import type { RouterOutputs } from '@quire/api';
import {
  API_OPENAPI_PATH,
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiScope,
  developerTexts as texts,
} from '@quire/domain';
import { Button, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCopy } from '../../components/menu';
import { FormEnd, FormError, TextField } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC } from '../../trpc';

/*
 * The integration tokens section of /me/settings (/me/settings/integration-tokens): the viewer's tokens for the
 * /v1 API, each made with a name and scopes and shown once, listed with when it was made and last used, and
 * revoked from here.
 */

type Token = RouterOutputs['developer']['tokens']['tokens'][number];

/** A day the server and the browser write alike (UTC, so hydration agrees). */
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function IntegrationTokensSection() {
  const trpc = useTRPC();
  const list = useQuery(trpc.developer.tokens.queryOptions());
  const [made, setMade] = useState<string | null>(null);
  return (
    <div data-testid="integration-tokens">
      <p>{texts.sectionIntro}</p>
      {made ? <NewTokenShown token={made} onDone={() => setMade(null)} /> : <NewTokenForm onMade={setMade} />}
      {list.data ? <TokenList tokens={list.data.tokens} /> : null}
      <p>
        <a href={API_OPENAPI_PATH}>{texts.docsLink}</a>
      </p>
    </div>
  );
}

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.developer.tokens.queryKey() });
}

function NewTokenForm({ onMade }: { onMade: (token: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const create = useMutation(trpc.developer.createToken.mutationOptions());
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['basicProfile', 'publishPost']);
  const [error, setError] = useState<string | null>(null);
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((was) => (on ? [...was, scope] : was.filter((s) => s !== scope)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const result = await create.mutateAsync({ name, scopes });
      setName('');
      onMade(result.token);
      await refresh();
    } catch (err) {
      setError(failureMessage(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="new-token-heading">
      <h3 id="new-token-heading">{texts.newTokenTitle}</h3>
      <TextField
        label={texts.nameLabel}
        name="token-name"
        value={name}
        onChange={setName}
        hint={texts.nameHint}
        maxLength={100}
        invalid={!!error}
      />
      <fieldset className="q-field q-token-scopes">
        <legend>{texts.scopesLabel}</legend>
        {API_SCOPES.map((scope) => (
          <label key={scope}>
            <input
              type="checkbox"
              name={scope}
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />{' '}
            {API_SCOPE_LABELS[scope]} (<code>{scope}</code>)
          </label>
        ))}
      </fieldset>
      <FormEnd
        error={error}
        label={create.isPending ? texts.creating : texts.create}
        disabled={create.isPending}
      />
    </form>
  );
}

/** The new token, this once, with a copy button. */
function NewTokenShown({ token, onDone }: { token: string; onDone: () => void }) {
  const { copied, copy } = useCopy();
  return (
    <div className="q-surface" role="status" data-testid="integration-token-created">
      <h3>{texts.createdTitle}</h3>
      <p>{texts.createdNote}</p>
      <p>
        <code className="q-token-value" data-testid="integration-token-value">
          {token}
        </code>
      </p>
      <div className="q-settings-actions">
        <Button variant="dark" onClick={() => copy(token)}>
          {copied ? texts.copied : texts.copy}
        </Button>{' '}
        <Button onClick={onDone}>{texts.done}</Button>
      </div>
    </div>
  );
}

function TokenList({ tokens }: { tokens: Token[] }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const revoke = useMutation(trpc.developer.revokeToken.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (!tokens.length) return <EmptyState title={texts.emptyTitle}>{texts.emptyBody}</EmptyState>;
  const onRevoke = async (token: Token) => {
    if (!window.confirm(texts.revokeConfirm)) return;
    setError(null);
    try {
      await revoke.mutateAsync({ tokenId: token.id });
      toast(texts.revoked);
    } catch (err) {
      setError(failureMessage(err));
    }
    await refresh();
  };
  return (
    <>
      <ul className="q-settings-links q-token-list" data-testid="integration-token-list">
        {tokens.map((token) => (
          <li key={token.id} data-token={token.id}>
            <strong>{token.name}</strong> · {token.scopes.join(', ')} · {texts.created} {day(token.createdAt)}{' '}
            · {token.lastUsedAt ? `${texts.lastUsed} ${day(token.lastUsedAt)}` : texts.neverUsed}{' '}
            <Button size="s" disabled={revoke.isPending} onClick={() => void onRevoke(token)}>
              {texts.revoke}
            </Button>
          </li>
        ))}
      </ul>
      <FormError text={error} />
    </>
  );
}
