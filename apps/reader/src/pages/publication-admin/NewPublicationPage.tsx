import {
  PUBLICATION_LIMITS,
  publicationSlugError,
  slugify,
  publicationAdminTexts as texts,
} from '@quire/domain';
import { buttonClass } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { uploadImage } from '../../lib/upload-image';
import { useTRPC, useTRPCClient } from '../../trpc';
import { Field, photoUrl, refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';

/** The slug hint while typing: its form first, then whether it is free (asked after a pause). */
function useSlugCheck(slug: string) {
  const trpc = useTRPC();
  const [settled, setSettled] = useState(slug);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(slug), 300);
    return () => clearTimeout(timer);
  }, [slug]);
  const malformed = slug ? publicationSlugError(slug) : null;
  const enabled = !!slug && !malformed && settled === slug;
  const check = useQuery({
    ...trpc.publications.slugAvailability.queryOptions({ slug: settled }),
    enabled,
    staleTime: 5_000,
  });
  if (!slug) return { error: null, ok: null };
  if (malformed) return { error: malformed, ok: null };
  if (!enabled || !check.data) return { error: null, ok: null };
  return check.data.available
    ? { error: null, ok: check.data.message }
    : { error: check.data.message, ok: null };
}

/** An image field: pick a file, it uploads at once and shows; Remove clears it. */
function ImageField({
  label,
  hint,
  value,
  error,
  testId,
  onChange,
}: {
  label: string;
  hint: string;
  value: string | null;
  error: string | undefined;
  testId: string;
  onChange: (id: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailed(null);
    setBusy(true);
    try {
      onChange((await uploadImage(file)).id);
    } catch (e) {
      setFailed(e instanceof Error ? e.message : texts.imageNotYours);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Field label={label} error={error ?? failed} hint={busy ? texts.uploading : hint}>
      {(props) => (
        <div className="q-image-field" data-testid={testId}>
          {value ? <img src={photoUrl(value, 96)} alt="" width={48} height={48} /> : null}
          <input {...props} type="file" accept="image/*" onChange={(e) => void pick(e.target.files?.[0])} />
          {value ? (
            <button type="button" className="q-link-button" onClick={() => onChange(null)}>
              {texts.removeImage}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** Spec §2 /new-publication: name, address (checked as typed), tagline, description, topics, contact and images. */
export function NewPublicationPage() {
  const client = useTRPCClient();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [tagline, setTagline] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const [logoId, setLogoId] = useState<string | null>(null);
  const [avatarId, setAvatarId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wantedSlug = slugEdited ? slug : slugify(name).slice(0, PUBLICATION_LIMITS.slugMax);
  const check = useSlugCheck(wantedSlug);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const made = await client.publications.create.mutate({
        name,
        slug: wantedSlug,
        tagline,
        description,
        tags: tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        contactEmail: contactEmail.trim() || null,
        logoId,
        avatarId,
      });
      window.location.assign(made.url);
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setMessage(refusal.message);
      setBusy(false);
    }
  };

  return (
    <main className="q-column" data-testid="new-publication">
      <h1>{texts.createTitle}</h1>
      <p className="q-card-meta">{texts.createIntro}</p>
      <form className="q-account-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={texts.name} error={errors.name}>
          {(props) => (
            <input
              {...props}
              name="name"
              value={name}
              maxLength={PUBLICATION_LIMITS.nameMax + 20}
              placeholder={texts.namePlaceholder}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={texts.slug}
          error={errors.slug ?? check.error}
          hint={check.ok ?? texts.slugHint(wantedSlug)}
        >
          {(props) => (
            <input
              {...props}
              name="slug"
              value={wantedSlug}
              maxLength={PUBLICATION_LIMITS.slugMax + 20}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => {
                setSlugEdited(true);
                setSlug(e.target.value.toLowerCase());
              }}
            />
          )}
        </Field>
        <Field label={texts.tagline} error={errors.tagline}>
          {(props) => (
            <input
              {...props}
              name="tagline"
              value={tagline}
              maxLength={PUBLICATION_LIMITS.taglineMax + 20}
              placeholder={texts.taglinePlaceholder}
              onChange={(e) => setTagline(e.target.value)}
            />
          )}
        </Field>
        <Field label={texts.description} error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              name="description"
              value={description}
              maxLength={PUBLICATION_LIMITS.descriptionMax + 20}
              placeholder={texts.descriptionPlaceholder}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <Field label={texts.tags} error={errors.tags} hint={texts.tagsHint}>
          {(props) => <input {...props} name="tags" value={tags} onChange={(e) => setTags(e.target.value)} />}
        </Field>
        <Field label={texts.contactEmail} error={errors.contactEmail} hint={texts.contactEmailHint}>
          {(props) => (
            <input
              {...props}
              name="contactEmail"
              type="email"
              value={contactEmail}
              onChange={(e) => setContactEmail(e.target.value)}
            />
          )}
        </Field>
        <ImageField
          label={texts.logo}
          hint={texts.logoHint}
          value={logoId}
          error={errors.logoId}
          testId="logo-field"
          onChange={setLogoId}
        />
        <ImageField
          label={texts.avatar}
          hint={texts.avatarHint}
          value={avatarId}
          error={errors.avatarId}
          testId="avatar-field"
          onChange={setAvatarId}
        />
        <div className="q-settings-actions">
          <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !name.trim()}>
            {busy ? texts.creating : texts.create}
          </button>
        </div>
        <FormStatus message={message} ok={false} />
      </form>
    </main>
  );
}
