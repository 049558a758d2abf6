import { quireRoutes } from '@quire/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { TopicFollowButton } from '../components/FollowButton';
import { PagedItems } from '../components/LoadMore';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { NotFoundPage } from './NotFoundPage';
import { discoveryPageTexts } from './page-params';

/** Spec §2 /topics: every public topic with its followers and stories, linking to the topic's page. */
export function TopicsPage() {
  const topics = useInfiniteQuery(useDiscoveryQueries().topics());
  const items = topics.data?.pages.flatMap((p) => p.topics) ?? [];
  return (
    <main className="q-column" data-testid="topics">
      <h1>{discoveryPageTexts.topics}</h1>
      <PagedItems
        items={items}
        empty={topics.data ? 'No topics yet.' : null}
        listClass="q-topics"
        next={topics}
      >
        {(topic) => (
          <li key={topic.id} className="q-topic-item">
            <a href={quireRoutes.build('ShowTopic', { topicSlug: topic.slug })}>{topic.name}</a>
            <span className="q-card-meta">
              {` ${topic.followerCount} followers · ${topic.postCount} stories`}
            </span>
            <TopicFollowButton topic={topic} followSource="topics_list" />
          </li>
        )}
      </PagedItems>
    </main>
  );
}

/** Spec §2 /trending: the stories with the most claps and responses this week, at most 2 by one writer. */
export function TrendingPage() {
  const stories = useInfiniteQuery(useDiscoveryQueries().trending());
  return (
    <main className="q-column" data-testid="trending">
      <h1>{discoveryPageTexts.trending}</h1>
      <StoryList
        pages={stories.data?.pages}
        next={stories}
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
  const stories = useInfiniteQuery(useDiscoveryQueries().topStories(day));
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
      <StoryList pages={stories.data?.pages} next={stories} empty="No stories were published that day." />
    </main>
  );
}
