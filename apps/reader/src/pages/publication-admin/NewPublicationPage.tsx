import {
  PUBLICATION_LIMITS,
  publicationSlugError,
  slugify,
  publicationAdminTexts as texts,
} from '@quire/domain';
import { buttonClass } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTRPC, useTRPCClient } from '../../trpc';
import { Field, refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';
import { emptyPublicationFields, PublicationFields, publicationFieldsPayload } from './PublicationFields';

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

/** Spec §2 /new-publication: name, address (checked as typed), tagline, description, topics, contact and images. */
export function NewPublicationPage() {
  const client = useTRPCClient();
  const [values, setValues] = useState(emptyPublicationFields);
  const [slug, setSlug] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The address follows the name until it is edited.
  const wantedSlug = slug ?? slugify(values.name).slice(0, PUBLICATION_LIMITS.slugMax);
  const check = useSlugCheck(wantedSlug);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const made = await client.publications.create.mutate({
        ...publicationFieldsPayload(values),
        slug: wantedSlug,
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
        <PublicationFields
          values={values}
          onChange={setValues}
          errors={errors}
          afterName={
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
                  onChange={(e) => setSlug(e.target.value.toLowerCase())}
                />
              )}
            </Field>
          }
        />
        <div className="q-settings-actions">
          <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !values.name.trim()}>
            {busy ? texts.creating : texts.create}
          </button>
        </div>
        <FormStatus message={message} ok={false} />
      </form>
    </main>
  );
}
