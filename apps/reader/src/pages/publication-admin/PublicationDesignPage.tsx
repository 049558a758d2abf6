import type { RouterOutputs } from '@quire/api';
import {
  ColorDisplay,
  FontSet,
  HeaderScale,
  HomeLayout,
  NameTreatment,
  type PublicationDesignFields,
  publicationHeaderDesign,
  quireRoutes,
  TaglineTreatment,
  publicationDesignTexts as texts,
} from '@quire/domain';
import { buttonClass } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { followLabel } from '../../components/FollowButton';
import { PublicationDesigned, PublicationHeader } from '../../components/PublicationHeader';
import { useTRPC, useTRPCClient } from '../../trpc';
import { NotFoundPage } from '../NotFoundPage';
import { Field, refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';
import { ImageField } from './PublicationFields';

/*
 * Spec §2 /{collectionSlug}/design, /styles and /edit: a publication's design (spec §3 publication design), for
 * its owner and editors, with a preview of the header drawn by the publication pages' own header component.
 */

type Design = RouterOutputs['publicationDesign']['get'];

/** The form's values: the stored fields, colours as typed ('' for the default). */
interface DesignValues extends Omit<PublicationDesignFields, 'backgroundColor' | 'tintColor'> {
  backgroundColor: string;
  tintColor: string;
}

const valuesOf = (fields: PublicationDesignFields): DesignValues => ({
  ...fields,
  backgroundColor: fields.backgroundColor ?? '',
  tintColor: fields.tintColor ?? '',
});

/** The values as the server takes them: a blank colour as the default. */
const fieldsOf = (v: DesignValues): PublicationDesignFields => ({
  ...v,
  backgroundColor: v.backgroundColor.trim() || null,
  tintColor: v.tintColor.trim() || null,
});

/** One choice among an enum's values, as radio buttons, with its error under them. */
function Choice<K extends string>({
  legend,
  name,
  options,
  labels,
  value,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly K[];
  labels: Record<K, string>;
  value: K;
  error: string | undefined;
  onChange: (value: K) => void;
}) {
  const id = useId();
  return (
    <fieldset className="q-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="q-radio">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {labels[option]}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="q-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The live preview of the header (the page's column wide), then the design form over the loaded design. */
function DesignForm({ data, slug, section }: { data: Design; slug: string; section: 'header' | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(data.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const header = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (section === 'header') header.current?.scrollIntoView({ block: 'start' });
  }, [section]);

  const set = <K extends keyof DesignValues>(key: K, value: DesignValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // The preview is built as the server builds the page's header: a colour that does not parse yet is left out.
  const preview = publicationHeaderDesign(fieldsOf(values), data.logo.id);

  const run = async (call: () => Promise<Design & { message: string }>) => {
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const saved = await call();
      queryClient.setQueryData(trpc.publicationDesign.get.queryKey({ slug }), saved);
      // Every page of the publication draws its header from the public header's design.
      void queryClient.invalidateQueries({ queryKey: trpc.publications.home.pathKey() });
      setValues(valuesOf(saved.fields));
      setMessage({ text: saved.message, ok: true });
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setMessage(refusal.message ? { text: refusal.message, ok: false } : null);
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => client.publicationDesign.save.mutate({ collectionId: data.id, ...fieldsOf(values) }));
  };
  const onReset = () => void run(() => client.publicationDesign.reset.mutate({ collectionId: data.id }));

  const color = (key: 'backgroundColor' | 'tintColor'): ReactNode => (
    <Field label={texts[key]} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          name={key}
          spellCheck={false}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <>
      <section className="q-pub-preview" aria-labelledby="design-preview-title" data-testid="design-preview">
        <h2 id="design-preview-title">{texts.preview}</h2>
        <p className="q-field-hint">{texts.previewHint}</p>
        <PublicationDesigned design={preview}>
          <PublicationHeader
            publication={{ ...data, design: preview }}
            headingLevel={2}
            actions={
              <span className="q-button q-follow-button" aria-hidden="true">
                {followLabel(false)}
              </span>
            }
          />
        </PublicationDesigned>
      </section>

      <form className="q-account-form" onSubmit={onSubmit} noValidate data-testid="publication-design">
        <fieldset className="q-fieldset" id="header" ref={header}>
          <legend>
            <h2>{texts.headerSection}</h2>
          </legend>
          <Choice
            legend={texts.nameTreatment}
            name="nameTreatment"
            options={NameTreatment}
            labels={texts.nameTreatments}
            value={values.nameTreatment}
            error={errors.nameTreatment}
            onChange={(v) => set('nameTreatment', v)}
          />
          {values.nameTreatment === 'LOGO' && !data.logo.id ? (
            <p className="q-field-hint" data-testid="logo-missing">
              {texts.logoMissing}{' '}
              <a href={quireRoutes.build('ShowByCollectionSlugSettings', { collectionSlug: data.slug })}>
                {texts.settingsLink}
              </a>
            </p>
          ) : null}
          <Choice
            legend={texts.taglineTreatment}
            name="taglineTreatment"
            options={TaglineTreatment}
            labels={texts.taglineTreatments}
            value={values.taglineTreatment}
            error={errors.taglineTreatment}
            onChange={(v) => set('taglineTreatment', v)}
          />
          <Choice
            legend={texts.headerScale}
            name="headerScale"
            options={HeaderScale}
            labels={texts.headerScales}
            value={values.headerScale}
            error={errors.headerScale}
            onChange={(v) => set('headerScale', v)}
          />
          <ImageField
            label={texts.headerImage}
            hint={texts.headerImageHint}
            value={values.headerImageId}
            error={errors.headerImageId}
            testId="header-image-field"
            onChange={(id) => set('headerImageId', id)}
          />
        </fieldset>

        <fieldset className="q-fieldset">
          <legend>
            <h2>{texts.colorsSection}</h2>
          </legend>
          <p>{texts.colorsIntro}</p>
          {color('backgroundColor')}
          <Choice
            legend={texts.colorDisplay}
            name="colorDisplay"
            options={ColorDisplay}
            labels={texts.colorDisplays}
            value={values.colorDisplay}
            error={errors.colorDisplay}
            onChange={(v) => set('colorDisplay', v)}
          />
          {color('tintColor')}
        </fieldset>

        <fieldset className="q-fieldset">
          <legend>
            <h2>{texts.fontSection}</h2>
          </legend>
          <Choice
            legend={texts.fontSet}
            name="fontSet"
            options={FontSet}
            labels={texts.fontSets}
            value={values.fontSet}
            error={errors.fontSet}
            onChange={(v) => set('fontSet', v)}
          />
        </fieldset>

        <fieldset className="q-fieldset" id="layout">
          <legend>
            <h2>{texts.layoutSection}</h2>
          </legend>
          <Choice
            legend={texts.homeLayout}
            name="homeLayout"
            options={HomeLayout}
            labels={texts.homeLayouts}
            value={values.homeLayout}
            error={errors.homeLayout}
            onChange={(v) => set('homeLayout', v)}
          />
        </fieldset>

        <div className="q-settings-actions">
          <button type="submit" className={buttonClass('dark', 's')} disabled={busy}>
            {busy ? texts.saving : texts.save}
          </button>
          <button type="button" className="q-link-button" disabled={busy} onClick={onReset}>
            {texts.reset}
          </button>
        </div>
        <FormStatus message={message?.text ?? null} ok={message?.ok ?? false} />
      </form>
    </>
  );
}

/**
 * Spec §2 /{collectionSlug}/design and /styles (and /edit, opened at the header): the publication's design, for
 * its owner and editors; anyone else gets the 404 page.
 */
export function PublicationDesignPage({ slug, section = null }: { slug: string; section?: 'header' | null }) {
  const design = useQuery(useTRPC().publicationDesign.get.queryOptions({ slug }));
  if (design.isError) return <NotFoundPage />;
  if (!design.data) return <main className="q-column" aria-busy="true" />;
  const data = design.data;
  return (
    <main className="q-column q-settings" data-testid="publication-design-page">
      <p className="q-card-meta">
        <a href={quireRoutes.build('ShowCollectionHome', { collectionSlug: data.slug })}>{data.name}</a>
      </p>
      <h1>{texts.designTitle}</h1>
      <p>{texts.intro}</p>
      <DesignForm data={data} slug={slug} section={section} />
    </main>
  );
}
