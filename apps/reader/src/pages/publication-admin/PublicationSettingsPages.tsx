import type { RouterOutputs } from '@quire/api';
import { quireRoutes, publicationAdminTexts as texts } from '@quire/domain';
import { Button, buttonClass } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { attempt } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { CustomDomainPage } from '../domains/DomainPages';
import { NotFoundPage } from '../NotFoundPage';
import { Field, refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';
import {
  PublicationFields,
  type PublicationFieldValues,
  publicationFieldsPayload,
} from './PublicationFields';

type Settings = RouterOutputs['publications']['settings'];

/** The publication's settings query (editors only: anyone else gets the 404 page). */
function useSettings(slug: string) {
  return useQuery(useTRPC().publications.settings.queryOptions({ slug }));
}

const valuesOf = (s: Settings): PublicationFieldValues => ({
  name: s.name,
  tagline: s.tagline,
  description: s.description,
  tags: s.tags.join(', '),
  contactEmail: s.contactEmail ?? '',
  logoId: s.logoId,
  avatarId: s.avatarId,
});

const path = (name: string, slug: string) => quireRoutes.build(name, { collectionSlug: slug });

/** The back office's links, under each settings page. */
function SettingsLinks({ slug }: { slug: string }) {
  return (
    <nav aria-label={texts.settingsLinks} className="q-settings-links">
      <h2>{texts.settingsLinks}</h2>
      <ul>
        <li>
          <a href={path('ShowByCollectionSlugPermissions', slug)}>{texts.peopleTitle}</a>
        </li>
        <li>
          <a href={path('ShowByCollectionSlugSettingsFollowers', slug)}>{texts.followersTitle}</a>
        </li>
        <li>
          <a href={path('ShowByCollectionSlugSettingsCustomDomain', slug)}>{texts.customDomain}</a>
        </li>
      </ul>
    </nav>
  );
}

/** The owner's way to delete the publication: its name typed to confirm. */
function DeletePublication({ settings }: { settings: Settings }) {
  const client = useTRPCClient();
  const [typed, setTyped] = useState('');
  return (
    <section className="q-settings-danger" data-testid="delete-publication">
      <h2>{texts.deleteTitle}</h2>
      <p>{texts.deleteLead}</p>
      <Field label={texts.deleteConfirmLabel(settings.name)}>
        {(props) => <input {...props} value={typed} onChange={(e) => setTyped(e.target.value)} />}
      </Field>
      <Button
        variant="dark"
        size="s"
        disabled={typed.trim() !== settings.name}
        onClick={() =>
          void attempt(async () => {
            await client.publications.delete.mutate({ collectionId: settings.id, confirmName: typed });
            window.location.assign(quireRoutes.build('ShowYourCollections'));
          })
        }
      >
        {texts.deleteButton}
      </Button>
    </section>
  );
}

/** The owner's switch between archived (read-only) and active, with what archiving means. */
function ArchivePublication({ settings, slug }: { settings: Settings; slug: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await client.publications.setArchived.mutate({
        collectionId: settings.id,
        archived: !settings.isArchived,
      });
      queryClient.setQueryData(trpc.publications.settings.queryKey({ slug }), saved);
      void queryClient.invalidateQueries({ queryKey: trpc.publications.home.pathKey() });
      setMessage({ text: saved.message, ok: true });
    } catch (error) {
      setMessage({ text: refusalOf(error).message ?? '', ok: false });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="q-settings-danger" data-testid="archive-publication">
      <h2>{texts.archiveTitle}</h2>
      <p>{settings.isArchived ? texts.archivedLead : texts.archiveLead}</p>
      <Button variant="outline" size="s" disabled={busy} onClick={() => void toggle()}>
        {settings.isArchived ? texts.unarchiveButton : texts.archiveButton}
      </Button>
      <FormStatus message={message?.text ?? null} ok={message?.ok ?? false} />
    </section>
  );
}

/** The settings form over the loaded settings. */
function SettingsForm({ settings, slug }: { settings: Settings; slug: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const saved = await client.publications.update.mutate({
        collectionId: settings.id,
        ...publicationFieldsPayload(values),
      });
      queryClient.setQueryData(trpc.publications.settings.queryKey({ slug }), saved);
      void queryClient.invalidateQueries({ queryKey: trpc.publications.home.pathKey() });
      setValues(valuesOf(saved));
      setMessage({ text: saved.message, ok: true });
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setMessage(refusal.message ? { text: refusal.message, ok: false } : null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="q-account-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="publication-settings"
    >
      <PublicationFields values={values} onChange={setValues} errors={errors} />
      <div className="q-settings-actions">
        <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !values.name.trim()}>
          {texts.save}
        </button>
      </div>
      <FormStatus message={message?.text ?? null} ok={message?.ok ?? false} />
    </form>
  );
}

/** The publication's name linking home, over each settings page's title. */
function PublicationCrumb({ settings }: { settings: Settings }) {
  return (
    <p className="q-card-meta">
      <a href={path('ShowCollectionHome', settings.slug)}>{settings.name}</a>
    </p>
  );
}

/** Spec §2 /{collectionSlug}/settings and /settings/about: its fields, links, and archiving or deleting it. */
export function PublicationSettingsPage({ slug, about = false }: { slug: string; about?: boolean }) {
  const settings = useSettings(slug);
  if (settings.isError) return <NotFoundPage />;
  if (!settings.data) return <main className="q-column" aria-busy="true" />;
  const data = settings.data;
  return (
    <main className="q-column q-settings" data-testid="publication-settings-page">
      <PublicationCrumb settings={data} />
      <h1>{about ? texts.settingsAbout : texts.settingsTitle}</h1>
      <SettingsForm settings={data} slug={slug} />
      <SettingsLinks slug={data.slug} />
      {data.canArchive ? <ArchivePublication settings={data} slug={slug} /> : null}
      {data.canDelete ? <DeletePublication settings={data} /> : null}
    </main>
  );
}

/** Spec §2 /{collectionSlug}/settings/followers: how many follow the publication, and their export as CSV. */
export function PublicationFollowersSettingsPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useSettings(slug);
  if (settings.isError) return <NotFoundPage />;
  if (!settings.data) return <main className="q-column" aria-busy="true" />;
  const data = settings.data;
  const download = () =>
    attempt(async () => {
      const { csv, filename } = await queryClient.fetchQuery(
        trpc.publications.followersCsv.queryOptions({ slug }),
      );
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: filename });
      link.click();
      URL.revokeObjectURL(url);
    });
  return (
    <main className="q-column q-settings" data-testid="publication-followers-settings">
      <PublicationCrumb settings={data} />
      <h1>{texts.followersTitle}</h1>
      <p data-testid="follower-count">{texts.followersCount(data.followerCount)}</p>
      <p>
        <a href={path('ShowByCollectionSlugFollowers', data.slug)}>{texts.followersTitle}</a>
      </p>
      <Button variant="dark" size="s" onClick={() => void download()}>
        {texts.exportFollowers}
      </Button>
      <SettingsLinks slug={data.slug} />
    </main>
  );
}

/** Spec §2 /{collectionSlug}/settings/custom-domain: the publication's domain, with the profile's page and code. */
export function PublicationDomainPage({ slug }: { slug: string }) {
  const settings = useSettings(slug);
  if (settings.isError) return <NotFoundPage />;
  if (!settings.data) return <main className="q-column" aria-busy="true" />;
  return <CustomDomainPage publication={settings.data} />;
}
