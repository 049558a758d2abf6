import type { AppRouter } from '@quire/api';
import type { TopTimePeriod } from '@quire/domain';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useTRPC } from '../trpc';

type Trpc = TRPCOptionsProxy<AppRouter>;

/** Discovery data changes slowly: a minute before the browser asks again. */
const STALE_MS = 60_000;

const paged = { getNextPageParam: <T>(last: { next: T | null }) => last.next, staleTime: STALE_MS };

/** An archive selection as the path gives it (segments not present are left out of the query key). */
export interface ArchiveParams {
  year?: string;
  month?: string;
  day?: string;
}

const archiveInput = ({ year, month, day }: ArchiveParams) => ({
  ...(year ? { year } : {}),
  ...(month ? { month } : {}),
  ...(day ? { day } : {}),
});

/**
 * The queries of the discovery pages, one place for both the server's prefetch and the page's render, so the
 * two always use the same query keys.
 */
export function discoveryQueries(trpc: Trpc) {
  const d = trpc.discovery;
  return {
    profile: (username: string) =>
      trpc.profiles.byUsername.queryOptions({ username }, { staleTime: STALE_MS }),
    profileStories: (username: string) => trpc.profiles.stories.infiniteQueryOptions({ username }, paged),
    publicationHome: (slug: string) =>
      trpc.publications.home.infiniteQueryOptions(
        { slug },
        { getNextPageParam: (last) => last.stories.next, staleTime: STALE_MS },
      ),
    topic: (slug: string) => trpc.topics.bySlug.queryOptions({ slug }, { staleTime: STALE_MS }),
    topicStories: (slug: string) => trpc.topics.stories.infiniteQueryOptions({ slug }, paged),
    topicRelated: (slug: string) => trpc.topics.related.queryOptions({ slug }, { staleTime: STALE_MS }),

    profileAbout: (username: string) => d.profile.about.queryOptions({ username }, { staleTime: STALE_MS }),
    profileFollowers: (username: string) => d.profile.followers.infiniteQueryOptions({ username }, paged),
    profileFollowing: (username: string) => d.profile.following.infiniteQueryOptions({ username }, paged),
    profileResponses: (username: string) => d.profile.responses.infiniteQueryOptions({ username }, paged),
    profileRecommended: (username: string) => d.profile.recommended.infiniteQueryOptions({ username }, paged),
    profileHighlights: (username: string) => d.profile.highlights.infiniteQueryOptions({ username }, paged),
    profileSeries: (username: string) => d.profile.series.queryOptions({ username }, { staleTime: STALE_MS }),
    profileLists: (username: string) => d.profile.lists.infiniteQueryOptions({ username }, paged),
    readingList: () => trpc.lists.readingList.infiniteQueryOptions({}, paged),
    listShareLinks: (catalogId: string) =>
      trpc.lists.shareLinks.queryOptions({ catalogId }, { staleTime: STALE_MS }),
    popularLists: () => trpc.lists.popular.infiniteQueryOptions({}, paged),
    listBySlugId: (catalogSlugId: string) =>
      trpc.lists.bySlugId.queryOptions({ catalogSlugId }, { staleTime: STALE_MS }),
    profileList: (username: string, catalogSlugId: string) =>
      d.profile.list.queryOptions({ username, catalogSlugId }, { staleTime: STALE_MS }),
    profileListItems: (username: string, catalogSlugId: string) =>
      d.profile.listItems.infiniteQueryOptions({ username, catalogSlugId }, paged),

    publicationAbout: (slug: string) => d.publication.about.queryOptions({ slug }, { staleTime: STALE_MS }),
    publicationTrending: (slug: string) => d.publication.trending.infiniteQueryOptions({ slug }, paged),
    publicationFeaturePage: (slug: string, topicSlug: string) =>
      d.publication.featurePage.queryOptions({ slug, topicSlug }, { staleTime: STALE_MS }),
    publicationFeatured: (slug: string) =>
      d.publication.featured.queryOptions({ slug }, { staleTime: STALE_MS }),
    publicationAll: (slug: string, page: number) =>
      d.publication.all.queryOptions({ slug, page }, { staleTime: STALE_MS }),
    publicationArchive: (slug: string, at: ArchiveParams) =>
      d.publication.archive.queryOptions({ slug, ...archiveInput(at) }, { staleTime: STALE_MS }),
    publicationArchiveStories: (slug: string, at: ArchiveParams) =>
      d.publication.archiveStories.infiniteQueryOptions({ slug, ...archiveInput(at) }, paged),
    publicationTagged: (slug: string, tagSlug: string) =>
      d.publication.tagged.infiniteQueryOptions({ slug, tagSlug }, paged),
    publicationFollowers: (slug: string) => d.publication.followers.infiniteQueryOptions({ slug }, paged),
    publicationWriter: (slug: string, username: string) =>
      d.publication.writer.queryOptions({ slug, username }, { staleTime: STALE_MS }),
    publicationWriterStories: (slug: string, username: string) =>
      d.publication.writerStories.infiniteQueryOptions({ slug, username }, paged),

    tagTop: (slug: string, timePeriod: TopTimePeriod) =>
      d.tag.top.infiniteQueryOptions({ slug, timePeriod }, paged),
    tagTopWriters: (slug: string) => d.tag.topWriters.infiniteQueryOptions({ slug }, paged),
    tagArchive: (slug: string, at: ArchiveParams) =>
      d.tag.archive.queryOptions({ slug, ...archiveInput(at) }, { staleTime: STALE_MS }),
    tagArchiveStories: (slug: string, at: ArchiveParams) =>
      d.tag.archiveStories.infiniteQueryOptions({ slug, ...archiveInput(at) }, paged),

    topics: () => d.topics.infiniteQueryOptions({}, paged),
    trending: () => d.trending.infiniteQueryOptions({}, paged),
    topStories: (day: string | null) => d.topStories.infiniteQueryOptions(day ? { day } : {}, paged),
  };
}

/** The discovery queries inside a component. */
export const useDiscoveryQueries = () => discoveryQueries(useTRPC());
