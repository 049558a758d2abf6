import { publicationDesignTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';

// The design page loads on demand (see lib/lazy-page.tsx): only people who run a publication load it.
const pages = lazyPages(
  'src/pages/publication-admin/PublicationDesignPage.tsx',
  () => import('./PublicationDesignPage'),
);
const PublicationDesignPage = pages('PublicationDesignPage');

/** What a visitor is asked to sign in to see. */
const WHAT = 'the design of this publication';

/** A publication's slug from a '/:owner/…' path; a profile's ('@…') names no publication. */
const slugOf = (owner: string | undefined) => (owner && !owner.startsWith('@') ? owner : null);

/** The design, loaded with the page: a visitor is asked to sign in, anyone but its editors gets the 404 page. */
const prefetchDesign = async (ctx: PrefetchContext, params: Record<string, string | undefined>) => {
  const slug = slugOf(params.owner);
  if (!slug) return 404;
  return prefetchSignedIn(() =>
    ctx.queryClient.fetchQuery(ctx.trpc.publicationDesign.get.queryOptions({ slug })),
  );
};

/** The publication's name, once its design is loaded (the head's title names it). */
const designedName = (ctx: PrefetchContext, owner: string | undefined) =>
  ctx.queryClient.getQueryData(ctx.trpc.publicationDesign.get.queryKey({ slug: slugOf(owner) ?? '' }))?.name;

/**
 * Spec §2 /{collectionSlug}/edit: the design page opened at its header. '/:owner/edit' is also the profile's
 * edit page, whose route (settings/account-routes.tsx) dispatches a publication's path here.
 */
export const publicationEditRoute: PageRoute = signedInRoute(
  '/:owner/edit',
  'ShowByCollectionSlugEdit',
  WHAT,
  {
    head: (ctx, params) => {
      const name = designedName(ctx, params.owner);
      return { title: name ? `${name} – ${texts.editTitle}` : texts.editTitle };
    },
  },
  ({ params }) => <PublicationDesignPage slug={slugOf(params.owner) ?? ''} section="header" />,
  prefetchDesign,
);

/** Spec §2 /{collectionSlug}/design and /styles: a publication's design, for its owner and editors. */
export const publicationDesignRoutes: PageRoute[] = [
  signedInRoute(
    '/:owner/design',
    'ShowByCollectionSlugDesign',
    WHAT,
    {
      head: (ctx, params) => {
        const name = designedName(ctx, params.owner);
        return { title: name ? `${name} – ${texts.designTitle}` : texts.designTitle };
      },
    },
    ({ params }) => <PublicationDesignPage slug={slugOf(params.owner) ?? ''} />,
    prefetchDesign,
  ),
  signedInRoute(
    '/:owner/styles',
    'ShowByCollectionSlugStyles',
    WHAT,
    {
      head: (ctx, params) => {
        const name = designedName(ctx, params.owner);
        return { title: name ? `${name} – ${texts.stylesTitle}` : texts.stylesTitle };
      },
    },
    ({ params }) => <PublicationDesignPage slug={slugOf(params.owner) ?? ''} />,
    prefetchDesign,
  ),
];
