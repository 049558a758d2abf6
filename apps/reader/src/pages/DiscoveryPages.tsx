import { quireRoutes } from '@quire/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '../components/LoadMore';
import { discoveryQueries } from '../lib/discovery-queries';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { StoryList } from './ProfilePage';

/** Not from the spec (it gives the paths only): the discovery pages' titles. */
export const discoveryPageTexts = {
  topics: 'Topics',
  trending: 'Trending',
  topStories: 'Top stories',
  previousDay: '← Previous day',
  nextDay: 'Next day →',
} as const;

const useQueries = () => discoveryQueries(useTRPC());

/** Spec §2 /topics: every public topic with its followers and stories, linking to the topic's page. */
export function TopicsPage() {
  const topics = useInfiniteQuery(useQueries().topics());
  const items = topics.data?.pages.flatMap((p) => p.topics) ?? [];
  return (
    <main className="q-column" data-testid="topics">
      <h1>{discoveryPageTexts.topics}</h1>
      {items.length === 0 && topics.data ? <p className="q-empty">No topics yet.</p> : null}
      <ul className="q-topics">
        {items.map((topic) => (
          <li key={topic.id} className="q-topic-item">
            <a href={quireRoutes.build('ShowTopic', { topicSlug: topic.slug })}>{topic.name}</a>
            <span className="q-card-meta">
              {` ${topic.followerCount} followers · ${topic.postCount} stories`}
            </span>
          </li>
        ))}
      </ul>
      <LoadMore {...topics} />
    </main>
  );
}

/** Spec §2 /trending: the stories with the most claps and responses this week, at most 2 by one writer. */
export function TrendingPage() {
  const stories = useInfiniteQuery(useQueries().trending());
  return (
    <main className="q-column" data-testid="trending">
      <h1>{discoveryPageTexts.trending}</h1>
      <StoryList
        pages={stories.data?.pages}
        hasNextPage={stories.hasNextPage}
        isFetchingNextPage={stories.isFetchingNextPage}
        fetchNextPage={stories.fetchNextPage}
        empty="Nothing has drawn claps or responses this week yet."
      />
    </main>
  );
}

/**
 * Spec §2 /top-stories[/{monthDayYearSlug}] (and /browse/top): a day's stories with the most claps, with links
 * to the day before and after. `routeName` is the route the links stay on.
 */
export function TopStoriesPage({
  day,
  routeName,
}: {
  day: string | null;
  routeName: 'top-stories' | 'browse';
}) {
  const stories = useInfiniteQuery(useQueries().topStories(day));
  if (stories.isError) return <NotFoundPage />;
  const first = stories.data?.pages[0];
  const link = (slug: string) =>
    quireRoutes.build(
      routeName === 'browse' ? 'ShowBrowseTopByMonthDayYearSlug' : 'ShowTopStoriesByMonthDayYearSlug',
      { monthDayYearSlug: slug },
    );
  return (
    <main className="q-column" data-testid="top-stories">
      <h1>{discoveryPageTexts.topStories}</h1>
      {first ? (
        <nav className="q-archive-nav" aria-label="Days">
          <p>
            <a href={link(first.previousDay)}>{discoveryPageTexts.previousDay}</a>
            <strong>{first.day.label}</strong>
            {first.nextDay ? <a href={link(first.nextDay)}>{discoveryPageTexts.nextDay}</a> : null}
          </p>
        </nav>
      ) : null}
      <StoryList
        pages={stories.data?.pages}
        hasNextPage={stories.hasNextPage}
        isFetchingNextPage={stories.isFetchingNextPage}
        fetchNextPage={stories.fetchNextPage}
        empty="No stories were published that day."
      />
    </main>
  );
}
