import { earningsTexts as texts } from '@quire/domain';
import { SignInToSee } from '../../components/SignInToSee';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { NotFoundPage } from '../NotFoundPage';
import { profileUsername } from '../page-params';
import { partnerDashboardQueries } from './partner-dashboard-queries';

// The dashboard loads on demand (see lib/lazy-page.tsx): only Partner Program writers open it.
const pages = lazyPages(
  'src/pages/partner-dashboard/PartnerDashboardPage.tsx',
  () => import('./PartnerDashboardPage'),
);
const PartnerDashboardPage = pages('PartnerDashboardPage');

/** What a visitor is asked to sign in to see. */
const WHAT = 'your Partner Program dashboard';

/** The dashboard, loaded with the page: a visitor is asked to sign in, anyone but the writer gets the 404 page. */
const prefetchDashboard = (ctx: PrefetchContext, username: string | null) =>
  prefetchSignedIn(() => ctx.queryClient.fetchQuery(partnerDashboardQueries(ctx.trpc).dashboard(username)));

/** Spec §2 /me/partner/dashboard and /@{username}/partner/dashboard: the writer's own earnings. */
export const partnerDashboardRoutes: PageRoute[] = [
  signedInRoute(
    '/me/partner/dashboard',
    'ShowPartnerDashboard',
    WHAT,
    { head: () => ({ title: texts.title }) },
    () => <PartnerDashboardPage username={null} />,
    (ctx) => prefetchDashboard(ctx, null),
  ),
  {
    path: '/:owner/partner/dashboard',
    name: 'ShowUserPartnerDashboard',
    render: ({ params, viewer }) => {
      const username = profileUsername(params.owner);
      if (!username) return <NotFoundPage />;
      if (!viewer) return <SignInToSee what={WHAT} redirect={`/@${username}/partner/dashboard`} />;
      return <PartnerDashboardPage username={username} />;
    },
    prefetch: async (ctx, params) => {
      const username = profileUsername(params.owner);
      return username ? prefetchDashboard(ctx, username) : 404;
    },
    head: () => ({ title: texts.title }),
  },
];
