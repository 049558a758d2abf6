import type { AudienceDetails, AudiencePeriod, StatsPeriod, WriterStatsTab } from '@quire/domain';
import type { useTRPC } from '../../trpc';

/* The stats pages' queries, apart from the pages: the route table prefetches them without loading the pages. */

type Trpc = ReturnType<typeof useTRPC>;

/** Whose writer stats: the viewer's own (/me/stats…) or by username (/@{username}/stats…, the viewer's own too). */
export type WriterKey = { username?: string };

const paged = { getNextPageParam: <T>(last: { next: T | null }) => last.next, staleTime: 0 };
const fresh = { staleTime: 0, retry: false } as const;

/** The queries of the stats pages, one place for the server's prefetch and the page's render. */
export function statsQueries(trpc: Trpc) {
  const s = trpc.stats;
  return {
    writer: (who: WriterKey, period: StatsPeriod) => s.writer.queryOptions({ ...who, period }, fresh),
    writerTable: (who: WriterKey, period: StatsPeriod, tab: WriterStatsTab) =>
      s.writerTable.infiniteQueryOptions({ ...who, period, tab }, paged),
    story: (postId: string, period: StatsPeriod) => s.story.queryOptions({ postId, period }, fresh),
    audience: (username: string, period: AudiencePeriod, details: AudienceDetails) =>
      s.audience.queryOptions({ username, period, details }, fresh),
    publication: (slug: string, period: StatsPeriod) => s.publication.queryOptions({ slug, period }, fresh),
    publicationStories: (slug: string, period: StatsPeriod) =>
      s.publicationStories.infiniteQueryOptions({ slug, period }, paged),
    publicationDigests: (slug: string) => s.publicationDigests.queryOptions({ slug }, fresh),
  };
}
