import {
  formatShortDate,
  LICENSE_LABELS,
  STORY_INFO_FILTERS,
  STORY_INFO_ORDERS,
  type StoryInfoFilter,
  type StoryInfoOrder,
  storyCardTexts,
  storyInfoPath,
  storyInfoTexts,
} from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Tabs } from '../components/DiscoveryTabs';
import { ResponsesPanel } from '../components/ResponsesPanel';
import { storyQueries } from '../lib/story-queries';
import { useTRPC } from '../trpc';
import { ClappersList, QuotesList, StorySubPage } from './StorySubPages';

type Info = NonNullable<ReturnType<typeof useStoryInfo>['data']>;

const useStoryInfo = (postId: string) => useQuery(storyQueries(useTRPC()).info(postId));

/** The story's facts as a definition list: dates, length, access, license, publication and reader counts. */
function StoryFacts({ info }: { info: Info }) {
  const rows: [string, ReactNode][] = [];
  if (info.firstPublishedAt) rows.push([storyInfoTexts.published, formatShortDate(info.firstPublishedAt)]);
  if (info.latestPublishedAt && info.latestPublishedAt !== info.firstPublishedAt)
    rows.push([storyInfoTexts.updated, formatShortDate(info.latestPublishedAt)]);
  rows.push(
    [storyInfoTexts.readingTime, storyCardTexts.readingTime(info.readingTime)],
    [storyInfoTexts.words, info.wordCount.toLocaleString('en-US')],
    [storyInfoTexts.access, info.isLocked ? storyCardTexts.memberOnly : storyInfoTexts.everyone],
    [storyInfoTexts.license, LICENSE_LABELS[info.license]],
  );
  if (info.publication)
    rows.push([storyInfoTexts.publication, <a href={info.publication.url}>{info.publication.name}</a>]);
  return (
    <section aria-label={storyInfoTexts.facts}>
      <dl className="q-facts" data-testid="story-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Spec §2 `/p/{postId}/info[/{order}/{filter}]` (the path only; Quire's design): a story's details and one list
 * of what readers did with it (responses, claps or highlights), top or newest first, each view at its own path.
 */
export function StoryInfoPage({
  postId,
  order,
  filter,
}: {
  postId: string;
  order: StoryInfoOrder;
  filter: StoryInfoFilter;
}) {
  const info = useStoryInfo(postId);
  const count = (f: StoryInfoFilter, i: Info) =>
    f === 'responses' ? i.responsesCount : f === 'claps' ? i.clappers : i.highlights;
  return (
    <StorySubPage postId={postId} title={storyInfoTexts.pageTitle}>
      {(post) =>
        info.data ? (
          <>
            <StoryFacts info={info.data} />
            <h2>{storyInfoTexts.activity}</h2>
            <Tabs
              label={storyInfoTexts.activity}
              current={filter}
              tabs={STORY_INFO_FILTERS.map((f) => ({
                key: f,
                label: `${storyInfoTexts.filters[f]} (${count(f, info.data!)})`,
                href: storyInfoPath(postId, order, f),
              }))}
            />
            <Tabs
              label={storyInfoTexts.sortBy}
              current={order}
              tabs={STORY_INFO_ORDERS.map((o) => ({
                key: o,
                label: storyInfoTexts.orders[o],
                href: storyInfoPath(postId, o, filter),
              }))}
            />
            {filter === 'responses' ? (
              <ResponsesPanel
                key={order}
                parent={{ kind: 'story', id: post.id }}
                responsesCount={post.responsesCount}
                canHideResponses={post.viewerCan.hideResponses}
                discussionClosed={post.responsesLocked}
                initialSort={order === 'top' ? 'MOST_RELEVANT' : 'NEWEST'}
              />
            ) : filter === 'claps' ? (
              <ClappersList postId={postId} order={order} />
            ) : (
              <QuotesList postId={postId} storyUrl={post.mediumUrl} order={order} />
            )}
          </>
        ) : null
      }
    </StorySubPage>
  );
}
