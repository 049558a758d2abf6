import { CREATE_SUBDOMAIN_PATH, CUSTOM_DOMAIN_PATH, customDomainTexts, subdomainTexts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';
import { domainQueries } from './domain-queries';

// The domain pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/domains/DomainPages.tsx', () => import('./DomainPages'));
const CustomDomainPage = pages('CustomDomainPage');
const CreateSubdomainPage = pages('CreateSubdomainPage');

/** Spec §2 /me/settings/custom-domain and /me/create-subdomain: the profile's own domain and subdomain. */
export const domainRoutes: PageRoute[] = [
  signedInRoute(
    CUSTOM_DOMAIN_PATH,
    'ShowMeSettingsCustomDomain',
    'your custom domain',
    { head: () => ({ title: customDomainTexts.title }) },
    () => <CustomDomainPage />,
    ({ trpc, queryClient }) => prefetchSignedIn(() => queryClient.fetchQuery(domainQueries(trpc).current())),
  ),
  signedInRoute(
    CREATE_SUBDOMAIN_PATH,
    'ShowMeCreateSubdomain',
    'your subdomain',
    { head: () => ({ title: subdomainTexts.title }) },
    () => <CreateSubdomainPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchQuery(domainQueries(trpc).subdomain())),
  ),
];
