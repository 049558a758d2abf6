import { type NotificationsTab, tabActivityTypes } from '../../components/notification-tabs';
import type { useTRPC } from '../../trpc';

/* The queries of the viewer's own pages, in a module of their own so the routes' prefetch does not pull the
 * pages into the main bundle. */

type Trpc = ReturnType<typeof useTRPC>;

const paged = { getNextPageParam: <T>(last: { next: T | null }) => last.next, staleTime: 0 };

/** The queries of these pages, one place for the server's prefetch and the page's render. */
export function yourPagesQueries(trpc: Trpc) {
  const y = trpc.yourPages;
  return {
    followedWriters: () => y.followedWriters.infiniteQueryOptions({}, paged),
    followedPublications: () => y.followedPublications.infiniteQueryOptions({}, paged),
    followedTopics: () => y.followedTopics.queryOptions(undefined, { staleTime: 0 }),
    suggestedWriters: () => y.suggestedWriters.queryOptions(undefined, { staleTime: 0 }),
    mutedWriters: () => y.mutedWriters.infiniteQueryOptions({}, paged),
    mutedPublications: () => y.mutedPublications.infiniteQueryOptions({}, paged),
    publications: () => y.publications.queryOptions(undefined, { staleTime: 0 }),
    invitations: () => trpc.publications.invitations.queryOptions(undefined, { staleTime: 0 }),
    readingHistory: () => y.readingHistory.infiniteQueryOptions({}, paged),
    activity: () => y.activity.infiniteQueryOptions({}, paged),
  };
}

/** The query of one tab of the page, shared by the server's prefetch and the page. */
export const notificationsPageQuery = (trpc: Trpc, tab: NotificationsTab) =>
  trpc.notifications.list.infiniteQueryOptions(
    { activityTypes: tabActivityTypes(tab) },
    { getNextPageParam: (last) => last.pagingInfo.next, staleTime: 0 },
  );
