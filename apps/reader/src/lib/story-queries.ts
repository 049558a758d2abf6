import type { AppRouter } from '@quire/api';
import type { ResponseSortType, StoryInfoOrder } from '@quire/domain';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';

/**
 * The queries of the pages about a story (claps, highlights, details), one place for both the server's prefetch
 * and the page's render, so the two always use the same query keys.
 */
export function storyQueries(trpc: TRPCOptionsProxy<AppRouter>) {
  return {
    clappers: (postId: string, order: StoryInfoOrder) =>
      trpc.posts.clappers.infiniteQueryOptions({ postId, order }, { getNextPageParam: (last) => last.next }),
    quotes: (postId: string, order: StoryInfoOrder) => trpc.highlights.quotes.queryOptions({ postId, order }),
    /** A story's first page of responses in `sort` (the list a responses panel loads first). */
    responses: (postId: string, sort: ResponseSortType) =>
      trpc.posts.responses.infiniteQueryOptions({ postId, sort }, { getNextPageParam: (last) => last.next }),
    info: (postId: string) => trpc.posts.info.queryOptions({ postId }),
  };
}
