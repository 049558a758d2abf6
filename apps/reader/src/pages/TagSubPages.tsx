import { quireRoutes, storyCardTexts, TOP_TIME_PERIODS, type TopTimePeriod } from '@quire/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArchiveNav } from '../components/ArchiveNav';
import { PeopleList } from '../components/PeopleList';
import { StoryList } from '../components/StoryList';
import { type ArchiveParams, useDiscoveryQueries } from '../lib/discovery-queries';
import { NotFoundPage } from './NotFoundPage';
import { TopicLayout } from './TopicPage';

/** Not from the spec: how the top-stories periods read. */
export const TOP_PERIOD_LABELS: Record<TopTimePeriod, string> = {
  day: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
  'all-time': 'All time',
};

/** Spec §2 /tag/{tagSlug}/top/{timePeriod}: the tagged stories of the period with the most claps. */
export function TagTopPage({ slug, timePeriod }: { slug: string; timePeriod: TopTimePeriod }) {
  const stories = useInfiniteQuery(useDiscoveryQueries().tagTop(slug, timePeriod));
  return (
    <TopicLayout slug={slug} tab="top">
      {(tag) => (
        <>
          <nav className="q-archive-nav" aria-label="Time period">
            <p>
              {(Object.keys(TOP_TIME_PERIODS) as TopTimePeriod[]).map((period) => (
                <a
                  key={period}
                  href={quireRoutes.build('ShowTagByTagSlugTopByTimePeriod', {
                    tagSlug: tag.slug,
                    timePeriod: period,
                  })}
                  aria-current={period === timePeriod ? 'page' : undefined}
                >
                  {TOP_PERIOD_LABELS[period]}
                </a>
              ))}
            </p>
          </nav>
          <StoryList
            pages={stories.data?.pages}
            next={stories}
            empty={`No stories about ${tag.name} in this period.`}
          />
        </>
      )}
    </TopicLayout>
  );
}

/** Spec §2 /tag/{tagSlug}/top-writers: the writers whose stories with the tag drew the most claps. */
export function TagTopWritersPage({ slug }: { slug: string }) {
  const writers = useInfiniteQuery(useDiscoveryQueries().tagTopWriters(slug));
  const people = writers.data?.pages.flatMap((p) => p.writers) ?? [];
  const claps = new Map(people.map((w) => [w.id, w.claps]));
  return (
    <TopicLayout slug={slug} tab="topWriters">
      {(tag) => (
        <PeopleList
          label={`Top writers in ${tag.name}`}
          people={people}
          empty={`No one has written about ${tag.name} yet.`}
          note={(person) => ` · ${storyCardTexts.claps(claps.get(person.id) ?? 0)}`}
          next={writers}
        />
      )}
    </TopicLayout>
  );
}

/** Spec §2 /tag/{tagSlug}/archive[/{year}[/{month}[/{day}]]]: tagged stories by date. */
export function TagArchivePage({ slug, at }: { slug: string; at: ArchiveParams }) {
  const q = useDiscoveryQueries();
  const index = useQuery(q.tagArchive(slug, at));
  const stories = useInfiniteQuery(q.tagArchiveStories(slug, at));
  if (index.isError) return <NotFoundPage />;
  return (
    <TopicLayout slug={slug} tab="archive">
      {(tag) => (
        <>
          <ArchiveNav route="ShowTagByTagSlug" params={{ tagSlug: slug }} index={index.data} at={at} />
          <StoryList
            pages={stories.data?.pages}
            next={stories}
            empty={`No stories about ${tag.name} then.`}
          />
        </>
      )}
    </TopicLayout>
  );
}
