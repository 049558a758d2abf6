import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { StoryList } from './ProfilePage';

/** Spec §2 /{collectionSlug}: the publication's name, tagline and latest stories. */
export function PublicationPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const home = useInfiniteQuery(
    trpc.publications.home.infiniteQueryOptions(
      { slug },
      { getNextPageParam: (last) => last.stories.next, staleTime: 60_000 },
    ),
  );
  if (home.isError) return <NotFoundPage />;
  const publication = home.data?.pages[0];
  if (!publication) return <main className="q-column" />;
  return (
    <main className="q-column" data-testid="publication">
      <header className="q-publication-header">
        <h1>{publication.name}</h1>
        {publication.tagline || publication.description ? (
          <p>{publication.tagline || publication.description}</p>
        ) : null}
      </header>
      <StoryList
        pages={home.data?.pages.map((page) => page.stories)}
        hasNextPage={home.hasNextPage}
        isFetchingNextPage={home.isFetchingNextPage}
        fetchNextPage={home.fetchNextPage}
        empty={`${publication.name} has not published any stories yet.`}
      />
    </main>
  );
}
