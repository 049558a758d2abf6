import type { RouterOutputs } from '@quire/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type TagTab, TagTabs } from '../components/DiscoveryTabs';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { StoryList } from './ProfilePage';

type TopicHeader = RouterOutputs['topics']['bySlug'];

/** A topic or tag page: its name and counts, its tabs and the page's own content; an unknown slug is a 404. */
export function TopicLayout({
  slug,
  tab,
  children,
}: {
  slug: string;
  tab: TagTab;
  children: (tag: TopicHeader) => ReactNode;
}) {
  const trpc = useTRPC();
  const topic = useQuery(trpc.topics.bySlug.queryOptions({ slug }, { staleTime: 60_000 }));
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
      <TagTabs tagSlug={tag.slug} current={tab} />
      {children(tag)}
    </main>
  );
}

/** Spec §2 /topic/{topicSlug}, /tag/{tagSlug} and /tag/{tagSlug}/latest: the tagged stories, newest first. */
export function TopicPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const stories = useInfiniteQuery(
    trpc.topics.stories.infiniteQueryOptions(
      { slug },
      { getNextPageParam: (last) => last.next, staleTime: 60_000 },
    ),
  );
  return (
    <TopicLayout slug={slug} tab="latest">
      {(tag) => (
        <StoryList
          pages={stories.data?.pages}
          hasNextPage={stories.hasNextPage}
          isFetchingNextPage={stories.isFetchingNextPage}
          fetchNextPage={stories.fetchNextPage}
          empty={`No stories about ${tag.name} yet.`}
        />
      )}
    </TopicLayout>
  );
}
