import {
  COUNTRIES,
  FEDERAL_TAX_CLASSIFICATIONS,
  partnerPaths,
  partnerToastTexts,
  type TaxBanner,
  type TaxFormType,
  partnerTexts as texts,
} from '@quire/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormEnd } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';
import { Field, refusalOf } from '../settings/AccountSection';

const f = texts.fields;

/** Spec §4 tax banner on the tax page: its text, in the error colour when due, with its links. */
export function TaxBannerNotice({ banner }: { banner: TaxBanner }) {
  return (
    <aside
      className={banner.isError ? 'q-settings-warning' : 'q-settings-notice'}
      role="status"
      data-testid="tax-banner"
      data-error={banner.isError}
    >
      <p>{banner.message}</p>
      {banner.forfeitureWarning ? <p>{texts.forfeitureWarning}</p> : null}
      {banner.actions.includes('submit') || banner.actions.includes('resubmit') ? (
        <a href="#tax-form">
          {banner.actions.includes('resubmit')
            ? partnerToastTexts.resubmitTaxForms
            : partnerToastTexts.submitTaxForms}
        </a>
      ) : null}
      {banner.actions.includes('learnMore') ? (
        <>
          {' · '}
          <a href={partnerPaths.info}>{texts.learnMore}</a>
        </>
      ) : null}
    </aside>
  );
}

type Values = Record<string, string>;
type FieldSpec = {
  name: string;
  label: string;
  kind?: 'text' | 'date' | 'country' | 'select';
  options?: readonly { value: string; label: string }[];
  optional?: boolean;
  autoComplete?: string;
};

const countryOptions = COUNTRIES.filter((c) => c.code !== 'US').map((c) => ({
  value: c.code,
  label: c.name,
}));

const W9_FIELDS: FieldSpec[] = [
  { name: 'name', label: f.name, autoComplete: 'name' },
  { name: 'businessName', label: f.businessName, optional: true, autoComplete: 'organization' },
  {
    name: 'taxClassification',
    label: f.taxClassification,
    kind: 'select',
    options: FEDERAL_TAX_CLASSIFICATIONS.map((value) => ({ value, label: texts.classificationNames[value] })),
  },
  { name: 'street', label: f.street, autoComplete: 'address-line1' },
  { name: 'city', label: f.city, autoComplete: 'address-level2' },
  { name: 'state', label: f.state, autoComplete: 'address-level1' },
  { name: 'zip', label: f.zip, autoComplete: 'postal-code' },
  {
    name: 'tinType',
    label: f.tinType,
    kind: 'select',
    options: [
      { value: 'SSN', label: texts.tinTypeNames.SSN },
      { value: 'EIN', label: texts.tinTypeNames.EIN },
    ],
  },
  { name: 'tin', label: f.tin, autoComplete: 'off' },
];

const W8BEN_FIELDS: FieldSpec[] = [
  { name: 'name', label: f.name, autoComplete: 'name' },
  { name: 'citizenship', label: f.citizenship, kind: 'country' },
  { name: 'permanentStreet', label: f.permanentStreet, autoComplete: 'address-line1' },
  { name: 'permanentCity', label: f.permanentCity, autoComplete: 'address-level2' },
  { name: 'postalCode', label: f.postalCode, optional: true, autoComplete: 'postal-code' },
  { name: 'permanentCountry', label: f.permanentCountry, kind: 'country' },
  { name: 'foreignTin', label: f.foreignTin, optional: true, autoComplete: 'off' },
  { name: 'foreignTinMissingReason', label: f.foreignTinMissingReason, optional: true },
  { name: 'dateOfBirth', label: f.dateOfBirth, kind: 'date', autoComplete: 'bday' },
  { name: 'treatyCountry', label: f.treatyCountry, kind: 'country', optional: true },
  { name: 'signatureName', label: f.signatureName },
  { name: 'signatureDate', label: f.signatureDate, kind: 'date' },
];

const firstOf = (spec: FieldSpec) => (spec.kind === 'select' ? (spec.options?.[0]?.value ?? '') : '');

/** The W-9 or W-8BEN form; a refused field shows its error under it and nothing is saved. */
export function TaxFormSection({ hasForm }: { hasForm: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [formType, setFormType] = useState<TaxFormType>('W9');
  const specs = formType === 'W9' ? W9_FIELDS : W8BEN_FIELDS;
  const [values, setValues] = useState<Values>(() => ({
    ...Object.fromEntries(W9_FIELDS.map((s) => [s.name, firstOf(s)])),
    signatureDate: new Date().toISOString().slice(0, 10),
  }));
  const [certify, setCertify] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const w9 = useMutation(trpc.partner.submitW9.mutationOptions());
  const w8 = useMutation(trpc.partner.submitW8ben.mutationOptions());
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const pick = (list: FieldSpec[]) => Object.fromEntries(list.map((s) => [s.name, values[s.name] ?? '']));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      if (formType === 'W9') await w9.mutateAsync({ ...pick(W9_FIELDS), certify } as never);
      else await w8.mutateAsync(pick(W8BEN_FIELDS) as never);
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: trpc.partner.pathKey() });
    } catch (e) {
      const refused = refusalOf(e);
      setErrors(refused.fields);
      setMessage(refused.message);
    }
  };

  if (done)
    return (
      <p role="status" data-testid="tax-submitted">
        {texts.submitted}
      </p>
    );
  return (
    <section
      aria-label={hasForm ? texts.resubmit : texts.submitForm}
      className="q-settings-section"
      id="tax-form"
    >
      <h2>{hasForm ? texts.resubmit : texts.submitForm}</h2>
      <form onSubmit={submit} noValidate data-testid="tax-form" data-form={formType}>
        <fieldset>
          <legend>{texts.chooseForm}</legend>
          {(['W9', 'W8BEN'] as const).map((type) => (
            <label key={type} className="q-radio">
              <input
                type="radio"
                name="formType"
                value={type}
                checked={formType === type}
                onChange={() => setFormType(type)}
              />{' '}
              {texts.formNames[type]}
            </label>
          ))}
        </fieldset>
        {specs.map((spec) => (
          <Field key={`${formType}-${spec.name}`} label={spec.label} error={errors[spec.name]}>
            {(props) =>
              spec.kind === 'select' || spec.kind === 'country' ? (
                <select
                  {...props}
                  name={spec.name}
                  value={values[spec.name] ?? ''}
                  onChange={(e) => set(spec.name, e.target.value)}
                >
                  {spec.kind === 'country' ? <option value="" /> : null}
                  {(spec.kind === 'country' ? countryOptions : (spec.options ?? [])).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...props}
                  name={spec.name}
                  type={spec.kind === 'date' ? 'date' : 'text'}
                  autoComplete={spec.autoComplete}
                  required={!spec.optional}
                  value={values[spec.name] ?? ''}
                  onChange={(e) => set(spec.name, e.target.value)}
                />
              )
            }
          </Field>
        ))}
        {formType === 'W9' ? (
          <p>
            <label>
              <input
                type="checkbox"
                name="certify"
                checked={certify}
                onChange={(e) => setCertify(e.target.checked)}
              />{' '}
              {f.certify}
            </label>
            {errors.certify ? (
              <span className="q-field-error" role="alert">
                {errors.certify}
              </span>
            ) : null}
          </p>
        ) : null}
        <FormEnd error={message} label={texts.submitForm} disabled={w9.isPending || w8.isPending} />
      </form>
    </section>
  );
}
