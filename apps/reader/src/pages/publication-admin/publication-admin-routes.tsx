import { publicationAdminTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';

// The back office pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages(
  'src/pages/publication-admin/PublicationAdminPages.tsx',
  () => import('./PublicationAdminPages'),
);
const NewPublicationPage = pages('NewPublicationPage');
const PublicationPeoplePage = pages('PublicationPeoplePage');

/** A publication's slug from a '/:owner/…' path; a profile's ('@…') names no publication. */
const slugOf = (owner: string | undefined) => (owner && !owner.startsWith('@') ? owner : null);

/** Spec §2 /new-publication and /{collectionSlug}/permissions: creating a publication and running its people. */
export const publicationAdminRoutes: PageRoute[] = [
  signedInRoute(
    '/new-publication',
    'ShowNewPublication',
    'a new publication',
    { head: () => ({ title: texts.createTitle }) },
    () => <NewPublicationPage />,
    async () => 200,
  ),
  signedInRoute(
    '/:owner/permissions',
    'ShowByCollectionSlugPermissions',
    'the people of this publication',
    {
      head: (ctx, params) => {
        const slug = slugOf(params.owner) ?? '';
        const people = ctx.queryClient.getQueryData(ctx.trpc.publications.people.queryKey({ slug }));
        return { title: people ? `${people.publication.name} – ${texts.peopleTitle}` : texts.peopleTitle };
      },
    },
    ({ params }) => <PublicationPeoplePage slug={slugOf(params.owner) ?? ''} />,
    async ({ trpc, queryClient }, params) => {
      const slug = slugOf(params.owner);
      if (!slug) return 404;
      return prefetchSignedIn(() => queryClient.fetchQuery(trpc.publications.people.queryOptions({ slug })));
    },
  ),
];
