import type { useTRPC } from '../../trpc';

// The dashboard's query, apart from the page: the route table prefetches it without loading the page.

type Trpc = ReturnType<typeof useTRPC>;

/** The dashboard's input: a username from /@{username}/partner/dashboard, none for /me/partner/dashboard. */
const inputOf = (username: string | null) => (username ? { username } : {});

/** The Partner Program dashboard's query, one place for the server's prefetch and the page's render. */
export function partnerDashboardQueries(trpc: Trpc) {
  return {
    dashboard: (username: string | null) =>
      trpc.earnings.dashboard.queryOptions(inputOf(username), { staleTime: 60_000, retry: false }),
  };
}
