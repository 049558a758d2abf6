import type { RouterOutputs } from '@quire/api';
import {
  confirmExportPath,
  formatShortDate,
  NEWSLETTER_LIMITS,
  newEmailPath,
  newsletterSettingsPath,
  newsletterStatsPath,
  subscriberImportPath,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import { buttonClass, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { Field, refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';
import { newsletterAdminQueries } from './newsletter-admin-queries';

/** The name and description fields the new-newsletter and settings forms share. */
function NameAndDescription({
  name,
  description,
  errors,
  onName,
  onDescription,
}: {
  name: string;
  description: string;
  errors: Record<string, string>;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
}) {
  return (
    <>
      <Field label={texts.name} error={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            value={name}
            maxLength={NEWSLETTER_LIMITS.nameMax}
            onChange={(e) => onName(e.target.value)}
          />
        )}
      </Field>
      <Field label={texts.description} error={errors.description} hint={texts.descriptionHint}>
        {(props) => (
          <textarea
            {...props}
            name="description"
            rows={3}
            value={description}
            maxLength={NEWSLETTER_LIMITS.descriptionMax}
            onChange={(e) => onDescription(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** Spec §2 /{collectionSlug}/new-newsletter: name (the publication's by default) and description; then its settings. */
export function NewNewsletterPage({ slug }: { slug: string }) {
  const client = useTRPCClient();
  const data = useQuery(newsletterAdminQueries(useTRPC()).forPublication(slug)).data;
  const [name, setName] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const existing = data.newsletter;
  if (existing) {
    return (
      <main className="q-column q-settings" data-testid="new-newsletter">
        <h1>{texts.newTitle}</h1>
        <p>{texts.alreadyExists}</p>
        <p>
          <a className={buttonClass('dark', 's')} href={newsletterSettingsPath(slug, existing.slug)}>
            {texts.settingsTitle}
          </a>
        </p>
      </main>
    );
  }
  const value = name ?? data.publication.name;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const made = await client.newsletterAdmin.create.mutate({
        collectionId: data.publication.id,
        name: value,
        description,
      });
      window.location.assign(newsletterSettingsPath(made.collectionSlug, made.slug));
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setMessage(refusal.message);
      setBusy(false);
    }
  };
  return (
    <main className="q-column q-settings" data-testid="new-newsletter">
      <h1>{texts.newTitle}</h1>
      <p className="q-card-meta">{texts.newLead}</p>
      <form className="q-account-form" onSubmit={(e) => void submit(e)} noValidate>
        <NameAndDescription
          name={value}
          description={description}
          errors={errors}
          onName={setName}
          onDescription={setDescription}
        />
        <div className="q-settings-actions">
          <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !value.trim()}>
            {texts.create}
          </button>
        </div>
        <FormStatus message={message} ok={false} />
      </form>
    </main>
  );
}

type Settings = RouterOutputs['newsletterAdmin']['settings'];

/** "Send a story as an issue": the publication's latest stories, each sent once, after a confirmation. */
function SendStoryList({ settings, onSent }: { settings: Settings; onSent: () => void }) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState<string | null>(null);
  const send = async (story: Settings['stories'][number]) => {
    if (!window.confirm(texts.confirmSendStory(story.title, settings.subscriberCount))) return;
    setBusy(story.id);
    try {
      const out = await client.newsletterAdmin.sendStory.mutate({
        newsletterId: settings.id,
        postId: story.id,
      });
      toast(out.message);
      onSent();
    } catch (error) {
      toast(refusalOf(error).message ?? texts.storyNotSendable, 'ERROR');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="q-send-story">
      <h2 id="q-send-story">{texts.sendStoryTitle}</h2>
      <p className="q-card-meta">{texts.sendStoryLead}</p>
      {settings.stories.length ? (
        <ul className="q-people" data-testid="newsletter-stories">
          {settings.stories.map((story) => (
            <li key={story.id} className="q-person">
              <div className="q-person-text">
                <span className="q-person-name">{story.title}</span>
                {story.publishedAt ? <p>{formatShortDate(new Date(story.publishedAt))}</p> : null}
              </div>
              {story.isSent ? (
                <span className="q-person-note">{texts.sent}</span>
              ) : (
                <button
                  type="button"
                  className={buttonClass('outline', 's')}
                  disabled={busy !== null}
                  onClick={() => void send(story)}
                >
                  {texts.send}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={texts.noStories} />
      )}
    </section>
  );
}

/**
 * Spec §2 /{collectionSlug}/newsletters/{newsletterSlug}/settings: name, description and engagement tracking, the
 * subscriber count, the ways to compose, import, export and see stats, and the stories to send as issues.
 */
export function NewsletterSettingsPage({ slug, newsletterSlug }: { slug: string; newsletterSlug: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const query = newsletterAdminQueries(trpc).settings(slug, newsletterSlug);
  const settings = useQuery(query).data;
  const [form, setForm] = useState({ name: '', description: '', trackEngagement: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ message: string | null; ok: boolean }>({ message: null, ok: true });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (settings) {
      setForm({
        name: settings.name,
        description: settings.description,
        trackEngagement: settings.trackEngagement,
      });
    }
  }, [settings]);
  if (!settings) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      const saved = await client.newsletterAdmin.update.mutate({ newsletterId: settings.id, ...form });
      setStatus({ message: saved.message, ok: true });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setStatus({ message: refusal.message, ok: false });
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="q-column q-settings" data-testid="newsletter-settings">
      <p>
        <a href={`/${settings.publication.slug}`}>{settings.publication.name}</a>
      </p>
      <h1>{texts.settingsTitle}</h1>
      <p data-testid="newsletter-subscriber-count">{texts.subscribers(settings.subscriberCount)}</p>
      <p className="q-settings-actions">
        <a className={buttonClass('dark', 's')} href={newEmailPath(settings.id)}>
          {texts.compose}
        </a>
        <a className={buttonClass('outline', 's')} href={subscriberImportPath(settings.id)}>
          {texts.importSubscribers}
        </a>
        <a className={buttonClass('outline', 's')} href={confirmExportPath(settings.id)}>
          {texts.exportSubscribers}
        </a>
        <a className={buttonClass('text', 's')} href={newsletterStatsPath(settings.id)}>
          {texts.stats}
        </a>
      </p>
      <form className="q-account-form" onSubmit={(e) => void submit(e)} noValidate>
        <NameAndDescription
          name={form.name}
          description={form.description}
          errors={errors}
          onName={(name) => setForm({ ...form, name })}
          onDescription={(description) => setForm({ ...form, description })}
        />
        <div className="q-field">
          <label>
            <input
              type="checkbox"
              name="trackEngagement"
              checked={form.trackEngagement}
              onChange={(e) => setForm({ ...form, trackEngagement: e.target.checked })}
            />{' '}
            {texts.trackEngagement}
          </label>
          <p className="q-field-hint">{texts.trackEngagementHint}</p>
        </div>
        <div className="q-settings-actions">
          <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !form.name.trim()}>
            {texts.save}
          </button>
        </div>
        <FormStatus message={status.message} ok={status.ok} />
      </form>
      <SendStoryList
        settings={settings}
        onSent={() => void queryClient.invalidateQueries({ queryKey: query.queryKey })}
      />
    </main>
  );
}
