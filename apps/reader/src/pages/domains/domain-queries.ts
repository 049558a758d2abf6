import type { useTRPC } from '../../trpc';

type Trpc = ReturnType<typeof useTRPC>;

/** How often the page asks again while the domain waits for its records or is being verified. */
const WAITING_POLL_MS = 30_000;

/** The queries of the domain pages, one place for the server's prefetch and the page's render. */
export function domainQueries(trpc: Trpc) {
  return {
    /** The viewer's own domain, or with an id the publication's. */
    current: (collectionId?: string) =>
      trpc.customDomains.current.queryOptions(collectionId ? { collectionId } : undefined, {
        staleTime: 0,
        refetchInterval: (query) => {
          const status = query.state.data?.domain?.status;
          return status === 'PENDING' || status === 'VERIFYING' ? WAITING_POLL_MS : false;
        },
      }),
    subdomain: () => trpc.customDomains.subdomain.queryOptions(undefined, { staleTime: 0 }),
  };
}
