import { OAUTH_AUTHORIZE_PATH, oauthAppTexts, oauthConsentTexts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';
import { authorizeQueryOf, developerAppQueries } from './developer-apps-queries';

// The application pages and the consent screen load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/developer-apps/ApplicationPages.tsx', () => import('./ApplicationPages'));
const ApplicationsPage = pages('ApplicationsPage');
const NewApplicationPage = pages('NewApplicationPage');
const ApplicationPage = pages('ApplicationPage');
const consentPages = lazyPages('src/pages/developer-apps/ConsentPage.tsx', () => import('./ConsentPage'));
const ConsentPage = consentPages('ConsentPage');

/**
 * Spec §2 /me/applications[/new|/{oauthApplicationId}] (a user's OAuth applications; another user's id is a 404)
 * and /m/oauth/authorize (the consent screen; a visitor signs in and comes back to the same request).
 */
export const developerAppRoutes: PageRoute[] = [
  signedInRoute(
    '/me/applications',
    'ShowMeApplications',
    'your applications',
    { head: () => ({ title: oauthAppTexts.title }) },
    () => <ApplicationsPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchQuery(developerAppQueries(trpc).list())),
  ),
  signedInRoute(
    '/me/applications/new',
    'ShowMeApplicationsNew',
    'your applications',
    { head: () => ({ title: oauthAppTexts.newTitle }) },
    () => <NewApplicationPage />,
    async () => 200,
  ),
  signedInRoute(
    '/me/applications/:oauthApplicationId',
    'ShowMeApplicationsByOauthApplicationId',
    'your application',
    { head: () => ({ title: oauthAppTexts.title }) },
    ({ params }) => <ApplicationPage applicationId={params.oauthApplicationId ?? ''} />,
    ({ trpc, queryClient }, params) =>
      prefetchSignedIn(() =>
        queryClient.fetchQuery(developerAppQueries(trpc).byId(params.oauthApplicationId ?? '')),
      ),
  ),
  {
    path: OAUTH_AUTHORIZE_PATH,
    name: 'AcctMOauthAuthorize',
    render: ({ viewer, query }) => <ConsentPage query={query} username={viewer?.username ?? null} />,
    // An unknown client or redirect URI (or a malformed request) is a 400 page; the rest is the consent screen.
    prefetch: async ({ trpc, queryClient, query }) => {
      try {
        const consent = await queryClient.fetchQuery(
          developerAppQueries(trpc).consent(authorizeQueryOf(query)),
        );
        return consent.kind === 'invalid' ? 400 : 200;
      } catch {
        return 400;
      }
    },
    head: () => ({ title: oauthConsentTexts.title }),
  },
];
