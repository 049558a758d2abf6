import type { RouterOutputs } from '@quire/api';
import { pageFeeds } from '@quire/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type TagTab, TagTabs } from '../components/DiscoveryTabs';
import { FeedLink } from '../components/FeedLink';
import { TopicFollowButton } from '../components/FollowButton';
import { RelatedTopics } from '../components/HomeModules';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { usePageLocation } from '../lib/location';
import { EntityColumn } from './EntityColumn';

type TopicHeader = RouterOutputs['topics']['bySlug'];

/**
 * A topic or tag page: its name and counts, its related topics (spec §9 RELATED_TAGS), its tabs and the page's own
 * content; an unknown slug is a 404.
 */
export function TopicLayout({
  slug,
  tab,
  children,
}: {
  slug: string;
  tab: TagTab;
  children: (tag: TopicHeader) => ReactNode;
}) {
  const q = useDiscoveryQueries();
  const topic = useQuery(q.topic(slug));
  const related = useQuery(q.topicRelated(slug));
  // /topic/{slug} links the topic's feed, /tag/{slug} the tag's.
  const feedOf = usePageLocation().pathname.startsWith('/topic/') ? pageFeeds.topic : pageFeeds.tag;
  return (
    <EntityColumn isError={topic.isError} entity={topic.data} testId="topic">
      {(tag) => (
        <>
          <header className="q-topic-header">
            <h1>{tag.name}</h1>
            <p>
              <span>{tag.postCount} stories</span> · <span>{tag.followerCount} followers</span> ·{' '}
              <FeedLink feed={feedOf(tag)} />
            </p>
            <TopicFollowButton topic={tag} followSource="topic_header" />
            <RelatedTopics related={related.data} />
          </header>
          <TagTabs tagSlug={tag.slug} current={tab} />
          {children(tag)}
        </>
      )}
    </EntityColumn>
  );
}

/** Spec §2 /topic/{topicSlug}, /tag/{tagSlug} and /tag/{tagSlug}/latest: the tagged stories, newest first. */
export function TopicPage({ slug }: { slug: string }) {
  const stories = useInfiniteQuery(useDiscoveryQueries().topicStories(slug));
  return (
    <TopicLayout slug={slug} tab="latest">
      {(tag) => (
        <StoryList pages={stories.data?.pages} next={stories} empty={`No stories about ${tag.name} yet.`} />
      )}
    </TopicLayout>
  );
}
