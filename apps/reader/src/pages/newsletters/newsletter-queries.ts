import type { useTRPC } from '../../trpc';

// The newsletter pages' queries, apart from the pages: the route table prefetches them without loading the pages.

type Trpc = ReturnType<typeof useTRPC>;

/** The queries of the subscribe pages and /me/newsletters, one place for the server's prefetch and the page's render. */
export function newsletterQueries(trpc: Trpc) {
  return {
    writerLanding: (username: string) =>
      trpc.newsletters.writerLanding.queryOptions({ username }, { retry: false }),
    publicationLanding: (slug: string, newsletterSlug: string) =>
      trpc.newsletters.publicationLanding.queryOptions({ slug, newsletterSlug }, { retry: false }),
    mine: () => trpc.newsletters.mine.queryOptions(undefined, { staleTime: 0, retry: false }),
    state: (newsletterId: string) => trpc.newsletters.state.queryOptions({ newsletterId }, { retry: false }),
  };
}
