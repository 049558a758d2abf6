import {
  archiveRange,
  isTopTimePeriod,
  listTexts,
  type PageFeed,
  pageFeeds,
  parseMonthDayYearSlug,
  profileMenuTexts,
  shareChannelOf,
  shareTexts,
  type TopTimePeriod,
} from '@quire/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { discoveryTabTexts } from '../components/DiscoveryTabs';
import { type ArchiveParams, discoveryQueries } from '../lib/discovery-queries';
import { lazyPage, lazyPages } from '../lib/lazy-page';
import {
  type PageHead,
  type PageProps,
  type PageRoute,
  type PrefetchContext,
  prefetchPublication,
  showUser,
  statusOf,
} from '../routes';
import { NotFoundPage } from './NotFoundPage';
import { discoveryPageTexts, profileUsername } from './page-params';

// The discovery pages load on demand (see lib/lazy-page.tsx), a module's pages together.
const discovery = lazyPages('src/pages/DiscoveryPages.tsx', () => import('./DiscoveryPages'));
const profileSub = lazyPages('src/pages/ProfileSubPages.tsx', () => import('./ProfileSubPages'));
const publicationSub = lazyPages('src/pages/PublicationSubPages.tsx', () => import('./PublicationSubPages'));
const tagSub = lazyPages('src/pages/TagSubPages.tsx', () => import('./TagSubPages'));
const listPage = lazyPages('src/pages/ListPage.tsx', () => import('./ListPage'));

const TopicsPage = discovery('TopicsPage');
const TopStoriesPage = discovery('TopStoriesPage');
const TrendingPage = discovery('TrendingPage');
const ProfileAboutPage = profileSub('ProfileAboutPage');
const ProfileHighlightsPage = profileSub('ProfileHighlightsPage');
export const ProfileListPage = listPage('ProfileListPage');
const CollectionsPage = listPage('CollectionsPage');
const ListSharePage = listPage('ListSharePage');
const CollectionListPage = listPage('CollectionListPage');
const ProfileListsPage = profileSub('ProfileListsPage');
const ProfilePeoplePage = profileSub('ProfilePeoplePage');
const ProfileRecommendedPage = profileSub('ProfileRecommendedPage');
const ProfileResponsesPage = profileSub('ProfileResponsesPage');
const ProfileSeriesPage = profileSub('ProfileSeriesPage');
const PublicationPage = lazyPage(
  'src/pages/PublicationPage.tsx',
  () => import('./PublicationPage'),
  (m) => m.PublicationPage,
);
const PublicationAboutPage = publicationSub('PublicationAboutPage');
const PublicationArchivePage = publicationSub('PublicationArchivePage');
const PublicationFollowersPage = publicationSub('PublicationFollowersPage');
const PublicationTaggedPage = publicationSub('PublicationTaggedPage');
const PublicationTrendingPage = publicationSub('PublicationTrendingPage');
const PublicationFeaturePage = publicationSub('PublicationFeaturePage');
const PublicationFeaturedPage = publicationSub('PublicationFeaturedPage');
const PublicationAllPage = publicationSub('PublicationAllPage');
const PublicationWriterPage = publicationSub('PublicationWriterPage');
const TagArchivePage = tagSub('TagArchivePage');
const TagTopPage = tagSub('TagTopPage');
const TagTopWritersPage = tagSub('TagTopWritersPage');

/*
 * Spec §2 Paths: the discovery pages. Route params are whole path segments, so /@ada/about and
 * /engine-room/about both match '/:owner/about': an owner route dispatches on the '@' to the profile's page or
 * the publication's (a page only one of them has answers 404 for the other).
 */

type Params = PageProps['params'];
type Queries = ReturnType<typeof discoveryQueries>;

const queries = (ctx: PrefetchContext) => discoveryQueries(ctx.trpc);

/** A page's queries and the two ways to fetch them into the request's cache. */
interface Fetch {
  q: Queries;
  one: QueryClient['fetchQuery'];
  many: QueryClient['fetchInfiniteQuery'];
}

const fetcher = (ctx: PrefetchContext): Fetch => ({
  q: queries(ctx),
  one: ctx.queryClient.fetchQuery.bind(ctx.queryClient),
  many: ctx.queryClient.fetchInfiniteQuery.bind(ctx.queryClient),
});

// ── Sub-pages of a profile, a publication or a tag ──────────────────────────────────────────

/** Whose sub-page a path is: the key the path names it by, and its header query (every sub-page shows it). */
interface Owner {
  /** A username or a slug; null when the path names no such thing. */
  key: (params: Params) => string | null;
  /** Loads the header's query: 200, or 404 when it says the thing is missing. */
  prefetch: (ctx: PrefetchContext, key: string) => Promise<number>;
  /** The loaded header's name, for the page's title. */
  nameOf: (ctx: PrefetchContext, key: string) => string | undefined;
  /** The loaded owner's RSS feed, linked from the page's head. */
  feedOf: (ctx: PrefetchContext, key: string) => PageFeed | undefined;
}

const profileOwner: Owner = {
  key: (params) => profileUsername(params.owner),
  prefetch: (ctx, username) =>
    statusOf(ctx.queryClient.fetchQuery(ctx.trpc.profiles.byUsername.queryOptions({ username }))),
  nameOf: (ctx, username) =>
    ctx.queryClient.getQueryData(ctx.trpc.profiles.byUsername.queryKey({ username }))?.name,
  feedOf: (ctx, username) => {
    const user = ctx.queryClient.getQueryData(ctx.trpc.profiles.byUsername.queryKey({ username }));
    return user && pageFeeds.user(user);
  },
};

const publicationOwner: Owner = {
  key: (params) => params.owner ?? '',
  // Called late: routes.tsx, which defines it, loads this file first.
  prefetch: (ctx, slug) => prefetchPublication(ctx, slug),
  nameOf: (ctx, slug) =>
    ctx.queryClient.getQueryData(ctx.trpc.publications.home.infiniteQueryKey({ slug }))?.pages[0]?.name,
  feedOf: (ctx, slug) => {
    const home = ctx.queryClient.getQueryData(ctx.trpc.publications.home.infiniteQueryKey({ slug }))
      ?.pages[0];
    return home && pageFeeds.publication(home);
  },
};

const tagOwner: Owner = {
  key: (params) => params.tagSlug ?? '',
  // The header with its related topics (spec §9 RELATED_TAGS), as on the tag's own page.
  prefetch: async (ctx, slug) => {
    const status = await statusOf(ctx.queryClient.fetchQuery(ctx.trpc.topics.bySlug.queryOptions({ slug })));
    if (status === 200) await ctx.queryClient.prefetchQuery(ctx.trpc.topics.related.queryOptions({ slug }));
    return status;
  },
  nameOf: (ctx, slug) => ctx.queryClient.getQueryData(ctx.trpc.topics.bySlug.queryKey({ slug }))?.name,
  feedOf: (ctx, slug) => {
    const tag = ctx.queryClient.getQueryData(ctx.trpc.topics.bySlug.queryKey({ slug }));
    return tag && pageFeeds.tag(tag);
  },
};

/** A sub-page: its path, route-table name, title (null: none yet), page and own queries. */
interface SubPage<P> {
  path: string;
  name: string;
  title: (ownerName: string, ctx: PrefetchContext, params: Params) => string | null;
  /** The page's own path params (a time period, a date); null when they name nothing, so the page is a 404. */
  parse?: (params: Params) => P | null;
  render: (key: string, own: P) => ReactNode;
  load?: (f: Fetch, key: string, own: P) => Promise<unknown>;
}

/** '{owner} – {label}', the title of most sub-pages. */
const titled = (label: string) => (ownerName: string) => `${ownerName} – ${label}`;

/** A sub-page route: 404 unless the path names the owner and the page; the owner's header loads first. */
function subPageRoute<P = Params>(owner: Owner, page: SubPage<P>): PageRoute {
  // Without its own parse a page takes the path's params whole: P is then Params, its default.
  const parse = (page.parse ?? ((params: Params) => params)) as (params: Params) => P | null;
  const resolve = (params: Params) => {
    const key = owner.key(params);
    const own = key === null ? null : parse(params);
    return key === null || own === null ? null : { key, own };
  };
  return {
    path: page.path,
    name: page.name,
    render: ({ params }) => {
      const at = resolve(params);
      return at ? page.render(at.key, at.own) : <NotFoundPage />;
    },
    prefetch: async (ctx, params) => {
      const at = resolve(params);
      if (!at) return 404;
      const header = await owner.prefetch(ctx, at.key);
      if (header !== 200 || !page.load) return header;
      return statusOf(page.load(fetcher(ctx), at.key, at.own));
    },
    head: (ctx, params): PageHead => {
      const key = owner.key(params) ?? '';
      const name = owner.nameOf(ctx, key);
      const title = name === undefined ? null : page.title(name, ctx, params);
      const feed = owner.feedOf(ctx, key);
      return { ...(title === null ? {} : { title }), ...(feed ? { feed } : {}) };
    },
  };
}

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

// ── Profiles ────────────────────────────────────────────────────────────────────────────────

/** A /@{username}/{sub} page titled '{name} – {label}'. */
const profilePage = (
  sub: string,
  name: string,
  label: string,
  render: (username: string) => ReactNode,
  load: (f: Fetch, username: string) => Promise<unknown>,
) => subPageRoute(profileOwner, { path: `/:owner/${sub}`, name, title: titled(label), render, load });

/** Spec §2 /@{username} sub-pages; its latest is the profile page itself (routes.tsx). */
const profilePages: PageRoute[] = [
  profilePage(
    'about',
    'ShowUserAbout',
    'About',
    (username) => <ProfileAboutPage username={username} />,
    ({ q, one }, username) => one(q.profileAbout(username)),
  ),
  profilePage(
    'followers',
    'ShowUserFollowers',
    'Followers',
    (username) => <ProfilePeoplePage username={username} which="followers" />,
    ({ q, many }, username) => many(q.profileFollowers(username)),
  ),
  profilePage(
    'following',
    'ShowUserFollowing',
    'Following',
    (username) => <ProfilePeoplePage username={username} which="following" />,
    ({ q, many }, username) => many(q.profileFollowing(username)),
  ),
  profilePage(
    'responses',
    'ShowUserResponses',
    'Responses',
    (username) => <ProfileResponsesPage username={username} />,
    ({ q, many }, username) => many(q.profileResponses(username)),
  ),
  // Spec §2 has both /has-recommended and /recommended: the stories the writer clapped for.
  ...(
    [
      ['has-recommended', 'ShowUserHasRecommended'],
      ['recommended', 'ShowUserRecommended'],
    ] as const
  ).map(([sub, name]) =>
    profilePage(
      sub,
      name,
      'Recommended',
      (username) => <ProfileRecommendedPage username={username} />,
      ({ q, many }, username) => many(q.profileRecommended(username)),
    ),
  ),
  profilePage(
    'highlights',
    'ShowUserHighlights',
    'Highlights',
    (username) => <ProfileHighlightsPage username={username} />,
    ({ q, many }, username) => many(q.profileHighlights(username)),
  ),
  profilePage(
    'series',
    'ShowUserSeries',
    discoveryTabTexts.series,
    (username) => <ProfileSeriesPage username={username} />,
    ({ q, one }, username) => one(q.profileSeries(username)),
  ),
  profilePage(
    'lists',
    'ShowUserLists',
    'Lists',
    (username) => <ProfileListsPage username={username} />,
    ({ q, many }, username) => many(q.profileLists(username)),
  ),
  subPageRoute(profileOwner, {
    path: '/:owner/list/:catalogSlugId',
    name: 'ShowUserList',
    title: (userName, ctx, params) => {
      const username = profileUsername(params.owner) ?? '';
      const list = ctx.queryClient.getQueryData(
        queries(ctx).profileList(username, params.catalogSlugId ?? '').queryKey,
      );
      return list ? `${list.name} – ${userName}` : null;
    },
    render: (username, params) => (
      <ProfileListPage username={username} catalogSlugId={params.catalogSlugId ?? ''} />
    ),
    load: ({ q, one, many }, username, params) =>
      Promise.all([
        one(q.profileList(username, params.catalogSlugId ?? '')),
        many(q.profileListItems(username, params.catalogSlugId ?? '')),
      ]),
  }),
  subPageRoute(profileOwner, {
    path: '/:owner/list/:catalogSlug/share/:channel',
    name: 'ShowUserListByCatalogSlugShareByChannel',
    // A channel the page does not know is a 404.
    parse: (params) => {
      const channel = shareChannelOf(params.channel ?? '');
      return channel ? { catalogSlugId: params.catalogSlug ?? '', channel } : null;
    },
    title: (_userName, ctx, params) => {
      const username = profileUsername(params.owner) ?? '';
      const list = ctx.queryClient.getQueryData(
        queries(ctx).profileList(username, params.catalogSlug ?? '').queryKey,
      );
      return list ? shareTexts.pageTitle(list.name) : null;
    },
    render: (username, own) => <ListSharePage username={username} {...own} />,
    load: async ({ q, one }, username, own) => {
      const list = await one(q.profileList(username, own.catalogSlugId));
      await one(q.listShareLinks(list.id));
    },
  }),
];

/**
 * Spec §2 /c/{collectionId}: a publication by its id. The server answers 301 to the publication's own address
 * (apps/server/src/publication-id-redirects.ts); the page is reached only for an id no publication has.
 */
const publicationById: PageRoute = {
  path: '/c/:collectionId',
  name: 'ShowCByCollectionId',
  render: () => <NotFoundPage />,
  prefetch: async () => 404,
};

// ── Publications ────────────────────────────────────────────────────────────────────────────

/**
 * Spec §2 /{collectionSlug}/{topicSlug}/home, a publication's feature page. routes.tsx lists it before the stats
 * pages: '/@{username}/audience/{details}' has its shape, and a feature page may be named 'audience'.
 */
export const publicationFeaturePageRoute: PageRoute = subPageRoute(publicationOwner, {
  path: '/:owner/:topicSlug/home',
  name: 'ShowByCollectionSlugByTopicSlugHome',
  title: (name, ctx, params) => {
    const page = ctx.queryClient.getQueryData(
      queries(ctx).publicationFeaturePage(params.owner ?? '', params.topicSlug ?? '').queryKey,
    );
    return page ? `${page.title} – ${name}` : name;
  },
  render: (slug, params) => <PublicationFeaturePage slug={slug} topicSlug={params.topicSlug ?? ''} />,
  load: ({ q, one }, slug, params) => one(q.publicationFeaturePage(slug, params.topicSlug ?? '')),
});

/** Spec §2 /{collectionSlug} sub-pages; its home is routes.tsx's. */
const publicationPages: PageRoute[] = [
  publicationById,
  subPageRoute(publicationOwner, {
    path: '/:owner/latest',
    name: 'ShowByCollectionSlugLatest',
    title: (name) => name,
    render: (slug) => <PublicationPage slug={slug} />,
  }),
  subPageRoute(publicationOwner, {
    path: '/:owner/trending',
    name: 'ShowByCollectionSlugTrending',
    title: titled('Trending'),
    render: (slug) => <PublicationTrendingPage slug={slug} />,
    load: ({ q, many }, slug) => many(q.publicationTrending(slug)),
  }),
  // The older client's address for the home's next stories: the home, which pages on.
  subPageRoute(publicationOwner, {
    path: '/:owner/load-more',
    name: 'ShowByCollectionSlugLoadMore',
    title: (name) => name,
    render: (slug) => <PublicationPage slug={slug} />,
  }),
  subPageRoute(publicationOwner, {
    path: '/:owner/featured',
    name: 'ShowByCollectionSlugFeatured',
    title: titled('Featured'),
    render: (slug) => <PublicationFeaturedPage slug={slug} />,
    load: ({ q, one }, slug) => one(q.publicationFeatured(slug)),
  }),
  ...(['/:owner/all', '/:owner/all/:page'] as const).map((path) =>
    subPageRoute<{ page: number }>(publicationOwner, {
      path,
      name: path.endsWith(':page') ? 'ShowByCollectionSlugAllByPage' : 'ShowByCollectionSlugAll',
      title: titled('All stories'),
      // A page number is a whole number from 1; anything else names no page.
      parse: (params) => {
        const page =
          params.page === undefined ? 1 : /^[1-9]\d{0,5}$/.test(params.page) ? Number(params.page) : null;
        return page === null ? null : { page };
      },
      render: (slug, { page }) => <PublicationAllPage slug={slug} page={page} />,
      load: ({ q, one }, slug, { page }) => one(q.publicationAll(slug, page)),
    }),
  ),
  subPageRoute(publicationOwner, {
    path: '/:owner/about',
    name: 'ShowCollectionMasthead',
    title: (name) => profileMenuTexts.about(name),
    render: (slug) => <PublicationAboutPage slug={slug} />,
    load: ({ q, one }, slug) => one(q.publicationAbout(slug)),
  }),
  subPageRoute(publicationOwner, {
    path: '/:owner/followers',
    name: 'ShowByCollectionSlugFollowers',
    title: titled('Followers'),
    render: (slug) => <PublicationFollowersPage slug={slug} />,
    load: ({ q, many }, slug) => many(q.publicationFollowers(slug)),
  }),
  subPageRoute(publicationOwner, {
    path: '/:owner/tagged/:tagSlug',
    name: 'ShowCollectionTagged',
    title: (name, ctx, params) => {
      const tagged = ctx.queryClient.getQueryData(
        queries(ctx).publicationTagged(params.owner ?? '', params.tagSlug ?? '').queryKey,
      )?.pages[0];
      return tagged ? `${tagged.tag.name} – ${name}` : name;
    },
    render: (slug, params) => <PublicationTaggedPage slug={slug} tagSlug={params.tagSlug ?? ''} />,
    load: ({ q, many }, slug, params) => many(q.publicationTagged(slug, params.tagSlug ?? '')),
  }),
  ...ARCHIVE_DEPTHS.map(([sub, suffix]) =>
    subPageRoute(publicationOwner, {
      path: `/:owner/${sub}`,
      name: `ShowByCollectionSlug${suffix}`,
      title: titled('Archive'),
      parse: archiveParams,
      render: (slug, at) => <PublicationArchivePage slug={slug} at={at} />,
      load: ({ q, one, many }, slug, at) =>
        Promise.all([one(q.publicationArchive(slug, at)), many(q.publicationArchiveStories(slug, at))]),
    }),
  ),
  // A writer's followers and following from within a publication: the profile's own lists (the publication must exist).
  ...(['followers', 'following'] as const).map((which) =>
    subPageRoute<{ username: string }>(publicationOwner, {
      path: `/:owner/:writer/${which}`,
      name: which === 'followers' ? 'ShowByCollectionSlugUserFollowers' : 'ShowByCollectionSlugUserFollowing',
      title: titled(which === 'followers' ? 'Followers' : 'Following'),
      parse: (params) => {
        const username = profileUsername(params.writer);
        return username ? { username } : null;
      },
      render: (_slug, { username }) => <ProfilePeoplePage username={username} which={which} />,
      load: ({ q, many }, _slug, { username }) =>
        many(which === 'followers' ? q.profileFollowers(username) : q.profileFollowing(username)),
    }),
  ),
];

/** The writer a '/{collectionSlug}/@{username}' path names; null for a story's path ('/@ada/@bob' names nothing). */
function writerInPublication(params: Params): { username: string } | null {
  const username = profileUsername(params.slug);
  return username && !params.owner?.startsWith('@') ? { username } : null;
}

/**
 * Spec §2 /{collectionSlug}/@{username}: a writer within a publication. Its path has the story route's shape
 * ('/:owner/:slug'), which dispatches here when the second segment names a profile (routes.tsx).
 */
export const publicationWriterRoute: PageRoute = subPageRoute(publicationOwner, {
  path: '/:owner/:slug',
  name: 'ShowByCollectionSlugUser',
  title: (name, ctx, params) => {
    const username = writerInPublication(params)?.username;
    const writer = username
      ? ctx.queryClient.getQueryData(queries(ctx).publicationWriter(params.owner ?? '', username).queryKey)
      : undefined;
    return writer ? `${writer.name} – ${name}` : name;
  },
  parse: writerInPublication,
  render: (slug, { username }) => <PublicationWriterPage slug={slug} username={username} />,
  load: ({ q, one, many }, slug, { username }) =>
    Promise.all([one(q.publicationWriter(slug, username)), many(q.publicationWriterStories(slug, username))]),
});

/** Whether a '/:owner/:slug' path is a publication's writer page rather than a story. */
export const isPublicationWriterPath = (params: Params) => writerInPublication(params) !== null;

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

const PROFILE_LATEST = '/:owner/latest';

/** Each owner path once: the profile's page and the publication's on it (either may be missing). */
const ownerRoutes: PageRoute[] = [
  ...new Set([PROFILE_LATEST, ...[...profilePages, ...publicationPages].map((route) => route.path)]),
].map((path) => {
  const forCollection = publicationPages.find((route) => route.path === path) ?? null;
  // The profile's latest is the profile page itself; looked up late, as routes.tsx loads this file.
  if (path === PROFILE_LATEST) return ownerRoute(path, () => showUser, forCollection);
  const forUser = profilePages.find((route) => route.path === path) ?? null;
  return ownerRoute(path, () => forUser, forCollection);
});

// ── Tags ────────────────────────────────────────────────────────────────────────────────────

const topPeriod = (params: Params): TopTimePeriod | null =>
  isTopTimePeriod(params.timePeriod) ? params.timePeriod : null;

/** Spec §2 /tag/{tagSlug} sub-pages; its latest is the topic page (routes.tsx). */
const tagRoutes: PageRoute[] = [
  subPageRoute(tagOwner, {
    path: '/tag/:tagSlug/top/:timePeriod',
    name: 'ShowTagByTagSlugTopByTimePeriod',
    title: titled('Top stories'),
    parse: topPeriod,
    render: (slug, period) => <TagTopPage slug={slug} timePeriod={period} />,
    load: ({ q, many }, slug, period) => many(q.tagTop(slug, period)),
  }),
  subPageRoute(tagOwner, {
    path: '/tag/:tagSlug/top-writers',
    name: 'ShowTagByTagSlugTopWriters',
    title: titled('Top writers'),
    render: (slug) => <TagTopWritersPage slug={slug} />,
    load: ({ q, many }, slug) => many(q.tagTopWriters(slug)),
  }),
  ...ARCHIVE_DEPTHS.map(([sub, suffix]) =>
    subPageRoute(tagOwner, {
      path: `/tag/:tagSlug/${sub}`,
      name: `ShowTagByTagSlug${suffix}`,
      title: titled('Archive'),
      parse: archiveParams,
      render: (slug, at) => <TagArchivePage slug={slug} at={at} />,
      load: ({ q, one, many }, slug, at) =>
        Promise.all([one(q.tagArchive(slug, at)), many(q.tagArchiveStories(slug, at))]),
    }),
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
    path: '/collections',
    name: 'ShowCollections',
    render: () => <CollectionsPage />,
    prefetch: (ctx) => statusOf(ctx.queryClient.fetchInfiniteQuery(queries(ctx).popularLists())),
    head: () => ({ title: listTexts.collectionsTitle }),
  },
  {
    path: '/collections/:catalogSlug',
    name: 'ShowCollectionsByCatalogSlug',
    render: ({ params }) => <CollectionListPage catalogSlugId={params.catalogSlug ?? ''} />,
    prefetch: async (ctx, params) => {
      const { q, one, many } = fetcher(ctx);
      try {
        const list = await one(q.listBySlugId(params.catalogSlug ?? ''));
        const username = list.creator.username;
        await Promise.all([
          ctx.queryClient.fetchQuery(ctx.trpc.profiles.byUsername.queryOptions({ username })),
          one(q.profileList(username, list.catalogSlugId)),
          many(q.profileListItems(username, list.catalogSlugId)),
        ]);
        return 200;
      } catch {
        return 404;
      }
    },
    head: (ctx, params) => {
      const list = ctx.queryClient.getQueryData(queries(ctx).listBySlugId(params.catalogSlug ?? '').queryKey);
      return list ? { title: `${list.name} – ${list.creator.name}` } : {};
    },
  },
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
