import type { ExportStatus } from '@quire/domain';
import type { useTRPC } from '../../trpc';

// The export pages' queries, apart from the pages: the route table prefetches them without loading the pages.

type Trpc = ReturnType<typeof useTRPC>;

/** How often a page showing an export on its way asks for its progress. */
const PROGRESS_POLL_MS = 1000;

export const onItsWay = (status: ExportStatus) => status === 'QUEUED' || status === 'RUNNING';

/** The queries of the export pages, one place for the server's prefetch and the page's render. */
export function exportQueries(trpc: Trpc) {
  return {
    list: () =>
      trpc.exports.list.queryOptions(undefined, {
        staleTime: 0,
        refetchInterval: (query) =>
          query.state.data?.exports.some((e) => onItsWay(e.status)) ? PROGRESS_POLL_MS : false,
      }),
    byId: (exportId: string) =>
      trpc.exports.byId.queryOptions(
        { exportId },
        {
          staleTime: 0,
          retry: false,
          refetchInterval: (query) =>
            query.state.data && onItsWay(query.state.data.status) ? PROGRESS_POLL_MS : false,
        },
      ),
  };
}
