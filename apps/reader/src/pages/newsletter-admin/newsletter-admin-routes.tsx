import { newsletterAdminTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';
import { NotFoundPage } from '../NotFoundPage';
import { newsletterAdminQueries } from './newsletter-admin-queries';

// The back office pages load on demand (see lib/lazy-page.tsx); the compose page's editor loads after it.
const pages = lazyPages(
  'src/pages/newsletter-admin/NewsletterAdminPages.tsx',
  () => import('./NewsletterAdminPages'),
);
const NewNewsletterPage = pages('NewNewsletterPage');
const NewsletterSettingsPage = pages('NewsletterSettingsPage');
const subscriberPages = lazyPages(
  'src/pages/newsletter-admin/SubscriberPages.tsx',
  () => import('./SubscriberPages'),
);
const ImportSubscribersPage = subscriberPages('ImportSubscribersPage');
const ConfirmExportPage = subscriberPages('ConfirmExportPage');
const ComposePage = lazyPages(
  'src/pages/newsletter-admin/ComposePage.tsx',
  () => import('./ComposePage'),
)('ComposePage');

/** A publication's slug from a '/:owner/…' path; a profile's ('@…') names no publication. */
const slugOf = (owner: string | undefined) => (owner && !owner.startsWith('@') ? owner : null);

/** The newsletter a /me/subscribers page names with ?newsletter=, or null for the viewer's own. */
const namedNewsletter = (query: URLSearchParams) => {
  const id = query.get('newsletter');
  return id && /^[0-9a-f]{8,16}$/.test(id) ? id : null;
};

/**
 * Spec §2 a newsletter's back office: /{collectionSlug}/new-newsletter, its settings, composing an email, and
 * importing and exporting subscribers. Signed in only; to anyone who does not manage it, a 404.
 */
export const newsletterAdminRoutes: PageRoute[] = [
  signedInRoute(
    '/:owner/new-newsletter',
    'ShowByCollectionSlugNewNewsletter',
    'a new newsletter',
    { head: () => ({ title: texts.newTitle }) },
    ({ params }) => {
      const slug = slugOf(params.owner);
      return slug ? <NewNewsletterPage slug={slug} /> : <NotFoundPage />;
    },
    async ({ trpc, queryClient }, params) => {
      const slug = slugOf(params.owner);
      if (!slug) return 404;
      return prefetchSignedIn(() =>
        queryClient.fetchQuery(newsletterAdminQueries(trpc).forPublication(slug)),
      );
    },
  ),
  signedInRoute(
    '/:owner/newsletters/:newsletterSlug/settings',
    'ShowByCollectionSlugNewslettersByNewsletterSlugSettings',
    'the settings of this newsletter',
    {
      head: (ctx, params) => {
        const data = ctx.queryClient.getQueryData(
          newsletterAdminQueries(ctx.trpc).settings(slugOf(params.owner) ?? '', params.newsletterSlug ?? '')
            .queryKey,
        );
        return { title: data ? `${data.name} – ${texts.settingsTitle}` : texts.settingsTitle };
      },
    },
    ({ params }) => {
      const slug = slugOf(params.owner);
      return slug ? (
        <NewsletterSettingsPage slug={slug} newsletterSlug={params.newsletterSlug ?? ''} />
      ) : (
        <NotFoundPage />
      );
    },
    async ({ trpc, queryClient }, params) => {
      const slug = slugOf(params.owner);
      if (!slug) return 404;
      return prefetchSignedIn(() =>
        queryClient.fetchQuery(newsletterAdminQueries(trpc).settings(slug, params.newsletterSlug ?? '')),
      );
    },
  ),
  signedInRoute(
    '/newsletters/:newsletterId/new-email',
    'ShowNewslettersByNewsletterV3IdNewEmail',
    'a new email',
    { head: () => ({ title: texts.composeTitle }) },
    ({ params }) => <ComposePage newsletterId={params.newsletterId ?? ''} />,
    ({ trpc, queryClient }, params) =>
      prefetchSignedIn(() =>
        queryClient.fetchQuery(newsletterAdminQueries(trpc).compose(params.newsletterId ?? '')),
      ),
  ),
  signedInRoute(
    '/me/subscribers/import',
    'ShowMeSubscribersImport',
    'your subscribers',
    { head: () => ({ title: texts.importTitle }) },
    ({ query }) => <ImportSubscribersPage newsletterId={namedNewsletter(query)} />,
    ({ trpc, queryClient, query }) =>
      prefetchSignedIn(() =>
        queryClient.fetchQuery(newsletterAdminQueries(trpc).target(namedNewsletter(query))),
      ),
  ),
  signedInRoute(
    '/me/subscribers/confirm-export',
    'ShowMeSubscribersConfirmExport',
    'your subscribers',
    { head: () => ({ title: texts.exportTitle }) },
    ({ query }) => <ConfirmExportPage newsletterId={namedNewsletter(query)} />,
    ({ trpc, queryClient, query }) =>
      prefetchSignedIn(() =>
        queryClient.fetchQuery(newsletterAdminQueries(trpc).target(namedNewsletter(query))),
      ),
  ),
];
