import type { useTRPC } from '../../trpc';

// The Partner Program pages' queries, apart from the pages: the route table prefetches them without loading the pages.

type Trpc = ReturnType<typeof useTRPC>;

/** The queries of the Partner Program and payout pages, one place for the server's prefetch and the page's render. */
export function partnerQueries(trpc: Trpc) {
  return {
    status: () => trpc.partner.status.queryOptions(undefined, { staleTime: 0, retry: false }),
    taxForms: () => trpc.partner.taxForms.queryOptions(undefined, { staleTime: 0, retry: false }),
    payoutAccount: () => trpc.partner.payoutAccount.queryOptions(undefined, { staleTime: 0, retry: false }),
  };
}
