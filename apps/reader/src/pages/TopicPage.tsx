import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { StoryList } from './ProfilePage';

/** Spec §2 /topic/{topicSlug} and /tag/{tagSlug}: the topic's name, counts and tagged stories. */
export function TopicPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const topic = useQuery(trpc.topics.bySlug.queryOptions({ slug }, { staleTime: 60_000 }));
  const stories = useInfiniteQuery(
    trpc.topics.stories.infiniteQueryOptions(
      { slug },
      { getNextPageParam: (last) => last.next, staleTime: 60_000 },
    ),
  );
  if (topic.isError) return <NotFoundPage />;
  const tag = topic.data;
  if (!tag) return <main className="q-column" />;
  return (
    <main className="q-column" data-testid="topic">
      <header className="q-topic-header">
        <h1>{tag.name}</h1>
        <p>
          <span>{tag.postCount} stories</span> · <span>{tag.followerCount} followers</span>
        </p>
      </header>
      <StoryList
        pages={stories.data?.pages}
        hasNextPage={stories.hasNextPage}
        isFetchingNextPage={stories.isFetchingNextPage}
        fetchNextPage={stories.fetchNextPage}
        empty={`No stories about ${tag.name} yet.`}
      />
    </main>
  );
}
