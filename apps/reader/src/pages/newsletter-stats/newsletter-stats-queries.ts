import type { useTRPC } from '../../trpc';

/* The newsletter stats page's query, shared by the route's prefetch and the page (the route loads no page code). */

type Trpc = ReturnType<typeof useTRPC>;

export function newsletterStatsQueries(trpc: Trpc) {
  return {
    /** /newsletters/{newsletterV3Id}/stats: the issues with their counts, a page at a time. */
    issues: (newsletterId: string) =>
      trpc.newsletterStats.issues.infiniteQueryOptions(
        { newsletterId },
        { getNextPageParam: (page) => page.nextCursor, staleTime: 0, retry: false },
      ),
  };
}
