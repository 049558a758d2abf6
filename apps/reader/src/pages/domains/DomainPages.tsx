import type { RouterOutputs } from '@quire/api';
import {
  CREATE_SUBDOMAIN_PATH,
  CUSTOM_DOMAIN_PATH,
  customDomainTexts,
  type DnsRecordToCreate,
  DOMAIN_MAX_LENGTH,
  formatShortDate,
  generalTexts,
  publicationAdminTexts,
  subdomainTexts,
} from '@quire/domain';
import { Button } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormEnd } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC } from '../../trpc';
import { Field, refusalOf } from '../settings/AccountSection';
import { domainQueries } from './domain-queries';

type DomainView = NonNullable<RouterOutputs['customDomains']['current']['domain']>;

function RecordsTable({ records }: { records: DnsRecordToCreate[] }) {
  const t = customDomainTexts;
  return (
    <table
      className="q-dns-records"
      data-testid="dns-records"
      style={{
        borderCollapse: 'separate',
        borderSpacing: '16px 4px',
        marginLeft: -16,
        overflowWrap: 'anywhere',
      }}
    >
      <thead>
        <tr>
          <th scope="col">{t.recordType}</th>
          <th scope="col">{t.recordName}</th>
          <th scope="col">{t.recordValue}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={`${r.type} ${r.value}`}>
            <td>{r.type}</td>
            <td>
              <code>{r.name}</code>
            </td>
            <td>
              <code>{r.value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The domain's state, what DNS answered, the records to create, and Check now and Remove. */
function DomainState({
  domain,
  owner,
  onChange,
}: {
  domain: DomainView;
  owner: Owner;
  onChange: (next: DomainView | null) => void;
}) {
  const t = customDomainTexts;
  const trpc = useTRPC();
  const check = useMutation(trpc.customDomains.checkNow.mutationOptions());
  const remove = useMutation(trpc.customDomains.removeDomain.mutationOptions());
  const busy = check.isPending || remove.isPending;
  return (
    <section aria-label={t.statusLabel} data-testid="custom-domain-state" data-status={domain.status}>
      <h2>
        <a href={`https://${domain.domain}`} rel="noopener">
          {domain.domain}
        </a>
      </h2>
      <p>
        {t.statusLabel}: <strong data-testid="custom-domain-status">{t.statuses[domain.status]}</strong>
      </p>
      <p>{domain.failure ? t.failures[domain.failure] : t.statusHelp[domain.status]}</p>
      {domain.failure ? <p>{t.statusHelp.FAILED}</p> : null}
      {domain.checkedAt ? (
        <p className="q-field-hint">
          {domain.found ? t.found(domain.found) : t.foundNothing}{' '}
          {t.lastChecked(formatShortDate(new Date(domain.checkedAt)))}
        </p>
      ) : null}
      {domain.status !== 'LIVE' ? (
        <>
          <h3>{t.recordsTitle}</h3>
          <p>{t.recordsLead}</p>
          <RecordsTable records={[domain.records.cname]} />
          {domain.records.apex.length ? (
            <>
              <p>{t.recordsApex}</p>
              <RecordsTable records={domain.records.apex} />
            </>
          ) : null}
        </>
      ) : null}
      <p className="q-settings-actions">
        <Button
          variant="dark"
          disabled={busy}
          onClick={async () => {
            try {
              onChange((await check.mutateAsync(owner)).domain);
              toast(t.checked);
            } catch (e) {
              toast(failureMessage(e), 'ERROR');
            }
          }}
        >
          {t.checkNow}
        </Button>
        <Button
          variant="text"
          disabled={busy}
          onClick={async () => {
            if (!window.confirm(t.removeConfirm)) return;
            try {
              await remove.mutateAsync(owner);
              onChange(null);
              toast(t.removed);
            } catch (e) {
              toast(failureMessage(e), 'ERROR');
            }
          }}
        >
          {t.remove}
        </Button>
      </p>
    </section>
  );
}

/** The form that claims a domain; a refusal shows under the field and nothing is saved. */
function DomainForm({ owner, onSaved }: { owner: Owner; onSaved: (next: DomainView) => void }) {
  const t = customDomainTexts;
  const trpc = useTRPC();
  const save = useMutation(trpc.customDomains.setDomain.mutationOptions());
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFormError(null);
    try {
      const out = await save.mutateAsync({ ...owner, domain });
      onSaved(out.domain);
      toast(t.saved);
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal.fields.domain) setError(refusal.fields.domain);
      else setFormError(refusal.message ?? failureMessage(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="custom-domain-form">
      <Field label={t.domainLabel} hint={t.domainHint} error={error}>
        {(props) => (
          <input
            {...props}
            name="domain"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={DOMAIN_MAX_LENGTH + 20}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
          />
        )}
      </Field>
      <FormEnd error={formError} label={t.save} disabled={save.isPending || !domain.trim()} />
    </form>
  );
}

/** Whose domain a page shows: the viewer's own, or a publication's (by its id). */
type Owner = { collectionId?: string };

/**
 * Spec §2 /me/settings/custom-domain and /{collectionSlug}/settings/custom-domain: the viewer's or a publication's
 * custom domain, its state and the records to create.
 */
export function CustomDomainPage({ publication }: { publication?: { id: string; name: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const owner: Owner = publication ? { collectionId: publication.id } : {};
  const current = useQuery(domainQueries(trpc).current(publication?.id));
  const replace = (domain: DomainView | null) => {
    queryClient.setQueryData(domainQueries(trpc).current(publication?.id).queryKey, { domain });
    void queryClient.invalidateQueries({ queryKey: trpc.customDomains.subdomain.queryKey() });
  };
  return (
    <main className="q-column q-settings" data-testid="custom-domain">
      {publication ? <p className="q-card-meta">{publication.name}</p> : null}
      <h1>{customDomainTexts.title}</h1>
      <p className="q-static-lead">
        {publication ? publicationAdminTexts.customDomainLead : customDomainTexts.lead}
      </p>
      {current.data ? (
        current.data.domain ? (
          <DomainState domain={current.data.domain} owner={owner} onChange={replace} />
        ) : (
          <DomainForm owner={owner} onSaved={replace} />
        )
      ) : null}
      {publication ? null : (
        <p>
          <a href={CREATE_SUBDOMAIN_PATH}>{subdomainTexts.title}</a>
        </p>
      )}
    </main>
  );
}

/** Spec §2 /me/create-subdomain: the profile's subdomain address, turned on or off. */
export function CreateSubdomainPage() {
  const t = subdomainTexts;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(domainQueries(trpc).subdomain());
  const set = useMutation(trpc.customDomains.setSubdomain.mutationOptions());
  const data = state.data;
  const turn = async (on: boolean) => {
    try {
      const next = await set.mutateAsync({ on });
      queryClient.setQueryData(trpc.customDomains.subdomain.queryKey(), next);
      toast(on ? t.turnedOn : t.turnedOff);
    } catch (e) {
      // Spec §8 General: the deactivation error, with the retryable toast's support text.
      toast(
        on ? failureMessage(e) : `${generalTexts.subdomainDeactivationError} ${generalTexts.contactSupport}`,
        'ERROR',
      );
    }
  };
  return (
    <main className="q-column q-settings" data-testid="create-subdomain">
      <h1>{t.title}</h1>
      <p className="q-static-lead">{t.lead}</p>
      {data ? (
        <section aria-label={t.address} data-testid="subdomain-state" data-on={data.hasSubdomain}>
          <p>{data.hasSubdomain ? t.on : t.off}</p>
          <p>
            {t.address}:{' '}
            {data.hasSubdomain ? (
              <a href={data.url} data-testid="subdomain-address">
                {data.address}
              </a>
            ) : (
              <strong data-testid="subdomain-address">{data.address}</strong>
            )}
          </p>
          {data.liveDomain ? <p>{t.customDomainWins}</p> : null}
          <p className="q-settings-actions">
            <Button
              variant={data.hasSubdomain ? 'text' : 'dark'}
              disabled={set.isPending}
              onClick={() => void turn(!data.hasSubdomain)}
            >
              {data.hasSubdomain ? t.turnOff : t.turnOn}
            </Button>
          </p>
        </section>
      ) : null}
      <p>
        <a href={CUSTOM_DOMAIN_PATH}>{t.customDomainLink}</a>
      </p>
    </main>
  );
}
