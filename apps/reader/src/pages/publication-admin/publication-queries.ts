import type { PublicationStoryFilter } from '@quire/domain';
import type { useTRPC } from '../../trpc';

/* The back office's queries shared by the routes' prefetch and the pages, apart so the routes load no page code. */

/** A tab's pages of a publication's stories. */
export const publicationStoriesQuery = (
  trpc: ReturnType<typeof useTRPC>,
  slug: string,
  filterBy: PublicationStoryFilter,
) =>
  trpc.publicationStories.list.infiniteQueryOptions(
    { slug, filterBy },
    { getNextPageParam: (last) => last.next, staleTime: 0 },
  );
