import type { RouterOutputs } from '@quire/api';
import {
  type Discount,
  type PlanPeriod,
  membershipPageTexts as texts,
  yearlySavingPercent,
} from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckList, StarHero } from '../components/StarHero';
import { FormError } from '../components/susi/fields';
import { SusiEntry } from '../components/TopBar';
import { navigateTo } from '../lib/browser';
import { useMutation } from '../lib/mutation';
import { failureMessage } from '../lib/social';
import { useSingleFlight } from '../lib/useSingleFlight';
import type { PreloadedState } from '../state';
import { useTRPC } from '../trpc';
import { MEMBERSHIP_SETTINGS_PATH } from './membership-paths';

type PlanOffer = RouterOutputs['membership']['plans']['plans'][number];

/**
 * Spec §2 /plans, /upgrade, /payment and /membership[/@{username}]: what membership gives and the plans in the
 * visitor's currency. Signed out, a plan's button opens the sign-up flow; signed in, it starts a checkout.
 */
export function PlansPage({
  viewer,
  writer = null,
}: {
  viewer: PreloadedState['viewer'];
  /** The writer whose page the offer came from (/membership/@{username}). */
  writer?: { username: string; name: string } | null;
}) {
  const trpc = useTRPC();
  const plans = useQuery(trpc.membership.plans.queryOptions());
  return (
    <main className="q-column q-membership" data-testid="plans-page">
      <StarHero title={writer ? texts.supportWriter(writer.name) : texts.plansTitle} lead={texts.plansLead} />
      <ul className="q-membership-benefits">
        {texts.benefits.map((b) => (
          <li key={b.heading}>
            <h2>{b.heading}</h2>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
      {viewer?.isMember ? (
        <section className="q-membership-member" data-testid="already-member">
          <p>{texts.alreadyMember}</p>
          <a className="q-button" href={MEMBERSHIP_SETTINGS_PATH}>
            {texts.manageMembership}
          </a>
        </section>
      ) : plans.data ? (
        <PlanChoice offers={plans.data.plans} signedIn={!!viewer} referrer={writer?.username ?? null} />
      ) : null}
    </main>
  );
}

/** The plans side by side, one button each; a single checkout at a time. */
function PlanChoice({
  offers,
  signedIn,
  referrer,
}: {
  offers: PlanOffer[];
  signedIn: boolean;
  referrer: string | null;
}) {
  const trpc = useTRPC();
  const checkout = useMutation(trpc.membership.checkout.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  const monthly = offers.find((p) => p.period === 'MONTHLY');
  const start = (plan: PlanOffer) =>
    flight.run(async () => {
      setError(null);
      try {
        // A fresh key per attempt: a retried click after an error is a new checkout, a double click is not.
        const { url } = await checkout.mutateAsync({
          planCode: plan.code,
          requestId: crypto.randomUUID(),
          ...(referrer ? { referrer } : {}),
        });
        setLeaving(true);
        navigateTo(url);
      } catch (e) {
        setError(failureMessage(e));
      }
    });
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="q-visually-hidden">
        {texts.plansTitle}
      </h2>
      {!signedIn ? <p className="q-membership-note">{texts.signInFirst}</p> : null}
      <ul className="q-plans">
        {offers.map((plan) => (
          <li key={plan.id} className="q-plan" data-plan={plan.code}>
            <PlanPrice plan={plan} monthlyAmount={monthly?.amount ?? null} />
            {signedIn ? (
              <button
                type="button"
                className="q-button q-button-dark q-plan-button"
                disabled={flight.busy || leaving}
                onClick={() => void start(plan)}
              >
                {texts.choose(plan.period)}
              </button>
            ) : (
              <SusiEntry
                operation="register"
                entryPoint="plans"
                className="q-button q-button-dark q-plan-button"
              >
                {texts.choose(plan.period)}
              </SusiEntry>
            )}
          </li>
        ))}
      </ul>
      {leaving ? (
        <p className="q-membership-note" role="status">
          {texts.redirecting}
        </p>
      ) : null}
      <FormError text={error} />
      <p className="q-membership-note">{texts.cancelAnytime}</p>
    </section>
  );
}

/** A plan's name, price per period, and its introductory discount or yearly saving. */
export function PlanPrice({
  plan,
  monthlyAmount,
}: {
  plan: Pick<PlanOffer, 'period' | 'amount' | 'price' | 'firstPrice'> & {
    discount: Discount;
    trialDays?: number;
  };
  monthlyAmount: number | null;
}) {
  const trialDays = plan.trialDays ?? 0;
  const discounted = plan.discount === 'FIFTY_PERCENT_OFF_ONE_YEAR';
  const saving =
    plan.period === 'YEARLY' && monthlyAmount ? yearlySavingPercent(monthlyAmount, plan.amount) : 0;
  return (
    <div className="q-plan-price">
      <h3>{texts.period(plan.period as PlanPeriod)}</h3>
      {trialDays > 0 ? <span className="q-plan-badge">{texts.freeTrial(trialDays)}</span> : null}
      {discounted ? <span className="q-plan-badge">{texts.halfOff}</span> : null}
      <p className="q-plan-amount">
        <strong>{discounted ? plan.firstPrice : plan.price}</strong>
        <span>{texts.perPeriod(plan.period)}</span>
      </p>
      {discounted ? (
        <p className="q-plan-detail">{texts.firstYear(plan.firstPrice, plan.price)}</p>
      ) : saving > 0 ? (
        <p className="q-plan-detail">{texts.yearlySaving(saving)}</p>
      ) : null}
      {trialDays > 0 ? (
        <p className="q-plan-detail">
          {texts.trialThen(trialDays, discounted ? plan.firstPrice : plan.price, plan.period)}
        </p>
      ) : null}
    </div>
  );
}

/** /welcome-member: where a checkout ends; what a new member can do now. */
export function WelcomeMemberPage() {
  return (
    <main className="q-column q-membership" data-testid="welcome-member">
      <StarHero title={texts.welcomeTitle} lead={texts.welcomeLead} />
      <CheckList items={texts.welcomeItems} />
      <p className="q-membership-actions">
        <a className="q-button q-button-dark" href="/">
          {texts.startReading}
        </a>
        <a className="q-button" href={MEMBERSHIP_SETTINGS_PATH}>
          {texts.manageMembership}
        </a>
      </p>
    </main>
  );
}
