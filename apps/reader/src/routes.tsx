import type { AppRouter } from '@quire/api';
import { authUiTexts, type EdgeCachePage, parsePostId, topBarTexts } from '@quire/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { HOME_PAGE_SIZE, HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PasswordPage } from './pages/PasswordPage';
import { PostPage } from './pages/PostPage';
import { SigninPage } from './pages/SigninPage';
import { STORY_TABS, StoriesPage, type StoryTab } from './pages/StoriesPage';
import { TwoFactorPage } from './pages/TwoFactorPage';
import type { PreloadedState } from './state';

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

/** A reader page: its path pattern, how to render it, and the data the server loads first. */
export interface PageRoute {
  path: string;
  /** Route name of spec §2 "Route table". */
  name: string;
  render(props: PageProps): ReactNode;
  /** Loads the page's queries into the cache; returns the HTTP status (404 when the thing is missing). */
  prefetch?(ctx: PrefetchContext, params: PageProps['params']): Promise<number>;
  /** Title and description for the document head, from the prefetched data. */
  head?(ctx: PrefetchContext, params: PageProps['params']): { title?: string; description?: string };
  /** Spec §4 edge cache: what kind of page this is (home, post, topic), for the server's decision. */
  edgeCachePage?(ctx: PrefetchContext, params: PageProps['params']): EdgeCachePage;
  /** The page shows the sign-in screens or account forms: the browser loads their chunk before hydrating. */
  authUi?: boolean;
}

function postEdgeCachePage(ctx: PrefetchContext, postId: string | null): EdgeCachePage {
  const post = postId
    ? ctx.queryClient.getQueryData(
        ctx.trpc.posts.byId.queryKey({ id: postId, shareKey: friendLinkKey(ctx.query) }),
      )
    : undefined;
  // Members-only stories are left out until per-reader metering decides what each reader sees.
  if (!post || post.isLocked) return { kind: 'other' };
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
  return post ? { title: post.title, description: post.subtitle ?? undefined } : {};
}

async function prefetchPost(ctx: PrefetchContext, postId: string | null): Promise<number> {
  if (!postId) return 404;
  try {
    await ctx.queryClient.fetchQuery(
      ctx.trpc.posts.byId.queryOptions({ id: postId, shareKey: friendLinkKey(ctx.query) }),
    );
    return 200;
  } catch {
    return 404;
  }
}

/** Sign-in surfaces render the modal on the server: its options (providers, passwords) load first. */
async function prefetchAuthOptions({ trpc, queryClient }: PrefetchContext): Promise<number> {
  await queryClient.prefetchQuery(trpc.auth.options.queryOptions());
  return 200;
}

/** Matches "/@user/slug-id" and "/collection/slug-id" alike: the story id is the trailing hex part. */
const postUnderOwner = (params: PageProps['params']) => parsePostId(params.slug ?? '');

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    name: 'ShowHome',
    render: ({ signedIn }) => <HomePage signedIn={signedIn} />,
    prefetch: async ({ trpc, queryClient }) => {
      await queryClient.prefetchInfiniteQuery(
        trpc.posts.latest.infiniteQueryOptions(
          { limit: HOME_PAGE_SIZE },
          { getNextPageParam: (last) => last.next },
        ),
      );
      return 200;
    },
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
  {
    path: '/p/:postId',
    name: 'ShowPost',
    render: ({ params, viewer, query }) => (
      <PostPage
        postId={parsePostId(params.postId ?? '') ?? ''}
        viewerId={viewer?.id ?? null}
        shareKey={friendLinkKey(query)}
      />
    ),
    prefetch: (ctx, params) => prefetchPost(ctx, parsePostId(params.postId ?? '')),
    head: (ctx, params) => postHead(ctx, parsePostId(params.postId ?? '')),
    edgeCachePage: (ctx, params) => postEdgeCachePage(ctx, parsePostId(params.postId ?? '')),
  },
  {
    path: '/:owner/:slug',
    name: 'ShowPostUnderUser',
    render: ({ params, viewer, query }) => {
      const id = postUnderOwner(params);
      return id ? (
        <PostPage postId={id} viewerId={viewer?.id ?? null} shareKey={friendLinkKey(query)} />
      ) : (
        <NotFoundPage />
      );
    },
    prefetch: (ctx, params) => prefetchPost(ctx, postUnderOwner(params)),
    head: (ctx, params) => postHead(ctx, postUnderOwner(params)),
    edgeCachePage: (ctx, params) => postEdgeCachePage(ctx, postUnderOwner(params)),
  },
  {
    path: '/me/stories/:filterBy?',
    name: 'ShowYourStories',
    render: ({ params, viewer }) => {
      const filterBy = (params.filterBy ?? 'drafts') as StoryTab;
      if (!viewer || !STORY_TABS.some((t) => t.filterBy === filterBy)) return <NotFoundPage />;
      return <StoriesPage filterBy={filterBy} />;
    },
    prefetch: async ({ trpc, queryClient }, params) => {
      const filterBy = (params.filterBy ?? 'drafts') as StoryTab;
      if (!STORY_TABS.some((t) => t.filterBy === filterBy)) return 404;
      try {
        await queryClient.fetchQuery(trpc.posts.mine.queryOptions({ filterBy }));
        return 200;
      } catch {
        return 404; // signed out: nothing to show (the top bar offers sign-in)
      }
    },
    head: () => ({ title: 'Your stories' }),
  },
  {
    path: '*',
    name: 'NotFound',
    render: () => <NotFoundPage />,
    prefetch: async () => 404,
    head: () => ({ title: 'Page not found' }),
  },
];

/** The route that renders a path (the catch-all when none other matches), as the server picks it. */
export function routeFor(pathname: string): { route: PageRoute; params: PageProps['params'] } {
  const match = matchRoutes(
    pageRoutes.map((r) => ({ path: r.path, route: r })),
    pathname,
  )?.at(-1);
  return { route: match?.route.route ?? pageRoutes[pageRoutes.length - 1]!, params: match?.params ?? {} };
}
