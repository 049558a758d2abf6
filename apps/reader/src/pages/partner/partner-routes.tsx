import { partnerEnrollStepOf, partnerTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { NotFoundPage } from '../NotFoundPage';
import { partnerQueries } from './partner-queries';

// The Partner Program pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/partner/PartnerPages.tsx', () => import('./PartnerPages'));
const EnrollPage = pages('EnrollPage');
const UnenrollPage = pages('UnenrollPage');
const TaxesPage = pages('TaxesPage');
const PartnerInfoPage = pages('PartnerInfoPage');

const prefetchStatus = ({ trpc, queryClient }: PrefetchContext) =>
  prefetchSignedIn(() => queryClient.fetchQuery(partnerQueries(trpc).status()));

/** The public pages name the viewer's next step when signed in; a visitor's page is the same for everyone. */
async function prefetchInfo(ctx: PrefetchContext): Promise<number> {
  await ctx.queryClient.fetchQuery(partnerQueries(ctx.trpc).status()).catch(() => {});
  return 200;
}

/** A step of /me/partner/enroll/{step}: an unknown step is the 404 page. */
const enrollRoute = (path: string, name: string): PageRoute =>
  signedInRoute(
    path,
    name,
    'the Partner Program',
    { head: () => ({ title: texts.enrollTitle }) },
    ({ params }) => {
      const step = partnerEnrollStepOf(params.step);
      return step ? <EnrollPage step={step} /> : <NotFoundPage />;
    },
    (ctx, params) => (partnerEnrollStepOf(params.step) ? prefetchStatus(ctx) : Promise.resolve(404)),
  );

/** Spec §2 Partner program paths and Static /earn (the dashboard is the earnings pages'). */
export const partnerRoutes: PageRoute[] = [
  {
    path: '/m/partner-program',
    name: 'ShowMPartnerProgram',
    render: ({ viewer }) => <PartnerInfoPage kind="program" signedIn={!!viewer} />,
    prefetch: prefetchInfo,
    head: () => ({
      title: texts.infoTitle,
      description: texts.infoLead,
      canonicalPath: '/m/partner-program',
    }),
  },
  {
    path: '/earn',
    name: 'ShowEarnLanding',
    render: ({ viewer }) => <PartnerInfoPage kind="earn" signedIn={!!viewer} />,
    prefetch: prefetchInfo,
    head: () => ({ title: texts.earnTitle, description: texts.earnLead, canonicalPath: '/earn' }),
  },
  enrollRoute('/me/partner/enroll', 'ShowMePartnerEnroll'),
  enrollRoute('/me/partner/enroll/:step', 'ShowMePartnerEnrollByStep'),
  signedInRoute(
    '/me/partner/unenroll',
    'ShowMePartnerUnenroll',
    'the Partner Program',
    { head: () => ({ title: texts.unenrollTitle }) },
    () => <UnenrollPage />,
    prefetchStatus,
  ),
  signedInRoute(
    '/me/partner/taxes',
    'ShowMePartnerTaxes',
    'your tax information',
    { head: () => ({ title: texts.taxesTitle }) },
    () => <TaxesPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchQuery(partnerQueries(trpc).taxForms())),
  ),
];
