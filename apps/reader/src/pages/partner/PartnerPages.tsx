import type { RouterOutputs } from '@quire/api';
import {
  COUNTRIES,
  formatLongDate,
  PARTNER_ENROLL_STEPS,
  PARTNER_PAYOUT_COUNTRIES,
  type PartnerEnrollStep,
  partnerEnrollPath,
  partnerPaths,
  partnerTexts as texts,
} from '@quire/domain';
import { buttonClass } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormEnd } from '../../components/susi/fields';
import { navigateTo } from '../../lib/browser';
import { useMutation } from '../../lib/mutation';
import { failureMessage } from '../../lib/social';
import { useTRPC } from '../../trpc';
import { Field } from '../settings/AccountSection';
import { partnerQueries } from './partner-queries';
import { TaxBannerNotice, TaxFormSection } from './TaxForms';

type Status = RouterOutputs['partner']['status'];

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
const payoutCountries = [...PARTNER_PAYOUT_COUNTRIES].sort((a, b) =>
  countryName(a).localeCompare(countryName(b)),
);

/** After a change: the pages read the viewer's program state again. */
function useRefreshPartner() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.partner.pathKey() });
}

/** Spec §2 /m/partner-program and Static /earn: what the program is, and the way in (or to the dashboard). */
export function PartnerInfoPage({ kind, signedIn }: { kind: 'program' | 'earn'; signedIn: boolean }) {
  // A visitor has no program state to ask for: the page is the same for every visitor.
  const status = useQuery({ ...partnerQueries(useTRPC()).status(), enabled: signedIn }).data;
  const enrolled = !!status?.isEnrolled;
  return (
    <main className="q-column q-settings" data-testid="partner-info">
      <h1>{kind === 'earn' ? texts.earnTitle : texts.infoTitle}</h1>
      <p className="q-static-lead">{kind === 'earn' ? texts.earnLead : texts.infoLead}</p>
      <ul data-testid="partner-points">
        {texts.infoPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p className="q-settings-actions">
        {enrolled ? (
          <a
            className={buttonClass('dark')}
            href={partnerPaths.dashboard}
            data-testid="partner-dashboard-link"
          >
            {texts.goToDashboard}
          </a>
        ) : (
          <a className={buttonClass('dark')} href={partnerPaths.enroll} data-testid="partner-apply">
            {texts.apply}
          </a>
        )}
        {kind === 'earn' ? (
          <a className={buttonClass('text')} href={partnerPaths.info}>
            {texts.learnMore}
          </a>
        ) : null}
      </p>
    </main>
  );
}

/** The steps, with the current one marked. */
function StepList({ step }: { step: PartnerEnrollStep }) {
  return (
    <ol className="q-partner-steps" aria-label={texts.enrollTitle}>
      {PARTNER_ENROLL_STEPS.map((s) => (
        <li key={s} aria-current={s === step ? 'step' : undefined}>
          {s === step ? <strong>{texts.stepTitles[s]}</strong> : texts.stepTitles[s]}
        </li>
      ))}
    </ol>
  );
}

/** Spec §2 /me/partner/enroll[/{step}]: eligibility, terms, tax information, payout account. */
export function EnrollPage({ step }: { step: PartnerEnrollStep }) {
  const status = useQuery(partnerQueries(useTRPC()).status()).data;
  const index = PARTNER_ENROLL_STEPS.indexOf(step) + 1;
  return (
    <main className="q-column q-settings" data-testid="partner-enroll" data-step={step}>
      <h1>{texts.enrollTitle}</h1>
      <p className="q-person-note">{texts.stepOf(index, PARTNER_ENROLL_STEPS.length)}</p>
      <StepList step={step} />
      <h2>{texts.stepTitles[step]}</h2>
      {status ? <StepBody step={step} status={status} /> : null}
    </main>
  );
}

function StepBody({ step, status }: { step: PartnerEnrollStep; status: Status }) {
  const needsEligibility = !status.isEnrolled && (!status.countryChosen || !status.eligibility.eligible);
  if (step === 'eligibility') return <EligibilityStep status={status} />;
  if (step === 'terms')
    return needsEligibility ? (
      <GoBack text={texts.needEligibilityFirst} to="eligibility" />
    ) : (
      <TermsStep status={status} />
    );
  if (!status.isEnrolled)
    return <GoBack text={texts.needTermsFirst} to={status.countryChosen ? 'terms' : 'eligibility'} />;
  if (step === 'tax')
    return (
      <>
        <p>{texts.taxStepLead}</p>
        <p className="q-settings-actions">
          <a className={buttonClass('dark')} href={partnerPaths.taxes}>
            {texts.submitForm}
          </a>
          <a className={buttonClass('text')} href={partnerEnrollPath('payout')}>
            {texts.skipForNow}
          </a>
        </p>
      </>
    );
  return (
    <>
      <p>{status.hasPayoutAccount ? texts.done : texts.payoutStepLead}</p>
      <p className="q-settings-actions">
        <a
          className={buttonClass('dark')}
          href={status.hasPayoutAccount ? partnerPaths.payoutDashboard : partnerPaths.payoutSetup}
        >
          {status.hasPayoutAccount ? texts.dashboardTitle : texts.setupTitle}
        </a>
        <a className={buttonClass('text')} href={partnerPaths.dashboard}>
          {texts.goToDashboard}
        </a>
      </p>
    </>
  );
}

function GoBack({ text, to }: { text: string; to: PartnerEnrollStep }) {
  return (
    <>
      <p>{text}</p>
      <a className={buttonClass('dark')} href={partnerEnrollPath(to)}>
        {texts.stepTitles[to]}
      </a>
    </>
  );
}

function EligibilityStep({ status }: { status: Status }) {
  const trpc = useTRPC();
  const refresh = useRefreshPartner();
  const start = useMutation(trpc.partner.start.mutationOptions());
  const [country, setCountry] = useState(status.country ?? 'US');
  const [error, setError] = useState<string | null>(null);
  const checks = {
    ...status.eligibility,
    countrySupported: PARTNER_PAYOUT_COUNTRIES.includes(country as never),
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await start.mutateAsync({ country });
      await refresh();
      navigateTo(partnerEnrollPath('terms'));
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  if (status.isEnrolled)
    return (
      <p>
        {texts.alreadyEnrolled} <a href={partnerPaths.dashboard}>{texts.goToDashboard}</a>
      </p>
    );
  return (
    <form onSubmit={submit} noValidate>
      <p>{texts.eligibilityLead}</p>
      <ul className="q-partner-checks" data-testid="partner-checks">
        {(['emailVerified', 'inGoodStanding', 'countrySupported'] as const).map((key) => (
          <li key={key} data-met={checks[key]}>
            {checks[key] ? '✓ ' : '✗ '}
            {texts.checks[key]}
          </li>
        ))}
      </ul>
      <Field label={texts.countryLabel} hint={texts.countryHint}>
        {(props) => (
          <select {...props} name="country" value={country} onChange={(e) => setCountry(e.target.value)}>
            {payoutCountries.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormEnd error={error} label={texts.eligibleNext} disabled={start.isPending} />
    </form>
  );
}

function TermsStep({ status }: { status: Status }) {
  const trpc = useTRPC();
  const refresh = useRefreshPartner();
  const accept = useMutation(trpc.partner.acceptTerms.mutationOptions());
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ticked) return setError(texts.termsRequired);
    setError(null);
    try {
      await accept.mutateAsync({ accept: true });
      await refresh();
      navigateTo(status.isEnrolled ? partnerPaths.dashboard : partnerEnrollPath('tax'));
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>{texts.termsLead}</p>
      <ol data-testid="partner-terms">
        {texts.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
      <p className="q-person-note">{texts.termsUpdated}</p>
      {status.termsAcceptedAt ? (
        <p data-testid="terms-accepted-on">
          {texts.termsAcceptedOn(formatLongDate(new Date(status.termsAcceptedAt)))}
        </p>
      ) : null}
      <p>
        <label>
          <input
            type="checkbox"
            name="accept"
            checked={ticked}
            onChange={(e) => setTicked(e.target.checked)}
          />{' '}
          {texts.acceptTerms}
        </label>
      </p>
      <FormEnd error={error} label={texts.acceptAndContinue} disabled={accept.isPending} />
    </form>
  );
}

/** Spec §2 /me/partner/unenroll: what leaving means, confirmed with a box. */
export function UnenrollPage() {
  const trpc = useTRPC();
  const status = useQuery(partnerQueries(trpc).status()).data;
  const refresh = useRefreshPartner();
  const leave = useMutation(trpc.partner.unenroll.mutationOptions());
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ticked) return setError(texts.unenrollRequired);
    setError(null);
    try {
      await leave.mutateAsync({ confirm: true });
      setLeft(true);
      await refresh();
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  return (
    <main className="q-column q-settings" data-testid="partner-unenroll">
      <h1>{texts.unenrollTitle}</h1>
      {left ? (
        <p role="status">{texts.unenrolled}</p>
      ) : status && !status.isEnrolled ? (
        <p>
          {texts.notEnrolled} <a href={partnerPaths.info}>{texts.learnMore}</a>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{texts.unenrollLead}</p>
          <p>
            <label>
              <input
                type="checkbox"
                name="confirm"
                checked={ticked}
                onChange={(e) => setTicked(e.target.checked)}
              />{' '}
              {texts.unenrollCheckbox}
            </label>
          </p>
          <FormEnd error={error} label={texts.unenrollConfirm} disabled={leave.isPending} />
        </form>
      )}
    </main>
  );
}

/** Spec §2 /me/partner/taxes: the §4 tax banner, the form on file (masked) and a W-9 or W-8BEN to submit. */
export function TaxesPage() {
  const data = useQuery(partnerQueries(useTRPC()).taxForms()).data;
  return (
    <main className="q-column q-settings" data-testid="partner-taxes">
      <h1>{texts.taxesTitle}</h1>
      {data ? (
        <>
          {data.banner ? <TaxBannerNotice banner={data.banner} /> : null}
          <p className="q-static-lead">{texts.taxesLead}</p>
          {data.form ? (
            <section aria-label={texts.currentForm} className="q-settings-section">
              <h2>{texts.currentForm}</h2>
              <dl className="q-settings-facts" data-testid="tax-form-on-file">
                <div>
                  <dt>{texts.chooseForm}</dt>
                  <dd>{texts.formNames[data.form.formType]}</dd>
                </div>
                <div>
                  <dt>{texts.formStatus}</dt>
                  <dd data-testid="tax-status" data-status={data.form.status}>
                    {texts.statusNames[data.form.status as keyof typeof texts.statusNames]}
                  </dd>
                </div>
                {data.form.tin ? (
                  <div>
                    <dt>{texts.tinOnFile}</dt>
                    <dd data-testid="tax-tin">{data.form.tin}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{texts.submittedOn(formatLongDate(new Date(data.form.submittedAt)))}</dt>
                  <dd>
                    {data.form.reviewedAt
                      ? ''
                      : texts.reviewBy(formatLongDate(new Date(data.form.reviewDueAt)))}
                  </dd>
                </div>
              </dl>
            </section>
          ) : null}
          {data.isEnrolled ? (
            <TaxFormSection hasForm={!!data.form} />
          ) : (
            <p>
              {texts.mustEnrollForTaxes} <a href={partnerPaths.enroll}>{texts.apply}</a>
            </p>
          )}
        </>
      ) : null}
    </main>
  );
}
