import {
  navigationTexts,
  PUBLICATION_STORY_FILTERS,
  type PublicationStoryFilter,
  publicationStoriesTexts as storiesTexts,
  publicationAdminTexts as texts,
} from '@quire/domain';
import type { ReactNode } from 'react';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageProps, PageRoute, PrefetchContext } from '../../routes';
import { domainQueries } from '../domains/domain-queries';
import { NotFoundPage } from '../NotFoundPage';
import { publicationStoriesQuery } from './publication-queries';

// The back office pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages(
  'src/pages/publication-admin/PublicationAdminPages.tsx',
  () => import('./PublicationAdminPages'),
);
const NewPublicationPage = pages('NewPublicationPage');
const PublicationPeoplePage = pages('PublicationPeoplePage');
const PublicationSettingsPage = pages('PublicationSettingsPage');
const PublicationFollowersSettingsPage = pages('PublicationFollowersSettingsPage');
const PublicationDomainPage = pages('PublicationDomainPage');
const PublicationStoriesPage = pages('PublicationStoriesPage');
const PublicationNavigationPage = pages('PublicationNavigationPage');
const FeaturePagesPage = pages('FeaturePagesPage');
const FeaturePageEditPage = pages('FeaturePageEditPage');

/** A tab of the publication's stories a path names (Published when it names none); null for an unknown one. */
const storyTab = (filterBy: string | undefined): PublicationStoryFilter | null => {
  const tab = filterBy ?? 'published';
  return (PUBLICATION_STORY_FILTERS as readonly string[]).includes(tab)
    ? (tab as PublicationStoryFilter)
    : null;
};

/** A route of the publication's stories: '/:owner/stories[/…]' or '/:owner/submissions', at a fixed tab or the path's. */
function storiesRoute(pattern: string, name: string, fixed?: PublicationStoryFilter): PageRoute {
  const tabOf = (params: Record<string, string | undefined>) => fixed ?? storyTab(params.filterBy);
  return signedInRoute(
    pattern,
    name,
    'the stories of this publication',
    {
      head: (ctx, params) => {
        const tab = tabOf(params);
        const page = tab
          ? ctx.queryClient.getQueryData(
              publicationStoriesQuery(ctx.trpc, slugOf(params.owner) ?? '', tab).queryKey,
            )?.pages[0]
          : undefined;
        const title = tab === 'submissions' ? storiesTexts.submissionsTitle : storiesTexts.title;
        return { title: page ? `${page.publication.name} – ${title}` : title };
      },
    },
    ({ params }) => {
      const tab = tabOf(params);
      return tab ? (
        <PublicationStoriesPage slug={slugOf(params.owner) ?? ''} filterBy={tab} />
      ) : (
        <NotFoundPage />
      );
    },
    async ({ trpc, queryClient }, params) => {
      const slug = slugOf(params.owner);
      const tab = tabOf(params);
      if (!slug || !tab) return 404;
      return prefetchSignedIn(() => queryClient.fetchInfiniteQuery(publicationStoriesQuery(trpc, slug, tab)));
    },
  );
}

/** A publication's slug from a '/:owner/…' path; a profile's ('@…') names no publication. */
const slugOf = (owner: string | undefined) => (owner && !owner.startsWith('@') ? owner : null);

/**
 * A back office page of a publication ('/:owner/{sub}'): for its editors (a visitor is asked to sign in, anyone
 * else gets the 404 page); the page's query loads first, and the title names the publication.
 */
function settingsRoute(
  sub: string,
  name: string,
  /** The title's text, by its key: the client build drops the head, and with it the texts. */
  title:
    | 'settingsTitle'
    | 'settingsAbout'
    | 'followersTitle'
    | 'customDomain'
    | 'navigationTitle'
    | 'featurePagesTitle',
  page: (slug: string, params: PageProps['params']) => ReactNode,
  load: (ctx: PrefetchContext, slug: string, params: PageProps['params']) => Promise<unknown>,
): PageRoute {
  return signedInRoute(
    `/:owner/${sub}`,
    name,
    'the settings of this publication',
    {
      head: (ctx, params) => {
        const slug = slugOf(params.owner) ?? '';
        const settings = ctx.queryClient.getQueryData(ctx.trpc.publications.settings.queryKey({ slug }));
        const label =
          title === 'navigationTitle' || title === 'featurePagesTitle'
            ? navigationTexts[title]
            : texts[title];
        return { title: settings ? `${settings.name} – ${label}` : label };
      },
    },
    ({ params }) => page(slugOf(params.owner) ?? '', params),
    async (ctx, params) => {
      const slug = slugOf(params.owner);
      return slug ? prefetchSignedIn(() => load(ctx, slug, params)) : 404;
    },
  );
}

const settingsQuery = (ctx: PrefetchContext, slug: string) =>
  ctx.queryClient.fetchQuery(ctx.trpc.publications.settings.queryOptions({ slug }));

/** The navigation settings (with the settings, for the title), which the navigation and feature page forms read. */
const navigationQuery = (ctx: PrefetchContext, slug: string) =>
  Promise.all([
    settingsQuery(ctx, slug),
    ctx.queryClient.fetchQuery(ctx.trpc.publications.navigation.queryOptions({ slug })),
  ]);

/** Spec §2 /new-publication and a publication's back office: its people and settings. */
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
  storiesRoute('/:owner/stories', 'ShowByCollectionSlugStories'),
  storiesRoute('/:owner/stories/:filterBy', 'ShowByCollectionSlugStoriesByFilterBy'),
  // The older client's 'load more' address of a tab shows the tab, which pages on.
  storiesRoute('/:owner/stories/:filterBy/loadMore', 'ShowByCollectionSlugStoriesByFilterByLoadMore'),
  storiesRoute('/:owner/stories/submissions', 'ShowByCollectionSlugStoriesSubmissions', 'submissions'),
  storiesRoute('/:owner/submissions', 'ShowByCollectionSlugSubmissions', 'submissions'),
  settingsRoute(
    'settings',
    'ShowByCollectionSlugSettings',
    'settingsTitle',
    (slug) => <PublicationSettingsPage slug={slug} />,
    settingsQuery,
  ),
  settingsRoute(
    'settings/about',
    'ShowByCollectionSlugSettingsAbout',
    'settingsAbout',
    (slug) => <PublicationSettingsPage slug={slug} about />,
    settingsQuery,
  ),
  settingsRoute(
    'settings/followers',
    'ShowByCollectionSlugSettingsFollowers',
    'followersTitle',
    (slug) => <PublicationFollowersSettingsPage slug={slug} />,
    settingsQuery,
  ),
  settingsRoute(
    'settings/navigation',
    'ShowByCollectionSlugSettingsNavigation',
    'navigationTitle',
    (slug) => <PublicationNavigationPage slug={slug} />,
    navigationQuery,
  ),
  settingsRoute(
    'settings/feature-pages',
    'ShowByCollectionSlugSettingsFeaturePages',
    'featurePagesTitle',
    (slug) => <FeaturePagesPage slug={slug} />,
    navigationQuery,
  ),
  settingsRoute(
    'settings/feature-pages/new',
    'ShowByCollectionSlugSettingsFeaturePagesNew',
    'featurePagesTitle',
    (slug) => <FeaturePageEditPage slug={slug} topicSlug={null} />,
    navigationQuery,
  ),
  settingsRoute(
    'settings/feature-pages/:topicSlug/edit',
    'ShowByCollectionSlugSettingsFeaturePagesByTopicSlugEdit',
    'featurePagesTitle',
    (slug, params) => <FeaturePageEditPage slug={slug} topicSlug={params.topicSlug ?? ''} />,
    async (ctx, slug, params) => {
      await navigationQuery(ctx, slug);
      await ctx.queryClient.fetchQuery(
        ctx.trpc.publications.featurePage.queryOptions({ slug, pageSlug: params.topicSlug ?? '' }),
      );
    },
  ),
  settingsRoute(
    'settings/custom-domain',
    'ShowByCollectionSlugSettingsCustomDomain',
    'customDomain',
    (slug) => <PublicationDomainPage slug={slug} />,
    async (ctx, slug) => {
      const settings = await settingsQuery(ctx, slug);
      await ctx.queryClient.fetchQuery(domainQueries(ctx.trpc).current(settings.id));
    },
  ),
];
