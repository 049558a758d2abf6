import type { RouterOutputs } from '@quire/api';
import { formatPrice, membershipPageTexts, partnerPaths, partnerTexts as texts } from '@quire/domain';
import { Button, buttonClass, EmptyState } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../components/susi/fields';
import { navigateTo } from '../../lib/browser';
import { useMutation } from '../../lib/mutation';
import { failureMessage } from '../../lib/social';
import { useTRPC } from '../../trpc';
import { partnerQueries } from '../partner/partner-queries';

type PayoutAccount = RouterOutputs['partner']['payoutAccount'];

/** The test-mode notice every payout page shows when no Stripe key is set. */
function TestModeNotice({ on }: { on: boolean }) {
  return on ? (
    <aside className="q-test-mode" role="note" data-testid="test-mode-notice">
      <h2>{membershipPageTexts.testModeHeading}</h2>
      <p>{texts.testMode}</p>
    </aside>
  ) : null;
}

/** A button that runs a mutation answering a URL and goes there (Stripe's onboarding, its dashboard). */
function GoButton({
  label,
  run,
  variant = 'dark',
}: {
  label: string;
  run: () => Promise<{ url: string }>;
  variant?: 'dark' | 'outline';
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            navigateTo((await run()).url);
          } catch (e) {
            setError(failureMessage(e));
            setBusy(false);
          }
        }}
      >
        {label}
      </Button>
      <FormError text={error} />
    </>
  );
}

function useSetup() {
  const setup = useMutation(useTRPC().partner.setupPayouts.mutationOptions());
  return () => setup.mutateAsync();
}

/** The account's state as a list of facts. */
function AccountFacts({ account }: { account: NonNullable<PayoutAccount['account']> }) {
  const yesNo = (on: boolean) => (on ? texts.yes : texts.no);
  return (
    <dl className="q-settings-facts" data-testid="payout-account">
      <div>
        <dt>{texts.detailsSubmitted}</dt>
        <dd data-testid="details-submitted">{yesNo(account.detailsSubmitted)}</dd>
      </div>
      <div>
        <dt>{texts.payoutsEnabled}</dt>
        <dd data-testid="payouts-enabled">{yesNo(account.payoutsEnabled)}</dd>
      </div>
      <div>
        <dt>{texts.requirementsDue}</dt>
        <dd>{account.requirementsDue.length ? account.requirementsDue.join(', ') : texts.none}</dd>
      </div>
    </dl>
  );
}

/** Spec §2 /me/settings/payout/setup: what happens next, and the button that goes to Stripe. */
export function PayoutSetupPage() {
  const data = useQuery(partnerQueries(useTRPC()).payoutAccount()).data;
  const setup = useSetup();
  return (
    <main className="q-column q-settings" data-testid="payout-setup">
      <h1>{texts.setupTitle}</h1>
      {data ? (
        <>
          <TestModeNotice on={data.testMode} />
          {data.isEnrolled ? (
            <>
              <p className="q-static-lead">{texts.setupLead}</p>
              {data.account ? <AccountFacts account={data.account} /> : null}
              <p className="q-settings-actions">
                <GoButton label={data.account ? texts.resumeSetup : texts.setupButton} run={setup} />
              </p>
            </>
          ) : (
            <p>
              {texts.mustEnrollForPayouts} <a href={partnerPaths.enroll}>{texts.apply}</a>
            </p>
          )}
        </>
      ) : null}
    </main>
  );
}

/** Spec §2 /me/settings/payout/stripe/finish: where Stripe sends the writer back; reads the account's state. */
export function PayoutFinishPage() {
  const data = useQuery(partnerQueries(useTRPC()).payoutAccount()).data;
  const setup = useSetup();
  return (
    <main className="q-column q-settings" data-testid="payout-finish">
      <h1>{texts.finishTitle}</h1>
      {data ? (
        <>
          <TestModeNotice on={data.testMode} />
          {data.account ? (
            <>
              <p role="status" data-testid="payout-finish-state" data-ready={data.account.payoutsEnabled}>
                {data.account.payoutsEnabled ? texts.finishReady : texts.finishIncomplete}
              </p>
              <AccountFacts account={data.account} />
              <p className="q-settings-actions">
                {data.account.payoutsEnabled ? (
                  <a className={buttonClass('dark')} href={partnerPaths.payoutDashboard}>
                    {texts.dashboardTitle}
                  </a>
                ) : (
                  <GoButton label={texts.resumeSetup} run={setup} />
                )}
              </p>
            </>
          ) : (
            <p>
              {texts.noAccount} <a href={partnerPaths.payoutSetup}>{texts.setupTitle}</a>
            </p>
          )}
        </>
      ) : null}
    </main>
  );
}

/** Spec §2 /me/settings/payout/dashboard: the account, the link to Stripe's dashboard, the balance and history. */
export function PayoutDashboardPage() {
  const trpc = useTRPC();
  const data = useQuery(partnerQueries(trpc).payoutAccount()).data;
  const login = useMutation(trpc.partner.payoutDashboardLink.mutationOptions());
  return (
    <main className="q-column q-settings" data-testid="payout-dashboard">
      <h1>{texts.dashboardTitle}</h1>
      {data ? (
        <>
          <TestModeNotice on={data.testMode} />
          {data.account ? (
            <>
              <AccountFacts account={data.account} />
              <p className="q-settings-actions">
                {data.account.detailsSubmitted ? (
                  <GoButton
                    label={texts.openStripeDashboard}
                    run={() => login.mutateAsync()}
                    variant="outline"
                  />
                ) : (
                  <a className={buttonClass('dark')} href={partnerPaths.payoutSetup}>
                    {texts.resumeSetup}
                  </a>
                )}
                <a className={buttonClass('text')} href={partnerPaths.dashboard}>
                  {texts.goToDashboard}
                </a>
              </p>
            </>
          ) : (
            <p>
              {texts.noAccount} <a href={partnerPaths.payoutSetup}>{texts.setupTitle}</a>
            </p>
          )}
          <dl className="q-settings-facts">
            <div>
              <dt>{texts.unpaidBalance}</dt>
              <dd data-testid="unpaid-balance">{formatPrice(data.unpaidBalance, 'USD')}</dd>
            </div>
          </dl>
          <p className="q-person-note">{texts.minimumNote}</p>
          {data.taxApproved ? null : (
            <p>
              {texts.taxFormsNotApproved} <a href={partnerPaths.taxes}>{texts.taxesTitle}</a>
            </p>
          )}
          <PayoutHistory payouts={data.payouts} />
        </>
      ) : null}
    </main>
  );
}

function PayoutHistory({ payouts }: { payouts: PayoutAccount['payouts'] }) {
  return (
    <section aria-label={texts.historyTitle} className="q-settings-section">
      <h2>{texts.historyTitle}</h2>
      {payouts.length ? (
        <table className="q-payout-history" data-testid="payout-history">
          <thead>
            <tr>
              <th scope="col">{texts.payoutPeriod}</th>
              <th scope="col">{texts.payoutAmount}</th>
              <th scope="col">{texts.payoutState}</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <tr key={p.id}>
                <td>{p.periodStart.slice(0, 7)}</td>
                <td>{formatPrice(p.amount, 'USD')}</td>
                <td>{texts.payoutStatusNames[p.status as keyof typeof texts.payoutStatusNames]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState title={texts.historyEmpty} />
      )}
    </section>
  );
}

/** /payout/test-onboarding?account=…: the test-mode stand-in for Stripe's onboarding, for the writer's own account. */
export function TestOnboardingPage({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const complete = useMutation(trpc.partner.completeTestOnboarding.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  return (
    <main className="q-column q-settings" data-testid="payout-test-onboarding">
      <TestModeNotice on />
      <h1>{texts.testOnboardingTitle}</h1>
      <p>{texts.testOnboardingLead}</p>
      <p className="q-settings-actions">
        <Button
          variant="dark"
          disabled={complete.isPending || !accountId}
          onClick={async () => {
            setError(null);
            try {
              navigateTo((await complete.mutateAsync({ accountId })).returnUrl);
            } catch (e) {
              setError(failureMessage(e));
            }
          }}
        >
          {texts.testOnboardingComplete}
        </Button>
      </p>
      <FormError text={error} />
    </main>
  );
}
