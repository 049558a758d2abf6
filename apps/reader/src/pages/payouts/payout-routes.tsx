import { partnerTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { partnerQueries } from '../partner/partner-queries';

// The payout pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/payouts/PayoutPages.tsx', () => import('./PayoutPages'));
const PayoutSetupPage = pages('PayoutSetupPage');
const PayoutFinishPage = pages('PayoutFinishPage');
const PayoutDashboardPage = pages('PayoutDashboardPage');
const TestOnboardingPage = pages('TestOnboardingPage');

const prefetchAccount = ({ trpc, queryClient }: PrefetchContext) =>
  prefetchSignedIn(() => queryClient.fetchQuery(partnerQueries(trpc).payoutAccount()));

/** Spec §2 Settings payout/setup, payout/stripe/finish and payout/dashboard, and the test-mode onboarding page. */
export const payoutRoutes: PageRoute[] = [
  signedInRoute(
    '/me/settings/payout/setup',
    'ShowMeSettingsPayoutSetup',
    'your payouts',
    { head: () => ({ title: texts.setupTitle }) },
    () => <PayoutSetupPage />,
    prefetchAccount,
  ),
  signedInRoute(
    '/me/settings/payout/stripe/finish',
    'ShowMeSettingsPayoutStripeFinish',
    'your payouts',
    { head: () => ({ title: texts.finishTitle }) },
    () => <PayoutFinishPage />,
    prefetchAccount,
  ),
  signedInRoute(
    '/me/settings/payout/dashboard',
    'ShowMeSettingsPayoutDashboard',
    'your payouts',
    { head: () => ({ title: texts.dashboardTitle }) },
    () => <PayoutDashboardPage />,
    prefetchAccount,
  ),
  signedInRoute(
    '/payout/test-onboarding',
    'ShowPayoutTestOnboarding',
    'your payouts',
    { head: () => ({ title: texts.testOnboardingTitle }) },
    ({ query }) => <TestOnboardingPage accountId={query.get('account') ?? ''} />,
    prefetchAccount,
  ),
];
