import { onboardingTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';

// The onboarding pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/onboarding/OnboardingPages.tsx', () => import('./OnboardingPages'));
const GetStartedPage = pages('GetStartedPage');
const GettingStartedPage = pages('GettingStartedPage');
const WelcomePage = pages('WelcomePage');
const CustomizeTopicsPage = pages('CustomizeTopicsPage');
const SuspendedPage = pages('SuspendedPage');
const NotAvailablePage = pages('NotAvailablePage');

/** A same-site path from the query (never another origin). */
const returnTo = (query: URLSearchParams) => {
  const redirect = query.get('redirect');
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
};

const prefetchTopics = ({ trpc, queryClient }: PrefetchContext) =>
  prefetchSignedIn(() => queryClient.fetchQuery(trpc.onboarding.topics.queryOptions()));
const prefetchWriters = ({ trpc, queryClient }: PrefetchContext) =>
  prefetchSignedIn(() => queryClient.fetchQuery(trpc.onboarding.writers.queryOptions()));

/** A page anyone may see, with nothing to load. */
const plainRoute = (path: string, name: string, title: string, render: PageRoute['render']): PageRoute => ({
  path,
  name,
  render,
  prefetch: async () => 200,
  head: () => ({ title }),
});

/** Spec §2 Account and auth: the onboarding steps and the account status pages. */
export const onboardingRoutes: PageRoute[] = [
  signedInRoute(
    '/get-started',
    'ShowGetStarted',
    'your topics',
    { head: () => ({ title: texts.topicsTitle('') }) },
    ({ viewer, query }) => <GetStartedPage name={viewer?.name ?? ''} redirect={returnTo(query)} />,
    prefetchTopics,
  ),
  signedInRoute(
    '/m/getting-started',
    'ShowMGettingStarted',
    'writers to follow',
    { head: () => ({ title: texts.writersTitle }) },
    ({ query }) => <GettingStartedPage redirect={returnTo(query)} />,
    prefetchWriters,
  ),
  signedInRoute(
    '/welcome',
    'ShowWelcome',
    'your welcome',
    { head: () => ({ title: texts.welcomeTitle }) },
    ({ query }) => <WelcomePage redirect={returnTo(query)} />,
    async () => 200,
  ),
  signedInRoute(
    '/customize-topics',
    'ShowCustomizeTopics',
    'your topics',
    { head: () => ({ title: texts.customizeTitle }) },
    () => <CustomizeTopicsPage />,
    prefetchTopics,
  ),
  plainRoute('/suspended', 'ShowSuspended', texts.suspendedTitle, () => <SuspendedPage />),
  plainRoute('/not-available', 'ShowNotAvailable', texts.notAvailableTitle, () => <NotAvailablePage />),
];
