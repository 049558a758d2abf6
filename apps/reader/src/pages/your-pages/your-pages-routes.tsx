import {
  FOLLOWING_TABS,
  type FollowingTab,
  MUTED_TABS,
  type MutedTab,
  tabOf,
  yourPagesTexts as texts,
} from '@quire/domain';
import type { ReactNode } from 'react';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { NotFoundPage } from '../NotFoundPage';
import { notificationsPageQuery, yourPagesQueries } from './queries';

// The viewer's own pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/your-pages/YourPages.tsx', () => import('./YourPages'));
const FollowingPage = pages('FollowingPage');
const MutedPage = pages('MutedPage');
const ReadingHistoryPage = pages('ReadingHistoryPage');
const YourPublicationsPage = pages('YourPublicationsPage');
const ActivityPage = pages('ActivityPage');
const notifications = lazyPages(
  'src/pages/your-pages/NotificationsPage.tsx',
  () => import('./NotificationsPage'),
);
const NotificationsPage = notifications('NotificationsPage');

/** Loads what a tab shows into the request's cache, so the page renders with it. */
function prefetchFollowing(tab: FollowingTab) {
  return ({ trpc, queryClient }: PrefetchContext) => {
    const q = yourPagesQueries(trpc);
    return prefetchSignedIn(() =>
      tab === 'writers'
        ? queryClient.fetchInfiniteQuery(q.followedWriters())
        : tab === 'publications'
          ? queryClient.fetchInfiniteQuery(q.followedPublications())
          : tab === 'topics'
            ? queryClient.fetchQuery(q.followedTopics())
            : queryClient.fetchQuery(q.suggestedWriters()),
    );
  };
}

function prefetchMuted(tab: MutedTab) {
  return ({ trpc, queryClient }: PrefetchContext) => {
    const q = yourPagesQueries(trpc);
    return prefetchSignedIn(() =>
      tab === 'writers'
        ? queryClient.fetchInfiniteQuery(q.mutedWriters())
        : queryClient.fetchInfiniteQuery(q.mutedPublications()),
    );
  };
}

/** A page with tabs: an unknown tab is a 404. */
function tabbedRoute<T extends string>(
  path: string,
  name: string,
  what: string,
  title: string,
  tabs: readonly T[],
  fallback: T,
  render: (tab: T) => ReactNode,
  prefetch: (tab: T) => NonNullable<PageRoute['prefetch']>,
): PageRoute {
  const tabAt = (segment: string | undefined) => tabOf(tabs, segment, fallback);
  return signedInRoute(
    path,
    name,
    what,
    { head: () => ({ title: title }) },
    ({ params }) => {
      const tab = tabAt(params.tab);
      return tab ? render(tab) : <NotFoundPage />;
    },
    async (ctx, params) => {
      const tab = tabAt(params.tab);
      return tab ? prefetch(tab)(ctx, params) : 404;
    },
  );
}

const following = (path: string, name: string, fixed?: FollowingTab) =>
  tabbedRoute(
    path,
    name,
    'who you follow',
    texts.followingTitle,
    fixed ? [fixed] : FOLLOWING_TABS,
    fixed ?? 'writers',
    (tab) => <FollowingPage tab={tab} />,
    prefetchFollowing,
  );

const muted = (path: string, name: string) =>
  tabbedRoute(
    path,
    name,
    'who you muted',
    texts.mutedTitle,
    MUTED_TABS,
    'writers',
    (tab) => <MutedPage tab={tab} />,
    prefetchMuted,
  );

/** Spec §2 Your pages (following, reading history, publications) and Settings mute[/{activeTab}]. */
export const yourPagesRoutes: PageRoute[] = [
  following('/me/following', 'ShowFollowsIndex'),
  following('/me/following/:tab', 'ShowMeFollowingByEntityName'),
  following('/me/following/topics', 'ShowMeFollowingTopics', 'topics'),
  following('/me/following/suggestions', 'ShowMeFollowingSuggestions', 'suggestions'),
  muted('/me/settings/mute', 'ShowMeSettingsMute'),
  muted('/me/settings/mute/:tab', 'ShowMeSettingsMuteByActiveTab'),
  signedInRoute(
    '/me/readinghistory',
    'ShowMeReadinghistory',
    'your reading history',
    { head: () => ({ title: texts.historyTitle }) },
    () => <ReadingHistoryPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchInfiniteQuery(yourPagesQueries(trpc).readingHistory())),
  ),
  signedInRoute(
    '/me/activity',
    'ShowMeActivity',
    'your activity',
    { head: () => ({ title: texts.activityTitle }) },
    () => <ActivityPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchInfiniteQuery(yourPagesQueries(trpc).activity())),
  ),
  signedInRoute(
    '/me/notifications',
    'ShowYourNotifications',
    'your notifications',
    { head: () => ({ title: texts.notificationsTitle }) },
    () => <NotificationsPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchInfiniteQuery(notificationsPageQuery(trpc, 'all'))),
  ),
  signedInRoute(
    '/me/publications',
    'ShowYourCollections',
    'your publications',
    { head: () => ({ title: texts.publicationsTitle }) },
    () => <YourPublicationsPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() =>
        Promise.all([
          queryClient.fetchQuery(yourPagesQueries(trpc).publications()),
          queryClient.fetchQuery(yourPagesQueries(trpc).invitations()),
        ]),
      ),
  ),
];
