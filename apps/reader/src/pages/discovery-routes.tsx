import {
  archiveRange,
  isTopTimePeriod,
  parseMonthDayYearSlug,
  profileMenuTexts,
  type TopTimePeriod,
} from '@quire/domain';
import type { ReactNode } from 'react';
import { type ArchiveParams, discoveryQueries } from '../lib/discovery-queries';
import {
  type PageHead,
  type PageProps,
  type PageRoute,
  type PrefetchContext,
  prefetchPublication,
  showUser,
  statusOf,
} from '../routes';
import { discoveryPageTexts, TopicsPage, TopStoriesPage, TrendingPage } from './DiscoveryPages';
import { NotFoundPage } from './NotFoundPage';
import { profileUsername } from './ProfilePage';
import {
  ProfileAboutPage,
  ProfileHighlightsPage,
  ProfileListPage,
  ProfileListsPage,
  ProfilePeoplePage,
  ProfileRecommendedPage,
  ProfileResponsesPage,
} from './ProfileSubPages';
import { PublicationPage } from './PublicationPage';
import {
  PublicationAboutPage,
  PublicationArchivePage,
  PublicationFollowersPage,
  PublicationTaggedPage,
  PublicationTrendingPage,
} from './PublicationSubPages';
import { TagArchivePage, TagTopPage, TagTopWritersPage } from './TagSubPages';

/*
 * Spec §2 Paths: the discovery pages. React-router params are whole path segments, so /@ada/about and
 * /engine-room/about both match '/:owner/about': an owner route dispatches on the '@' to the profile's page or
 * the publication's (a page only one of them has answers 404 for the other).
 */

type Params = PageProps['params'];
type Queries = ReturnType<typeof discoveryQueries>;

const queries = (ctx: PrefetchContext) => discoveryQueries(ctx.trpc);

// ── Profiles ────────────────────────────────────────────────────────────────────────────────

const profileOf = (ctx: PrefetchContext, username: string) =>
  ctx.queryClient.getQueryData(ctx.trpc.profiles.byUsername.queryKey({ username }));

/** The profile header's query, then the page's own: 404 when either says the thing is missing. */
async function prefetchProfilePage(
  ctx: PrefetchContext,
  username: string | null,
  load: (q: Queries, username: string) => Promise<unknown>,
): Promise<number> {
  if (!username) return 404;
  const status = await statusOf(
    ctx.queryClient.fetchQuery(ctx.trpc.profiles.byUsername.queryOptions({ username })),
  );
  return status === 200 ? statusOf(load(queries(ctx), username)) : status;
}

/** A /@{username}/{subPath} page, titled '{name} – {label}'. */
function profileRoute(
  path: string,
  name: string,
  label: string,
  render: (username: string, params: Params) => ReactNode,
  load: (q: Queries, username: string, params: Params, ctx: PrefetchContext) => Promise<unknown>,
): PageRoute {
  return {
    path,
    name,
    render: ({ params }) => {
      const username = profileUsername(params.owner);
      return username ? render(username, params) : <NotFoundPage />;
    },
    prefetch: (ctx, params) =>
      prefetchProfilePage(ctx, profileUsername(params.owner), (q, username) =>
        load(q, username, params, ctx),
      ),
    head: (ctx, params) => {
      const user = profileOf(ctx, profileUsername(params.owner) ?? '');
      return user ? { title: `${user.name} – ${label}` } : {};
    },
  };
}

const infinite = (ctx: PrefetchContext) => ctx.queryClient.fetchInfiniteQuery.bind(ctx.queryClient);

const profileAbout = profileRoute(
  '/:owner/about',
  'ShowUserAbout',
  'About',
  (username) => <ProfileAboutPage username={username} />,
  (q, username, _p, ctx) => ctx.queryClient.fetchQuery(q.profileAbout(username)),
);

const profileFollowers = profileRoute(
  '/:owner/followers',
  'ShowUserFollowers',
  'Followers',
  (username) => <ProfilePeoplePage username={username} which="followers" />,
  (q, username, _p, ctx) => infinite(ctx)(q.profileFollowers(username)),
);

const profileFollowing = profileRoute(
  '/:owner/following',
  'ShowUserFollowing',
  'Following',
  (username) => <ProfilePeoplePage username={username} which="following" />,
  (q, username, _p, ctx) => infinite(ctx)(q.profileFollowing(username)),
);

const profileResponses = profileRoute(
  '/:owner/responses',
  'ShowUserResponses',
  'Responses',
  (username) => <ProfileResponsesPage username={username} />,
  (q, username, _p, ctx) => infinite(ctx)(q.profileResponses(username)),
);

/** Spec §2 has both /has-recommended and /recommended: the stories the writer clapped for. */
const recommendedRoute = (path: string, name: string) =>
  profileRoute(
    path,
    name,
    'Recommended',
    (username) => <ProfileRecommendedPage username={username} />,
    (q, username, _p, ctx) => infinite(ctx)(q.profileRecommended(username)),
  );
const profileHasRecommended = recommendedRoute('/:owner/has-recommended', 'ShowUserHasRecommended');
const profileRecommended = recommendedRoute('/:owner/recommended', 'ShowUserRecommended');

const profileHighlights = profileRoute(
  '/:owner/highlights',
  'ShowUserHighlights',
  'Highlights',
  (username) => <ProfileHighlightsPage username={username} />,
  (q, username, _p, ctx) => infinite(ctx)(q.profileHighlights(username)),
);

const profileLists = profileRoute(
  '/:owner/lists',
  'ShowUserLists',
  'Lists',
  (username) => <ProfileListsPage username={username} />,
  (q, username, _p, ctx) => infinite(ctx)(q.profileLists(username)),
);

const profileList: PageRoute = {
  ...profileRoute(
    '/:owner/list/:catalogSlugId',
    'ShowUserList',
    'List',
    (username, params) => <ProfileListPage username={username} catalogSlugId={params.catalogSlugId ?? ''} />,
    (q, username, params, ctx) =>
      Promise.all([
        ctx.queryClient.fetchQuery(q.profileList(username, params.catalogSlugId ?? '')),
        infinite(ctx)(q.profileListItems(username, params.catalogSlugId ?? '')),
      ]),
  ),
  head: (ctx, params) => {
    const username = profileUsername(params.owner) ?? '';
    const user = profileOf(ctx, username);
    const list = ctx.queryClient.getQueryData(
      queries(ctx).profileList(username, params.catalogSlugId ?? '').queryKey,
    );
    return user && list ? { title: `${list.name} – ${user.name}` } : {};
  },
};

// ── Publications ────────────────────────────────────────────────────────────────────────────

const publicationOf = (ctx: PrefetchContext, slug: string) =>
  ctx.queryClient.getQueryData(ctx.trpc.publications.home.infiniteQueryKey({ slug }))?.pages[0];

/** A /{collectionSlug}/{subPath} page: the publication's header first, then the page's own query. */
function publicationRoute(
  path: string,
  name: string,
  title: (publication: string, ctx: PrefetchContext, params: Params) => string,
  render: (slug: string, params: Params) => ReactNode,
  load?: (q: Queries, slug: string, params: Params, ctx: PrefetchContext) => Promise<unknown>,
): PageRoute {
  return {
    path,
    name,
    render: ({ params }) => render(params.owner ?? '', params),
    prefetch: async (ctx, params) => {
      const slug = params.owner ?? '';
      const status = await prefetchPublication(ctx, slug);
      if (status !== 200 || !load) return status;
      return statusOf(load(queries(ctx), slug, params, ctx));
    },
    head: (ctx, params): PageHead => {
      const publication = publicationOf(ctx, params.owner ?? '');
      return publication ? { title: title(publication.name, ctx, params) } : {};
    },
  };
}

const publicationLatest = publicationRoute(
  '/:owner/latest',
  'ShowByCollectionSlugLatest',
  (name) => name,
  (slug) => <PublicationPage slug={slug} />,
);

const publicationTrending = publicationRoute(
  '/:owner/trending',
  'ShowByCollectionSlugTrending',
  (name) => `${name} – Trending`,
  (slug) => <PublicationTrendingPage slug={slug} />,
  (q, slug, _p, ctx) => infinite(ctx)(q.publicationTrending(slug)),
);

const publicationAbout = publicationRoute(
  '/:owner/about',
  'ShowCollectionMasthead',
  (name) => profileMenuTexts.about(name),
  (slug) => <PublicationAboutPage slug={slug} />,
  (q, slug, _p, ctx) => ctx.queryClient.fetchQuery(q.publicationAbout(slug)),
);

const publicationFollowers = publicationRoute(
  '/:owner/followers',
  'ShowByCollectionSlugFollowers',
  (name) => `${name} – Followers`,
  (slug) => <PublicationFollowersPage slug={slug} />,
  (q, slug, _p, ctx) => infinite(ctx)(q.publicationFollowers(slug)),
);

const publicationTagged = publicationRoute(
  '/:owner/tagged/:tagSlug',
  'ShowCollectionTagged',
  (name, ctx, params) => {
    const tagged = ctx.queryClient.getQueryData(
      queries(ctx).publicationTagged(params.owner ?? '', params.tagSlug ?? '').queryKey,
    )?.pages[0];
    return tagged ? `${tagged.tag.name} – ${name}` : name;
  },
  (slug, params) => <PublicationTaggedPage slug={slug} tagSlug={params.tagSlug ?? ''} />,
  (q, slug, params, ctx) => infinite(ctx)(q.publicationTagged(slug, params.tagSlug ?? '')),
);

/** The archive segments of a path; null when they name no real date (the page is a 404). */
function archiveParams(params: Params): ArchiveParams | null {
  const { year, month, day } = params;
  if (!archiveRange(year, month, day)) return null;
  return { ...(year ? { year } : {}), ...(month ? { month } : {}), ...(day ? { day } : {}) };
}

/** The four archive depths, each under its own route-table name. */
const ARCHIVE_DEPTHS = [
  ['archive', 'Archive'],
  ['archive/:year', 'ArchiveByYear'],
  ['archive/:year/:month', 'ArchiveByYearByMonth'],
  ['archive/:year/:month/:day', 'ArchiveByYearByMonthByDay'],
] as const;

const publicationArchive = ARCHIVE_DEPTHS.map(([sub, suffix]) =>
  publicationRoute(
    `/:owner/${sub}`,
    `ShowByCollectionSlug${suffix}`,
    (name) => `${name} – Archive`,
    (slug, params) => {
      const at = archiveParams(params);
      return at ? <PublicationArchivePage slug={slug} at={at} /> : <NotFoundPage />;
    },
    (q, slug, params, ctx) => {
      const at = archiveParams(params);
      if (!at) return Promise.reject(new Error('no such date'));
      return Promise.all([
        ctx.queryClient.fetchQuery(q.publicationArchive(slug, at)),
        infinite(ctx)(q.publicationArchiveStories(slug, at)),
      ]);
    },
  ),
);

// ── Owner routes: a profile's or a publication's page on the same path ─────────────────────

/** What an owner path is when neither page applies: the 404 page (still under the owner path's shape). */
const missing = (path: string): PageRoute => ({
  path,
  name: 'NotFoundUnderOwner',
  render: () => <NotFoundPage />,
  prefetch: async () => 404,
});

function ownerRoute(
  path: string,
  forUser: () => PageRoute | null,
  forCollection: PageRoute | null,
): PageRoute {
  const none = missing(path);
  const pick = (params: Params) =>
    (profileUsername(params.owner) ? forUser() : params.owner?.startsWith('@') ? null : forCollection) ??
    none;
  return {
    path,
    name: 'Owner',
    dispatch: pick,
    render: (props) => pick(props.params).render(props),
    prefetch: (ctx, params) => pick(params).prefetch?.(ctx, params) ?? Promise.resolve(200),
    head: (ctx, params) => pick(params).head?.(ctx, params) ?? {},
  };
}

const ownerRoutes: PageRoute[] = [
  // The profile's latest is the profile page itself (routes.tsx); looked up late, as routes.tsx loads this file.
  ownerRoute('/:owner/latest', () => showUser, publicationLatest),
  ownerRoute('/:owner/about', () => profileAbout, publicationAbout),
  ownerRoute('/:owner/followers', () => profileFollowers, publicationFollowers),
  ownerRoute('/:owner/following', () => profileFollowing, null),
  ownerRoute('/:owner/responses', () => profileResponses, null),
  ownerRoute('/:owner/has-recommended', () => profileHasRecommended, null),
  ownerRoute('/:owner/recommended', () => profileRecommended, null),
  ownerRoute('/:owner/highlights', () => profileHighlights, null),
  ownerRoute('/:owner/lists', () => profileLists, null),
  ownerRoute('/:owner/list/:catalogSlugId', () => profileList, null),
  ownerRoute('/:owner/trending', () => null, publicationTrending),
  ownerRoute('/:owner/tagged/:tagSlug', () => null, publicationTagged),
  ...publicationArchive.map((route) => ownerRoute(route.path, () => null, route)),
];

// ── Tags ────────────────────────────────────────────────────────────────────────────────────

const tagOf = (ctx: PrefetchContext, slug: string) =>
  ctx.queryClient.getQueryData(ctx.trpc.topics.bySlug.queryKey({ slug }));

/**
 * A /tag/{tagSlug}/{subPath} page: the tag's header first, then the page's own query. `load` gives the page's
 * loader, or null when the path's other params name nothing (an unknown time period, a date that is not one).
 */
function tagRoute(
  path: string,
  name: string,
  label: string,
  render: (slug: string, params: Params) => ReactNode,
  load: (q: Queries, slug: string, params: Params, ctx: PrefetchContext) => (() => Promise<unknown>) | null,
): PageRoute {
  return {
    path,
    name,
    render: ({ params }) => render(params.tagSlug ?? '', params),
    prefetch: async (ctx, params) => {
      const slug = params.tagSlug ?? '';
      const own = load(queries(ctx), slug, params, ctx);
      if (!own) return 404;
      const header = await statusOf(
        ctx.queryClient.fetchQuery(ctx.trpc.topics.bySlug.queryOptions({ slug })),
      );
      return header === 200 ? statusOf(own()) : header;
    },
    head: (ctx, params) => {
      const tag = tagOf(ctx, params.tagSlug ?? '');
      return tag ? { title: `${tag.name} – ${label}` } : {};
    },
  };
}

const topPeriod = (params: Params): TopTimePeriod | null =>
  isTopTimePeriod(params.timePeriod) ? params.timePeriod : null;

const tagRoutes: PageRoute[] = [
  tagRoute(
    '/tag/:tagSlug/top/:timePeriod',
    'ShowTagByTagSlugTopByTimePeriod',
    'Top stories',
    (slug, params) => {
      const period = topPeriod(params);
      return period ? <TagTopPage slug={slug} timePeriod={period} /> : <NotFoundPage />;
    },
    (q, slug, params, ctx) => {
      const period = topPeriod(params);
      return period ? () => infinite(ctx)(q.tagTop(slug, period)) : null;
    },
  ),
  tagRoute(
    '/tag/:tagSlug/top-writers',
    'ShowTagByTagSlugTopWriters',
    'Top writers',
    (slug) => <TagTopWritersPage slug={slug} />,
    (q, slug, _p, ctx) => () => infinite(ctx)(q.tagTopWriters(slug)),
  ),
  ...ARCHIVE_DEPTHS.map(([sub, suffix]) =>
    tagRoute(
      `/tag/:tagSlug/${sub}`,
      `ShowTagByTagSlug${suffix}`,
      'Archive',
      (slug, params) => {
        const at = archiveParams(params);
        return at ? <TagArchivePage slug={slug} at={at} /> : <NotFoundPage />;
      },
      (q, slug, params, ctx) => {
        const at = archiveParams(params);
        if (!at) return null;
        return () =>
          Promise.all([
            ctx.queryClient.fetchQuery(q.tagArchive(slug, at)),
            infinite(ctx)(q.tagArchiveStories(slug, at)),
          ]);
      },
    ),
  ),
];

// ── /topics, /trending, /top-stories ────────────────────────────────────────────────────────

/** '/top-stories/{monthDayYearSlug}' names a day only when its slug is one ('november-21-2026'). */
const daySlug = (params: Params) => params.monthDayYearSlug ?? null;

const topStoriesRoute = (path: string, name: string, routeName: 'top-stories' | 'browse'): PageRoute => ({
  path,
  name,
  render: ({ params }) => <TopStoriesPage day={daySlug(params)} routeName={routeName} />,
  prefetch: (ctx, params) => {
    const day = daySlug(params);
    if (day && !parseMonthDayYearSlug(day)) return Promise.resolve(404);
    return statusOf(ctx.queryClient.fetchInfiniteQuery(queries(ctx).topStories(day)));
  },
  head: (ctx, params) => {
    const page = ctx.queryClient.getQueryData(queries(ctx).topStories(daySlug(params)).queryKey)?.pages[0];
    return {
      title: page ? `${discoveryPageTexts.topStories} – ${page.day.label}` : discoveryPageTexts.topStories,
    };
  },
});

const homeRoutes: PageRoute[] = [
  {
    path: '/topics',
    name: 'ShowTopics',
    render: () => <TopicsPage />,
    prefetch: (ctx) => statusOf(ctx.queryClient.fetchInfiniteQuery(queries(ctx).topics())),
    head: () => ({ title: discoveryPageTexts.topics }),
  },
  {
    path: '/trending',
    name: 'ShowTrending',
    render: () => <TrendingPage />,
    prefetch: (ctx) => statusOf(ctx.queryClient.fetchInfiniteQuery(queries(ctx).trending())),
    head: () => ({ title: discoveryPageTexts.trending }),
  },
  topStoriesRoute('/top-stories', 'ShowTopStories', 'top-stories'),
  topStoriesRoute('/top-stories/:monthDayYearSlug', 'ShowTopStoriesByMonthDayYearSlug', 'top-stories'),
  topStoriesRoute('/browse/top', 'ShowBrowseTop', 'browse'),
  topStoriesRoute('/browse/top/:monthDayYearSlug', 'ShowBrowseTopByMonthDayYearSlug', 'browse'),
];

/** Spec §2 Paths: profile, publication and tag sub-pages, /topics, /trending and /top-stories. */
export const discoveryRoutes: PageRoute[] = [...ownerRoutes, ...tagRoutes, ...homeRoutes];
