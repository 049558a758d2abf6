import { PUBLICATION_LIMITS, publicationAdminTexts as texts } from '@quire/domain';
import { type ReactNode, useState } from 'react';
import { uploadImage } from '../../lib/upload-image';
import { Field, photoUrl } from '../settings/AccountSection';

/** What the new-publication and settings forms edit (the address is the new form's alone). */
export interface PublicationFieldValues {
  name: string;
  tagline: string;
  description: string;
  /** Topics as typed, separated by commas. */
  tags: string;
  contactEmail: string;
  logoId: string | null;
  avatarId: string | null;
}

export const emptyPublicationFields: PublicationFieldValues = {
  name: '',
  tagline: '',
  description: '',
  tags: '',
  contactEmail: '',
  logoId: null,
  avatarId: null,
};

/** The values as the server takes them: topics split, a blank contact as none. */
export const publicationFieldsPayload = (v: PublicationFieldValues) => ({
  name: v.name,
  tagline: v.tagline,
  description: v.description,
  tags: v.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  contactEmail: v.contactEmail.trim() || null,
  logoId: v.logoId,
  avatarId: v.avatarId,
});

/** An image field: pick a file, it uploads at once and shows; Remove clears it. */
export function ImageField({
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

/** The publication's fields; `afterName` goes right under the name (the new form's address). */
export function PublicationFields({
  values,
  onChange,
  errors,
  afterName,
}: {
  values: PublicationFieldValues;
  onChange: (next: PublicationFieldValues) => void;
  errors: Record<string, string>;
  afterName?: ReactNode;
}) {
  const set = <K extends keyof PublicationFieldValues>(key: K, value: PublicationFieldValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <>
      <Field label={texts.name} error={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            value={values.name}
            maxLength={PUBLICATION_LIMITS.nameMax + 20}
            placeholder={texts.namePlaceholder}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </Field>
      {afterName}
      <Field label={texts.tagline} error={errors.tagline}>
        {(props) => (
          <input
            {...props}
            name="tagline"
            value={values.tagline}
            maxLength={PUBLICATION_LIMITS.taglineMax + 20}
            placeholder={texts.taglinePlaceholder}
            onChange={(e) => set('tagline', e.target.value)}
          />
        )}
      </Field>
      <Field label={texts.description} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            name="description"
            value={values.description}
            maxLength={PUBLICATION_LIMITS.descriptionMax + 20}
            placeholder={texts.descriptionPlaceholder}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <Field label={texts.tags} error={errors.tags} hint={texts.tagsHint}>
        {(props) => (
          <input {...props} name="tags" value={values.tags} onChange={(e) => set('tags', e.target.value)} />
        )}
      </Field>
      <Field label={texts.contactEmail} error={errors.contactEmail} hint={texts.contactEmailHint}>
        {(props) => (
          <input
            {...props}
            name="contactEmail"
            type="email"
            value={values.contactEmail}
            onChange={(e) => set('contactEmail', e.target.value)}
          />
        )}
      </Field>
      <ImageField
        label={texts.logo}
        hint={texts.logoHint}
        value={values.logoId}
        error={errors.logoId}
        testId="logo-field"
        onChange={(id) => set('logoId', id)}
      />
      <ImageField
        label={texts.avatar}
        hint={texts.avatarHint}
        value={values.avatarId}
        error={errors.avatarId}
        testId="avatar-field"
        onChange={(id) => set('avatarId', id)}
      />
    </>
  );
}
