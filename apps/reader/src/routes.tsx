import type { AppRouter } from '@quire/api';
import {
  authUiTexts,
  bookmarkTexts,
  clapTexts,
  type EdgeCachePage,
  highlightTexts,
  imageUrl,
  listTexts,
  noteTexts,
  type PageFeed,
  pageFeeds,
  parsePostId,
  quireRoutes,
  responseTexts,
  SERIES_FILTERS,
  type SeriesFilter,
  seriesTexts,
  shareChannelOf,
  shareTexts,
  storyInfoTexts,
  storyInfoView,
  topBarTexts,
} from '@quire/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { parse as parsePattern } from 'regexparam';
import { SignInToSee } from './components/SignInToSee';
import { type StaticPageName, staticHeads } from './content/static-heads';
import { lazyPage, lazyPages } from './lib/lazy-page';
import { storyQueries } from './lib/story-queries';
import {
  discoveryRoutes,
  isPublicationWriterPath,
  ProfileListPage,
  publicationFeaturePageRoute,
  publicationWriterRoute,
} from './pages/discovery-routes';
import { NotFoundPage } from './pages/NotFoundPage';
import {
  HOME_PAGE_SIZE,
  profileUsername,
  READING_LIST_SLUG,
  STORY_TABS,
  type StoryTab,
} from './pages/page-params';
import { lazyRoutes } from './route-groups';
import type { PreloadedState } from './state';

// The pages, each loaded on demand (see lib/lazy-page.tsx).
const SigninPage = lazyPage(
  'src/pages/SigninPage.tsx',
  () => import('./pages/SigninPage'),
  (m) => m.SigninPage,
);
const PasswordPage = lazyPage(
  'src/pages/PasswordPage.tsx',
  () => import('./pages/PasswordPage'),
  (m) => m.PasswordPage,
);
const TwoFactorPage = lazyPage(
  'src/pages/TwoFactorPage.tsx',
  () => import('./pages/TwoFactorPage'),
  (m) => m.TwoFactorPage,
);
const HomePage = lazyPage(
  'src/pages/HomePage.tsx',
  () => import('./pages/HomePage'),
  (m) => m.HomePage,
);
const PostPage = lazyPage(
  'src/pages/PostPage.tsx',
  () => import('./pages/PostPage'),
  (m) => m.PostPage,
);
const storySubPages = lazyPages('src/pages/StorySubPages.tsx', () => import('./pages/StorySubPages'));
const ResponsesPage = storySubPages('ResponsesPage');
const UpvotesPage = storySubPages('UpvotesPage');
const SharePage = storySubPages('SharePage');
const QuotesPage = storySubPages('QuotesPage');
const QuotePage = storySubPages('QuotePage');
const StoryInfoPage = lazyPage(
  'src/pages/StoryInfoPage.tsx',
  () => import('./pages/StoryInfoPage'),
  (m) => m.StoryInfoPage,
);
const notesPages = lazyPages('src/pages/NotesPages.tsx', () => import('./pages/NotesPages'));
const NotesPage = notesPages('NotesPage');
const NotePage = notesPages('NotePage');
const NoteReplyPage = notesPages('NoteReplyPage');
const seriesPages = lazyPages('src/pages/SeriesPages.tsx', () => import('./pages/SeriesPages'));
const SeriesPage = seriesPages('SeriesPage');
const SeriesEditPage = seriesPages('SeriesEditPage');
const NewSeriesPage = seriesPages('NewSeriesPage');
const MySeriesPage = seriesPages('MySeriesPage');
const SeriesSharePage = seriesPages('SeriesSharePage');
const ProfilePage = lazyPage(
  'src/pages/ProfilePage.tsx',
  () => import('./pages/ProfilePage'),
  (m) => m.ProfilePage,
);
const PublicationPage = lazyPage(
  'src/pages/PublicationPage.tsx',
  () => import('./pages/PublicationPage'),
  (m) => m.PublicationPage,
);
const yourLists = lazyPages('src/pages/YourListsPage.tsx', () => import('./pages/YourListsPage'));
const YourListsPage = yourLists('YourListsPage');
const ReadingListPage = yourLists('ReadingListPage');
const FollowedListsPage = yourLists('FollowedListsPage');
const StoriesPage = lazyPage(
  'src/pages/StoriesPage.tsx',
  () => import('./pages/StoriesPage'),
  (m) => m.StoriesPage,
);
const StaticPage = lazyPage(
  'src/pages/StaticPages.tsx',
  () => import('./pages/StaticPages'),
  (m) => m.StaticPage,
);
const TopicPage = lazyPage(
  'src/pages/TopicPage.tsx',
  () => import('./pages/TopicPage'),
  (m) => m.TopicPage,
);

/** What a route's server-side data loader gets. */
export interface PrefetchContext {
  trpc: TRPCOptionsProxy<AppRouter>;
  queryClient: QueryClient;
  /** The URL's query string (e.g. a friend link's source and sk). */
  query: URLSearchParams;
}

export interface PageProps {
  params: Record<string, string | undefined>;
  signedIn: boolean;
  viewer: PreloadedState['viewer'];
  query: URLSearchParams;
}

/** The document head of a page: the server turns it into title, OpenGraph, Twitter, canonical and JSON-LD tags. */
export interface PageHead {
  title?: string;
  description?: string;
  /** Path of the page's canonical URL (the server prefixes its public URL). */
  canonicalPath?: string;
  /** An absolute canonical URL elsewhere (an imported story's original), which wins over `canonicalPath`. */
  canonicalUrl?: string;
  /** Path of the page's preview image. */
  image?: string;
  /** OpenGraph type, e.g. 'article'. */
  type?: string;
  author?: string;
  /** ISO date the story was published. */
  publishedAt?: string;
  /** The page's RSS feed, linked from the head (`<link rel="alternate" type="application/rss+xml">`). */
  feed?: PageFeed;
}

/** A reader page: its path pattern, how to render it, and the data the server loads first. */
export interface PageRoute {
  path: string;
  /** Route name of spec §2 "Route table". */
  name: string;
  render(props: PageProps): ReactNode;
  /** Loads the page's queries into the cache; returns the HTTP status (404 when the thing is missing). */
  prefetch?(ctx: PrefetchContext, params: PageProps['params']): Promise<number>;
  /** Title and description for the document head, from the prefetched data. */
  head?(ctx: PrefetchContext, params: PageProps['params']): PageHead;
  /** Spec §4 edge cache: what kind of page this is (home, post, topic), for the server's decision. */
  edgeCachePage?(ctx: PrefetchContext, params: PageProps['params']): EdgeCachePage;
  /** The page shows the sign-in screens or account forms: the browser loads their chunk before hydrating. */
  authUi?: boolean;
  /**
   * The page ranks or filters stories by the reader's follows, mutes and blocks (For you, Read next): the server
   * reads those with the reader's session, in one statement.
   */
  readerSets?: boolean;
  /** A path shared by several pages (a profile's and a publication's sub-path): the page these params name. */
  dispatch?(params: PageProps['params']): PageRoute;
}

function postEdgeCachePage(ctx: PrefetchContext, postId: string | null): EdgeCachePage {
  const post = postId
    ? ctx.queryClient.getQueryData(
        ctx.trpc.posts.byId.queryKey({ id: postId, shareKey: friendLinkKey(ctx.query) }),
      )
    : undefined;
  // Members-only stories are left out until per-reader metering decides what each reader sees.
  if (post?.__typename !== 'Post' || post.isLocked || post.notice) return { kind: 'other' };
  return {
    kind: 'post',
    post: {
      id: post.id,
      isPublished: post.isPublished,
      creatorId: post.creator.id,
      collectionId: post.collection?.id ?? null,
    },
    viewerCanViewSuspendedContent: false,
  };
}

/** Spec §1 friend link: the story URL with source=friends_link and sk set to the author's share key. */
export function friendLinkKey(query: URLSearchParams): string | null {
  return query.get('source') === 'friends_link' ? query.get('sk') : null;
}

function postHead(ctx: PrefetchContext, postId: string | null) {
  if (!postId) return {};
  const post = ctx.queryClient.getQueryData(
    ctx.trpc.posts.byId.queryKey({ id: postId, shareKey: friendLinkKey(ctx.query) }),
  );
  if (post?.__typename !== 'Post') return {};
  return {
    title: post.title,
    description: post.subtitle ?? undefined,
    canonicalPath: post.mediumUrl,
    canonicalUrl: post.canonicalUrl ?? undefined,
    image: post.previewImageId ? imageUrl(post.previewImageId, { width: 1200 }) : undefined,
    type: 'article',
    author: post.creator.name,
    publishedAt: post.latestPublishedAt ?? undefined,
  };
}

/** HTTP status of each spec §3 PostResult case on a story page. */
const POST_RESULT_STATUS = {
  Post: 200,
  NotFound: 404,
  AccountDeleted: 404,
  RemovedByUser: 410,
  // The story's page is gone for readers (its author still sees it, with the notice).
  PostSuspended: 410,
  Blocked: 403,
  AccountSuspended: 200,
  UnavailableForLegalReasons: 451,
} as const;

async function prefetchPost(ctx: PrefetchContext, postId: string | null): Promise<number> {
  if (!postId) return 404;
  try {
    const result = await ctx.queryClient.fetchQuery(
      ctx.trpc.posts.byId.queryOptions({ id: postId, shareKey: friendLinkKey(ctx.query) }),
    );
    // Read next (spec §9 READ_NEXT_SIDEBAR) renders under a published story.
    if (result.__typename === 'Post' && result.isPublished) {
      await ctx.queryClient.prefetchQuery(ctx.trpc.posts.readNext.queryOptions({ postId: result.id }));
    }
    return POST_RESULT_STATUS[result.__typename];
  } catch {
    return 404;
  }
}

/** The viewer's reading list, rendered with the page; signed out, the page asks them to sign in instead. */
async function prefetchReadingList({ trpc, queryClient }: PrefetchContext): Promise<number> {
  await queryClient
    .prefetchInfiniteQuery(
      trpc.lists.readingList.infiniteQueryOptions({}, { getNextPageParam: (last) => last.next }),
    )
    .catch(() => {});
  return 200;
}

/** Sign-in surfaces render the modal on the server: its options (providers, passwords) load first. */
async function prefetchAuthOptions({ trpc, queryClient }: PrefetchContext): Promise<number> {
  await queryClient.prefetchQuery(trpc.auth.options.queryOptions());
  return 200;
}

/** Matches "/@user/slug-id" and "/collection/slug-id" alike: the story id is the trailing hex part. */
const postUnderOwner = (params: PageProps['params']) => parsePostId(params.slug ?? '');

// ── Profiles, publications and topics (spec §2 Paths) ──────────────────────────────────────

/** 200 when the query loads, 404 when the procedure says the thing is missing. */
export async function statusOf(load: Promise<unknown>): Promise<number> {
  try {
    await load;
    return 200;
  } catch {
    return 404;
  }
}

async function prefetchProfile(ctx: PrefetchContext, username: string | null): Promise<number> {
  if (!username) return 404;
  const status = await statusOf(
    ctx.queryClient.fetchQuery(ctx.trpc.profiles.byUsername.queryOptions({ username })),
  );
  if (status !== 200) return status;
  await ctx.queryClient.prefetchInfiniteQuery(
    ctx.trpc.profiles.stories.infiniteQueryOptions({ username }, { getNextPageParam: (last) => last.next }),
  );
  return 200;
}

const profileHead = (ctx: PrefetchContext, username: string | null) => {
  const user = username
    ? ctx.queryClient.getQueryData(ctx.trpc.profiles.byUsername.queryKey({ username }))
    : undefined;
  return user ? { title: user.name, description: user.bio || undefined, feed: pageFeeds.user(user) } : {};
};

/** '/{collectionSlug}' names a publication only when one has that slug; otherwise the page is a 404. */
export const prefetchPublication = (ctx: PrefetchContext, slug: string) =>
  statusOf(
    ctx.queryClient.fetchInfiniteQuery(
      ctx.trpc.publications.home.infiniteQueryOptions(
        { slug },
        { getNextPageParam: (last) => last.stories.next },
      ),
    ),
  );

async function prefetchTopic(ctx: PrefetchContext, slug: string): Promise<number> {
  const status = await statusOf(ctx.queryClient.fetchQuery(ctx.trpc.topics.bySlug.queryOptions({ slug })));
  if (status !== 200) return status;
  await Promise.all([
    ctx.queryClient.prefetchInfiniteQuery(
      ctx.trpc.topics.stories.infiniteQueryOptions({ slug }, { getNextPageParam: (last) => last.next }),
    ),
    // Spec §9 RELATED_TAGS renders under the topic's name.
    ctx.queryClient.prefetchQuery(ctx.trpc.topics.related.queryOptions({ slug })),
  ]);
  return 200;
}

const topicOf = (ctx: PrefetchContext, slug: string) =>
  ctx.queryClient.getQueryData(ctx.trpc.topics.bySlug.queryKey({ slug }));

const topicRoute = (path: string, name: string, param: string): PageRoute => ({
  path,
  name,
  render: ({ params }) => <TopicPage slug={params[param] ?? ''} />,
  prefetch: (ctx, params) => prefetchTopic(ctx, params[param] ?? ''),
  head: (ctx, params) => {
    const topic = topicOf(ctx, params[param] ?? '');
    if (!topic) return {};
    return { title: topic.name, feed: (name === 'ShowTopic' ? pageFeeds.topic : pageFeeds.tag)(topic) };
  },
  edgeCachePage: (ctx, params) => {
    const topic = topicOf(ctx, params[param] ?? '');
    return topic ? { kind: 'topic', tagId: topic.id } : { kind: 'other' };
  },
});

/**
 * Spec §2 /@{username}[/latest]. Route params are whole segments, so '/@ada' matches the
 * publication route's '/:collectionSlug': routeFor hands such paths to this route instead.
 */
export const showUser: PageRoute = {
  path: '/:owner/latest',
  name: 'ShowUser',
  render: ({ params }) => {
    const username = profileUsername(params.owner);
    return username ? <ProfilePage username={username} /> : <NotFoundPage />;
  },
  prefetch: (ctx, params) => prefetchProfile(ctx, profileUsername(params.owner)),
  head: (ctx, params) => profileHead(ctx, profileUsername(params.owner)),
};

/**
 * Spec §2 /@{username}/{postId} and /{collectionSlug}/{postId}. '/{collectionSlug}/@{username}' has the same
 * shape: it dispatches to the publication's writer page (discovery-routes.tsx).
 */
const storyUnderOwner: PageRoute = {
  path: '/:owner/:slug',
  name: 'ShowPostUnderUser',
  dispatch: (params) => (isPublicationWriterPath(params) ? publicationWriterRoute : storyUnderOwner),
  render: (props) => {
    if (isPublicationWriterPath(props.params)) return publicationWriterRoute.render(props);
    const id = postUnderOwner(props.params);
    return id ? (
      <PostPage postId={id} viewer={props.viewer} shareKey={friendLinkKey(props.query)} />
    ) : (
      <NotFoundPage />
    );
  },
  prefetch: (ctx, params) => prefetchPost(ctx, postUnderOwner(params)),
  readerSets: true,
  head: (ctx, params) => postHead(ctx, postUnderOwner(params)),
  edgeCachePage: (ctx, params) => postEdgeCachePage(ctx, postUnderOwner(params)),
};

/** One of Quire's own pages (spec §2 Static paths, /help, and the footer's links). */
/**
 * A page about a story under /p/{postId}/… (its responses, its claps): 404 unless the story is one the reader
 * may see; `prefetchMore` loads what the page lists, for the server's render.
 */
function storySubRoute(
  path: string,
  name: string,
  page: (postId: string, params: PageProps['params']) => ReactNode,
  title: (storyTitle: string) => string,
  /** Loads what the page lists; a status it returns (404 for a path the page does not know) wins. */
  prefetchMore: (ctx: PrefetchContext, postId: string, params: PageProps['params']) => Promise<unknown>,
): PageRoute {
  const idOf = (params: PageProps['params']) => parsePostId(params.postId ?? '');
  // The story's header only: its text is not needed, and loading it would spend a reader's free story.
  const storyOptions = (ctx: PrefetchContext, id: string) =>
    ctx.trpc.posts.header.queryOptions({ postId: id });
  return {
    path,
    name,
    render: ({ params }) => page(idOf(params) ?? '', params),
    prefetch: async (ctx, params) => {
      const postId = idOf(params);
      if (!postId) return 404;
      try {
        const post = await ctx.queryClient.fetchQuery(storyOptions(ctx, postId));
        const status = await prefetchMore(ctx, post.id, params);
        return typeof status === 'number' ? status : 200;
      } catch {
        return 404;
      }
    },
    head: (ctx, params) => {
      const postId = idOf(params);
      const post = postId ? ctx.queryClient.getQueryData(storyOptions(ctx, postId).queryKey) : undefined;
      return post ? { title: title(post.title) } : {};
    },
  };
}

/** A story's threaded responses on a page of their own (the first page of the default order). */
const responsesRoute = (path: string, name: string) =>
  storySubRoute(
    path,
    name,
    (postId) => <ResponsesPage postId={postId} />,
    responseTexts.pageTitle,
    (ctx, postId) =>
      ctx.queryClient.prefetchInfiniteQuery(storyQueries(ctx.trpc).responses(postId, 'MOST_RELEVANT')),
  );

/** Spec §2 `/p/{postId}/info[/{order}/{filter}]`: the story's details and the list its path chooses. */
const storyInfoRoute = (path: string, name: string) =>
  storySubRoute(
    path,
    name,
    (postId, params) => {
      const view = storyInfoView(params.order, params.filter);
      return view ? <StoryInfoPage postId={postId} {...view} /> : <NotFoundPage />;
    },
    storyInfoTexts.pageTitle,
    async (ctx, postId, params) => {
      const view = storyInfoView(params.order, params.filter);
      if (!view) return 404;
      const queries = storyQueries(ctx.trpc);
      await Promise.all([
        ctx.queryClient.prefetchQuery(queries.info(postId)),
        view.filter === 'responses'
          ? ctx.queryClient.prefetchInfiniteQuery(
              queries.responses(postId, view.order === 'top' ? 'MOST_RELEVANT' : 'NEWEST'),
            )
          : view.filter === 'claps'
            ? ctx.queryClient.prefetchInfiniteQuery(queries.clappers(postId, view.order))
            : ctx.queryClient.prefetchQuery(queries.quotes(postId, view.order)),
      ]);
    },
  );

/** Spec §2 `/p/{postId}/share/{channel}`: a channel the page does not know is a 404. */
const shareRoute = storySubRoute(
  '/p/:postId/share/:channel',
  'ShowPByPostIdShareByChannel',
  (postId, params) => {
    const channel = shareChannelOf(params.channel ?? '');
    return channel ? <SharePage postId={postId} channel={channel} /> : <NotFoundPage />;
  },
  shareTexts.pageTitle,
  async (ctx, postId, params) => {
    if (!shareChannelOf(params.channel ?? '')) return 404;
    await ctx.queryClient.prefetchQuery(ctx.trpc.posts.shareLinks.queryOptions({ postId }));
  },
);

/** A story's page at a path that names it by its id (`:postId`, a slug-id or the id alone). */
function storyById(path: string, name: string): PageRoute {
  const idOf = (params: PageProps['params']) => parsePostId(params.postId ?? '');
  return {
    path,
    name,
    render: ({ params, viewer, query }) => (
      <PostPage postId={idOf(params) ?? ''} viewer={viewer} shareKey={friendLinkKey(query)} />
    ),
    prefetch: (ctx, params) => prefetchPost(ctx, idOf(params)),
    readerSets: true,
    head: (ctx, params) => postHead(ctx, idOf(params)),
  };
}

/** A series by its slug-id, rendered with the page: 200, or 404 for a missing series or someone else's draft. */
const prefetchSeries = (ctx: PrefetchContext, sequenceSlug: string) =>
  statusOf(ctx.queryClient.fetchQuery(ctx.trpc.series.bySlug.queryOptions({ sequenceSlug })));

/** The series' title, once its query is in. */
const seriesHead = (
  ctx: PrefetchContext,
  sequenceSlug: string,
  title: (name: string) => string = (n) => n,
) => {
  const series = ctx.queryClient.getQueryData(ctx.trpc.series.bySlug.queryKey({ sequenceSlug }));
  return series ? { title: title(series.name) } : {};
};

/** Spec §2 Series and sequences: every path. */
function seriesRoutes(): PageRoute[] {
  const slugOf = (params: PageProps['params']) => params.sequenceSlug ?? params.postId ?? '';
  const library = (path: string, name: string): PageRoute => ({
    path,
    name,
    render: ({ params }) => <SeriesPage sequenceSlug={slugOf(params)} />,
    prefetch: (ctx, params) => prefetchSeries(ctx, slugOf(params)),
    head: (ctx, params) => seriesHead(ctx, slugOf(params)),
  });
  const edit = (path: string, name: string): PageRoute => ({
    path,
    name,
    render: ({ params, viewer }) =>
      viewer ? (
        <SeriesEditPage sequenceSlug={slugOf(params)} />
      ) : (
        <SignInToSee what="your series" redirect="/me/series" />
      ),
    head: () => ({ title: seriesTexts.edit }),
  });
  const create = (path: string, name: string): PageRoute => ({
    path,
    name,
    render: () => <NewSeriesPage />,
    head: () => ({ title: seriesTexts.newSeries }),
  });
  const mine = (path: string, name: string, fixed?: SeriesFilter): PageRoute => ({
    path,
    name,
    render: ({ params }) => {
      const filterBy = fixed ?? (params.filterBy as SeriesFilter | undefined) ?? 'published';
      return SERIES_FILTERS.includes(filterBy) ? <MySeriesPage filterBy={filterBy} /> : <NotFoundPage />;
    },
    prefetch: async (_ctx, params) =>
      SERIES_FILTERS.includes((fixed ?? params.filterBy ?? 'published') as SeriesFilter) ? 200 : 404,
    head: () => ({ title: seriesTexts.yourSeries }),
  });
  return [
    create('/new-series', 'ShowNewSeries'),
    create('/s/new', 'ShowSNew'),
    library('/s/:sequenceSlug', 'ShowSequenceLibrary'),
    // /series/{id}: Medium's older address of a series, by the series' id.
    library('/series/:postId', 'ShowSeries'),
    edit('/s/:sequenceSlug/edit', 'ShowSBySequenceSlugEdit'),
    edit('/series/:postId/edit', 'ShowSeriesByPostIdEdit'),
    mine('/me/series', 'ShowMeSeries'),
    mine('/me/series/drafts', 'ShowMeSeriesDrafts', 'drafts'),
    mine('/me/series/:filterBy', 'ShowMeSeriesByFilterBy'),
    // A story read within its series: the story's page, which shows its place and the next one.
    storyById('/s/:sequenceSlug/:postId', 'ShowSequencePost'),
    {
      path: '/s/:sequenceSlug/share/:channel',
      name: 'ShowSBySequenceSlugShareByChannel',
      render: ({ params }) => {
        const channel = shareChannelOf(params.channel ?? '');
        return channel ? (
          <SeriesSharePage sequenceSlug={slugOf(params)} channel={channel} />
        ) : (
          <NotFoundPage />
        );
      },
      prefetch: async (ctx, params) =>
        shareChannelOf(params.channel ?? '') ? prefetchSeries(ctx, slugOf(params)) : 404,
      head: (ctx, params) => seriesHead(ctx, slugOf(params), shareTexts.pageTitle),
    },
  ];
}

function staticRoute(path: string, name: string, page: StaticPageName): PageRoute {
  return {
    path,
    name,
    render: () => <StaticPage name={page} />,
    prefetch: async () => 200,
    head: () => ({ ...staticHeads[page], canonicalPath: path }),
  };
}

/** Quire's own pages (spec §4 edge cache: not among the page kinds it keeps). */
const staticRoutes: PageRoute[] = [
  staticRoute('/about', 'ShowAbout', 'about'),
  staticRoute('/help', 'ShowHelp', 'help'),
  staticRoute('/m/tos', 'ShowTerms', 'terms'),
  staticRoute('/privacy', 'ShowPrivacy', 'privacy'),
  staticRoute('/creators', 'ShowCreators', 'creators'),
  staticRoute('/creator-tools', 'ShowCreatorTools', 'creatorTools'),
  staticRoute('/jobs', 'ShowJobs', 'jobs'),
  staticRoute('/blog', 'ShowBlog', 'blog'),
  staticRoute('/text-to-speech', 'ShowTextToSpeech', 'textToSpeech'),
  staticRoute('/status', 'ShowStatus', 'status'),
];

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    name: 'ShowHome',
    render: ({ signedIn }) => <HomePage signedIn={signedIn} />,
    prefetch: async ({ trpc, queryClient }) => {
      await Promise.all([
        queryClient.prefetchInfiniteQuery(
          trpc.posts.forYou.infiniteQueryOptions(
            { limit: HOME_PAGE_SIZE },
            { getNextPageParam: (last) => last.next },
          ),
        ),
        // The right column (spec §9 home modules) renders with the feed.
        queryClient.prefetchQuery(trpc.discovery.homeModules.queryOptions()),
      ]);
      return 200;
    },
    readerSets: true,
    edgeCachePage: () => ({ kind: 'home' }),
  },
  {
    path: '/m/signin',
    authUi: true,
    name: 'ShowSignin',
    render: () => <SigninPage />,
    prefetch: prefetchAuthOptions,
    head: () => ({ title: topBarTexts.signIn }),
  },
  {
    path: '/registration-form',
    authUi: true,
    name: 'ShowRegistrationForm',
    render: () => <SigninPage opening="registration" />,
    prefetch: prefetchAuthOptions,
    head: () => ({ title: topBarTexts.signUp }),
  },
  {
    path: '/unrecognized-account',
    authUi: true,
    name: 'ShowUnrecognizedAccount',
    render: () => <SigninPage opening="unrecognized" />,
    prefetch: prefetchAuthOptions,
    head: () => ({ title: topBarTexts.signIn }),
  },
  {
    path: '/two-factor-authentication',
    authUi: true,
    name: 'ShowTwoFactorAuthentication',
    render: ({ viewer }) => <TwoFactorPage viewer={viewer} />,
    prefetch: prefetchAuthOptions,
    head: () => ({ title: authUiTexts.twoFactorTitle }),
  },
  {
    path: '/password',
    authUi: true,
    name: 'ShowPassword',
    render: ({ viewer }) => <PasswordPage viewer={viewer} />,
    prefetch: prefetchAuthOptions,
    head: () => ({ title: authUiTexts.passwordLabel }),
  },
  ...seriesRoutes(),
  {
    ...storyById('/p/:postId', 'ShowPost'),
    edgeCachePage: (ctx, params) => postEdgeCachePage(ctx, parsePostId(params.postId ?? '')),
  },
  responsesRoute('/p/:postId/responses', 'ShowPByPostIdResponses'),
  responsesRoute('/p/:postId/responses/show', 'ShowPByPostIdResponsesShow'),
  responsesRoute('/p/:postId/responses/new', 'ShowPByInResponseToPostIdResponsesNew'),
  storySubRoute(
    '/p/:postId/upvotes',
    'ShowPByPostIdUpvotes',
    (postId) => <UpvotesPage postId={postId} />,
    clapTexts.upvotesTitle,
    (ctx, postId) => ctx.queryClient.prefetchInfiniteQuery(storyQueries(ctx.trpc).clappers(postId, 'newest')),
  ),
  shareRoute,
  storyInfoRoute('/p/:postId/info', 'ShowPByPostIdInfo'),
  storyInfoRoute('/p/:postId/info/:order/:filter', 'ShowPByPostIdInfoByOrderByFilter'),
  storySubRoute(
    '/p/:postId/quotes',
    'ShowPByPostIdQuotes',
    (postId) => <QuotesPage postId={postId} />,
    highlightTexts.quotesTitle,
    (ctx, postId) => ctx.queryClient.prefetchQuery(storyQueries(ctx.trpc).quotes(postId, 'top')),
  ),
  storySubRoute(
    '/p/:postId/quotes/:quoteId',
    'ShowPByPostIdQuotesByQuoteId',
    (postId, params) => <QuotePage postId={postId} quoteId={params.quoteId ?? ''} />,
    highlightTexts.quoteTitle,
    (ctx, postId, params) =>
      statusOf(
        ctx.queryClient.fetchQuery(
          ctx.trpc.highlights.quote.queryOptions({ postId, quoteId: params.quoteId ?? '' }),
        ),
      ),
  ),
  // Private notes are the viewer's own: they load in the browser, never into a rendered page.
  storySubRoute(
    '/p/:postId/notes',
    'ShowPByPostIdNotes',
    (postId) => <NotesPage postId={postId} />,
    noteTexts.notesTitle,
    async () => 200,
  ),
  storySubRoute(
    '/p/:postId/notes/:noteId',
    'ShowPByPostIdNotesByNoteId',
    (postId, params) => <NotePage postId={postId} noteId={params.noteId ?? ''} />,
    noteTexts.noteTitle,
    async () => 200,
  ),
  {
    path: '/p/notereplies/:replyId',
    name: 'ShowPNoterepliesByReplyId',
    render: ({ params }) => <NoteReplyPage replyId={params.replyId ?? ''} />,
    head: () => ({ title: noteTexts.privateNote }),
  },
  storyUnderOwner,
  {
    path: '/me/stories/:filterBy?',
    name: 'ShowYourStories',
    render: ({ params, viewer }) => {
      const filterBy = (params.filterBy ?? 'drafts') as StoryTab;
      if (!STORY_TABS.some((t) => t.filterBy === filterBy)) return <NotFoundPage />;
      if (!viewer) return <SignInToSee what="your stories" redirect={`/me/stories/${filterBy}`} />;
      return <StoriesPage filterBy={filterBy} />;
    },
    prefetch: async ({ trpc, queryClient }, params) => {
      const filterBy = (params.filterBy ?? 'drafts') as StoryTab;
      if (!STORY_TABS.some((t) => t.filterBy === filterBy)) return 404;
      try {
        await queryClient.fetchQuery(trpc.posts.mine.queryOptions({ filterBy }));
        return 200;
      } catch {
        return 200; // signed out: the page asks them to sign in
      }
    },
    head: () => ({ title: 'Your stories' }),
  },
  {
    path: '/me/lists',
    name: 'ShowYourLists',
    render: ({ viewer }) =>
      viewer ? (
        <YourListsPage username={viewer.username} />
      ) : (
        <SignInToSee what="your lists" redirect="/me/lists" />
      ),
    prefetch: (ctx) => prefetchReadingList(ctx),
    head: () => ({ title: bookmarkTexts.yourLists }),
  },
  {
    path: '/me/lists/following',
    name: 'ShowMeListsFollowing',
    render: ({ viewer }) =>
      viewer ? (
        <FollowedListsPage />
      ) : (
        <SignInToSee what="the lists you follow" redirect="/me/lists/following" />
      ),
    head: () => ({ title: listTexts.followedLists }),
  },
  {
    // Not in the spec's name table: the viewer's own list (the reading list, or one of their lists).
    path: '/me/list/:catalogSlugId',
    name: 'ShowYourList',
    render: ({ params, viewer }) => {
      const slugId = params.catalogSlugId ?? '';
      if (!viewer) return <SignInToSee what="your list" redirect={`/me/list/${slugId}`} />;
      if (slugId === READING_LIST_SLUG) return <ReadingListPage />;
      return <ProfileListPage username={viewer.username} catalogSlugId={slugId} />;
    },
    prefetch: (ctx, params) =>
      params.catalogSlugId === READING_LIST_SLUG ? prefetchReadingList(ctx) : Promise.resolve(200),
    head: (_ctx, params) =>
      params.catalogSlugId === READING_LIST_SLUG ? { title: bookmarkTexts.readingList } : {},
  },
  {
    path: '/:collectionSlug',
    name: 'ShowCollectionHome',
    render: ({ params }) => {
      const username = profileUsername(params.collectionSlug);
      return username ? (
        <ProfilePage username={username} />
      ) : (
        <PublicationPage slug={params.collectionSlug ?? ''} />
      );
    },
    prefetch: (ctx, params) => {
      const username = profileUsername(params.collectionSlug);
      if (username) return prefetchProfile(ctx, username);
      return params.collectionSlug?.startsWith('@')
        ? Promise.resolve(404)
        : prefetchPublication(ctx, params.collectionSlug ?? '');
    },
    head: (ctx, params) => {
      const slug = params.collectionSlug ?? '';
      const username = profileUsername(slug);
      if (username) return profileHead(ctx, username);
      const home = ctx.queryClient.getQueryData(ctx.trpc.publications.home.infiniteQueryKey({ slug }))
        ?.pages[0];
      return home
        ? {
            title: home.name,
            description: home.tagline || home.description || undefined,
            feed: pageFeeds.publication(home),
          }
        : {};
    },
  },
  topicRoute('/topic/:topicSlug', 'ShowTopic', 'topicSlug'),
  topicRoute('/tag/:tagSlug', 'ShowTagPosts', 'tagSlug'),
  topicRoute('/tag/:tagSlug/latest', 'ShowTagByTagSlugLatest', 'tagSlug'),
  // Before the stats routes: '/:owner/:topicSlug/home' and '/:owner/audience/:details' rank alike.
  publicationFeaturePageRoute,
  // Before the discovery routes: '/:owner/audience/:details' and '/:owner/:writer/followers' rank alike.
  ...lazyRoutes('stats'),
  ...discoveryRoutes,
  ...lazyRoutes('search'),
  ...staticRoutes,
  ...lazyRoutes('gift'),
  ...lazyRoutes('membership'),
  ...lazyRoutes('settings'),
  ...lazyRoutes('account'),
  ...lazyRoutes('yourPages'),
  ...lazyRoutes('onboarding'),
  ...lazyRoutes('export'),
  ...lazyRoutes('developerApps'),
  ...lazyRoutes('import'),
  ...lazyRoutes('domains'),
  ...lazyRoutes('publicationAdmin'),
  ...lazyRoutes('newsletterAdmin'),
  ...lazyRoutes('publicationDesign'),
  ...lazyRoutes('partnerDashboard'),
  ...lazyRoutes('partner'),
  ...lazyRoutes('payouts'),
  ...lazyRoutes('newsletters'),
  ...lazyRoutes('newsletterStats'),
  {
    path: '*',
    name: 'NotFound',
    render: () => <NotFoundPage />,
    prefetch: async () => 404,
    head: () => ({ title: 'Page not found' }),
  },
];

/** Matched paths kept (matching tries the ranked patterns in turn; the route table does not change). */
const MATCH_CACHE_SIZE = 500;
const matchCache = new Map<string, { matched: PageRoute; params: PageProps['params'] }>();

interface RankedPattern {
  route: PageRoute;
  path: string;
  score: number;
  /** The pattern's first segment when it is a plain word (lower case): a path starting otherwise cannot match. */
  first: string | null;
  /** Compiled on its first test: a page load compiles only the patterns it tries. */
  compiled?: { keys: string[]; pattern: RegExp };
}
/** The ranked patterns that may match paths starting with a word, made on first use. */
const rankedByFirstWord = new Map<string, RankedPattern[]>();

/**
 * The patterns a path whose first segment is `first` may match, most specific first; equal ones keep the
 * table's order (a stable sort of a subset keeps the order of the whole).
 */
function rankedFor(first: string): RankedPattern[] {
  const known = rankedByFirstWord.get(first);
  if (known) return known;
  const ranked = pageRoutes
    .filter((route) => {
      // An optional or parameter first segment has no word: such a route may match any path.
      const word = firstWord(route.path);
      return word === null || word === first;
    })
    .flatMap((route) =>
      expandOptional(route.path).map((path) => ({
        route,
        path,
        score: specificity(path),
        first: firstWord(path),
      })),
    )
    .sort((a, b) => b.score - a.score);
  rankedByFirstWord.set(first, ranked);
  return ranked;
}

/** A pattern with optional segments (`/me/stories/:filterBy?`) as the plain patterns it stands for. */
function expandOptional(path: string): string[] {
  const segments = path.split('/');
  const optional = segments.findIndex((s) => s.endsWith('?'));
  if (optional < 0) return [path];
  const rest = segments.slice(optional + 1).join('/');
  const head = segments.slice(0, optional).join('/');
  const withIt = [head, segments[optional]!.slice(0, -1), ...(rest ? [rest] : [])].join('/');
  return [...expandOptional(withIt), ...expandOptional(rest ? `${head}/${rest}` : head || '/')];
}

/** How specific a pattern is: static segments beat parameters, which beat a catch-all (most specific first). */
function specificity(path: string): number {
  const segments = path.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((s) => s !== '*')
    .reduce(
      (score, s) => score + (s.startsWith(':') ? 3 : s === '' ? 1 : 10),
      segments.length - (splat ? 2 : 0),
    );
}

/** A pattern's first segment when it is a plain word, in lower case (patterns match regardless of case). */
function firstWord(path: string): string | null {
  const segment = path.split('/')[1] ?? '';
  return /^[\w@-]+$/.test(segment) ? segment.toLowerCase() : null;
}

/** Decodes each path segment, keeping an encoded slash encoded (a malformed escape stays as it came). */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** The page route whose pattern matches a path, before any owner dispatch: what App renders. */
export function matchPageRoute(pathname: string): { matched: PageRoute; params: PageProps['params'] } {
  const cached = matchCache.get(pathname);
  if (cached) return cached;
  // The patterns that may match (wouter's parser, regexparam), most specific first; equal ones keep the table's order.
  const path = decodePath(pathname);
  const first = path.split('/')[1]?.toLowerCase() ?? '';
  let result = { matched: pageRoutes[pageRoutes.length - 1]!, params: {} as PageProps['params'] };
  for (const candidate of rankedFor(first)) {
    if (candidate.first !== null && candidate.first !== first) continue;
    candidate.compiled ??= parsePattern(candidate.path);
    const found = candidate.compiled.pattern.exec(path);
    if (!found) continue;
    const params: PageProps['params'] = {};
    candidate.compiled.keys.forEach((key, i) => {
      if (found[i + 1] !== undefined) params[key] = found[i + 1];
    });
    result = { matched: candidate.route, params };
    break;
  }
  if (matchCache.size >= MATCH_CACHE_SIZE) matchCache.delete(matchCache.keys().next().value!);
  matchCache.set(pathname, result);
  return result;
}

/** The route that renders a path (the catch-all when none other matches), as the server picks it. */
export function routeFor(pathname: string): { route: PageRoute; params: PageProps['params'] } {
  const { matched, params } = matchPageRoute(pathname);
  if (matched.name === 'ShowCollectionHome' && profileUsername(params.collectionSlug)) {
    return { route: showUser, params: { owner: params.collectionSlug } };
  }
  return { route: matched.dispatch?.(params) ?? matched, params };
}

/** Whether the page at `pathname` ranks or filters stories by the reader's own sets (its route's `readerSets`). */
export const pageReadsReaderSets = (pathname: string): boolean =>
  routeFor(pathname).route.readerSets === true;

const staticSegments = (path: string) =>
  path.split('/').filter((s) => s && !s.includes('{') && !s.includes(':') && s !== '*').length;

/**
 * The capability a not-yet-built page belongs to: the path names a route of the spec's route table
 * (not a redirect) that no reader page serves. A reader page serves it when it matched the path at least as
 * specifically (a catch-all like /:owner/:slug does not serve /me/lists).
 */
export function comingSoonFor(pathname: string): string | undefined {
  const match = quireRoutes.match(pathname);
  if (!match || match.entry.redirectTo) return undefined;
  const { route } = routeFor(pathname);
  if (route.name !== 'NotFound' && staticSegments(route.path) >= staticSegments(match.entry.pattern)) {
    return undefined;
  }
  return match.entry.capability;
}

/** The story a path shows (a story page under /p/, a writer or a publication), or null. */
export function storyIdAt(pathname: string): string | null {
  const { route, params } = routeFor(pathname);
  if (route.name === 'ShowPost') return parsePostId(params.postId ?? '');
  if (route.name === 'ShowPostUnderUser') return postUnderOwner(params);
  return null;
}
