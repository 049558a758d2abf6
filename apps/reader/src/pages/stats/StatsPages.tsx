import {
  AUDIENCE_DETAILS,
  AUDIENCE_PERIODS,
  type AudienceDetails,
  type AudiencePeriod,
  formatCount,
  formatEarnings,
  formatLongDate,
  formatReadingTime,
  PUBLICATION_STATS_TABS,
  type PublicationStatsTab,
  type StatsPeriod,
  storyStatsCsvPath,
  statsTexts as texts,
  WRITER_STATS_TABS,
  type WriterStatsTab,
} from '@quire/domain';
import { buttonClass, EmptyState } from '@quire/ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { TabNav } from '../../components/TabNav';
import { useTRPC } from '../../trpc';
import { StatsChart } from './StatsChart';
import {
  DailyChart,
  DaysTable,
  PeriodNav,
  RangeNote,
  ScrollTable,
  StatCards,
  StatsFrame,
  StoriesTable,
} from './StatsParts';
import { statsPaths } from './stats-paths';
import { statsQueries } from './stats-queries';

/* The stats pages (spec §2): a writer's, a story's, a writer's audience and a publication's. */

const withPeriod = (path: string, period: StatsPeriod) => `${path}?period=${period}`;

/** Spec §2 /me/stats[/responses|/series] and /@{username}/stats…: the writer's own numbers and their table. */
export function WriterStatsPage({
  username,
  tab,
  period,
}: {
  username?: string;
  tab: WriterStatsTab;
  period: StatsPeriod;
}) {
  const q = statsQueries(useTRPC());
  const who = username ? { username } : {};
  const stats = useQuery(q.writer(who, period));
  const table = useInfiniteQuery(q.writerTable(who, period, tab));
  const paths = statsPaths.writer(username);
  const data = stats.data;
  const page = table.data?.pages;
  const items = page?.flatMap((p) => p.items) ?? [];
  const series = page?.[0]?.series ?? [];
  return (
    <StatsFrame
      title={texts.title}
      lead={
        data ? (
          <p className="q-stats-note">
            <a href={statsPaths.audience(data.writer.username)}>{texts.audienceTitle}</a>
          </p>
        ) : null
      }
      tabs={
        <TabNav
          label={texts.tabsLabel}
          tabs={WRITER_STATS_TABS}
          current={tab}
          names={texts.tabs}
          href={(t) => withPeriod(paths.tab(t), period)}
        />
      }
    >
      <PeriodNav current={period} href={(p) => withPeriod(paths.tab(tab), p)} />
      {data ? (
        <>
          <RangeNote range={data.range} />
          <StatCards
            totals={data.totals}
            show={['views', 'reads', 'readRatio', 'memberReadingTime', 'earnings', 'followersGained']}
          />
          <DailyChart days={data.days} />
        </>
      ) : null}
      <h2>{texts.tabs[tab]}</h2>
      {tab === 'series' ? (
        series.length ? (
          <ScrollTable testId="stats-series">
            <thead>
              <tr>
                <th scope="col">{texts.series}</th>
                <th scope="col">{texts.storiesInSeries}</th>
                <th scope="col">{texts.views}</th>
                <th scope="col">{texts.reads}</th>
                <th scope="col">{texts.memberReadingTime}</th>
                <th scope="col">{texts.earnings}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>{formatCount(s.stories)}</td>
                  <td>{formatCount(s.views)}</td>
                  <td>{formatCount(s.reads)}</td>
                  <td>{formatReadingTime(s.memberReadingSeconds)}</td>
                  <td>{formatEarnings(s.earningsCents)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ) : page ? (
          <EmptyState title={texts.emptySeries} testId="stats-empty" />
        ) : null
      ) : page ? (
        <StoriesTable
          items={items}
          empty={tab === 'responses' ? texts.emptyResponses : texts.emptyStories}
          href={(item) => withPeriod(statsPaths.story(item.id), period)}
          next={table}
        />
      ) : null}
    </StatsFrame>
  );
}

/** Spec §2 /me/stats/post/{postId}: one story's numbers, its daily chart and table, and its days as CSV. */
export function StoryStatsPage({ postId, period }: { postId: string; period: StatsPeriod }) {
  const stats = useQuery(statsQueries(useTRPC()).story(postId, period));
  const data = stats.data;
  return (
    <StatsFrame
      title={texts.storyTitle}
      lead={
        data ? (
          <p className="q-stats-lead">
            <a href={`/p/${data.story.id}`} data-testid="stats-story-title">
              {data.story.title || data.story.id}
            </a>
            {data.story.publishedAt ? (
              <span className="q-stats-note"> · {formatLongDate(new Date(data.story.publishedAt))}</span>
            ) : null}
          </p>
        ) : null
      }
    >
      <p className="q-stats-note">
        <a href={withPeriod('/me/stats', period)}>{texts.allStories}</a>
      </p>
      <PeriodNav current={period} href={(p) => withPeriod(statsPaths.story(postId), p)} />
      {data ? (
        <>
          <RangeNote range={data.range} />
          <StatCards
            totals={data.totals}
            show={['views', 'reads', 'readRatio', 'memberReadingTime', 'earnings', 'claps', 'responses']}
          />
          <DailyChart days={data.days} />
          <p className="q-settings-actions">
            <a className={buttonClass('outline', 's')} href={storyStatsCsvPath(postId, period)} download>
              {texts.downloadCsv}
            </a>
          </p>
          <DaysTable days={data.days} />
        </>
      ) : null}
    </StatsFrame>
  );
}

/** Spec §2 /@{username}/audience[/{details}]: followers (or subscribers) per day, week or month. */
export function AudiencePage({
  username,
  details,
  period,
}: {
  username: string;
  details: AudienceDetails;
  period: AudiencePeriod;
}) {
  const stats = useQuery(statsQueries(useTRPC()).audience(username, period, details));
  const data = stats.data;
  const path = (d: AudienceDetails) => statsPaths.audience(username, d);
  return (
    <StatsFrame
      title={texts.audienceTitle}
      lead={
        <p className="q-stats-note">
          <a href={statsPaths.writer(username).tab('stories')}>{texts.title}</a>
        </p>
      }
      tabs={
        <TabNav
          label={texts.audienceTitle}
          tabs={AUDIENCE_DETAILS}
          current={details}
          names={texts.audienceDetails}
          href={(d) => `${path(d)}?period=${period}`}
        />
      }
    >
      <TabNav
        label={texts.periodLabel}
        tabs={AUDIENCE_PERIODS}
        current={period}
        names={texts.audiencePeriods}
        href={(p) => `${path(details)}?period=${p}`}
      />
      {data ? (
        details === 'subscribers' && !data.hasNewsletter ? (
          <EmptyState title={texts.emptySubscribers} testId="stats-empty" />
        ) : (
          <>
            <dl className="q-stats-cards" data-testid="stats-totals">
              <div className="q-surface q-stats-card">
                <dt>{details === 'followers' ? texts.followers : texts.subscribers}</dt>
                <dd data-stat="current">{formatCount(data.current)}</dd>
              </div>
            </dl>
            <StatsChart
              label={texts.audienceDetails[details]}
              days={data.buckets.map((b) => b.start)}
              lines={[{ label: texts.total, values: data.buckets.map((b) => b.total) }]}
            />
            <ScrollTable testId="stats-audience">
              <thead>
                <tr>
                  <th scope="col">{texts.audiencePeriods[period]}</th>
                  <th scope="col">{texts.gained}</th>
                  <th scope="col">{texts.lost}</th>
                  <th scope="col">{texts.total}</th>
                </tr>
              </thead>
              <tbody>
                {[...data.buckets].reverse().map((b) => (
                  <tr key={b.start}>
                    <th scope="row">{b.start}</th>
                    <td>{formatCount(b.gained)}</td>
                    <td>{formatCount(b.lost)}</td>
                    <td>{formatCount(b.total)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        )
      ) : null}
    </StatsFrame>
  );
}

/** Spec §2 /{collectionSlug}/stats[/overview|/stories|/publication-digests], for its owner and editors. */
export function PublicationStatsPage({
  slug,
  tab,
  period,
}: {
  slug: string;
  tab: PublicationStatsTab;
  period: StatsPeriod;
}) {
  const q = statsQueries(useTRPC());
  const overview = useQuery({ ...q.publication(slug, period), enabled: tab === 'overview' });
  const stories = useInfiniteQuery({ ...q.publicationStories(slug, period), enabled: tab === 'stories' });
  const digests = useQuery({ ...q.publicationDigests(slug), enabled: tab === 'publication-digests' });
  const publication =
    overview.data?.publication ?? stories.data?.pages[0]?.publication ?? digests.data?.publication;
  const paths = statsPaths.publication(slug);
  return (
    <StatsFrame
      title={publication ? `${publication.name} – ${texts.publicationTitle}` : texts.publicationTitle}
      tabs={
        <TabNav
          label={texts.publicationTitle}
          tabs={PUBLICATION_STATS_TABS}
          current={tab}
          names={texts.publicationTabs}
          href={(t) => (t === 'publication-digests' ? paths(t) : withPeriod(paths(t), period))}
        />
      }
    >
      {tab === 'publication-digests' ? null : (
        <PeriodNav current={period} href={(p) => withPeriod(paths(tab), p)} />
      )}
      {tab === 'overview' && overview.data ? (
        <>
          <RangeNote range={overview.data.range} />
          <StatCards
            totals={overview.data.totals}
            show={['views', 'reads', 'readRatio', 'memberReadingTime', 'followersGained', 'followersLost']}
          />
          <DailyChart days={overview.data.days} />
          <DaysTable days={overview.data.days} earnings={false} />
        </>
      ) : null}
      {tab === 'stories' && stories.data ? (
        <>
          <RangeNote range={stories.data.pages[0]!.range} />
          <StoriesTable
            items={stories.data.pages.flatMap((p) => p.items)}
            empty={texts.emptyPublicationStories}
            href={(item) => withPeriod(statsPaths.story(item.id), period)}
            next={stories}
            earnings={false}
          />
        </>
      ) : null}
      {tab === 'publication-digests' && digests.data ? (
        digests.data.digests.length ? (
          <ScrollTable testId="stats-digests">
            <thead>
              <tr>
                <th scope="col">{texts.story}</th>
                <th scope="col">{texts.sentAt}</th>
                <th scope="col">{texts.recipients}</th>
              </tr>
            </thead>
            <tbody>
              {digests.data.digests.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    {d.story ? <a href={`/p/${d.story.id}`}>{d.story.title || d.story.id}</a> : d.subject}
                  </th>
                  <td>{formatLongDate(new Date(d.sentAt))}</td>
                  <td>{formatCount(d.recipients)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ) : (
          <EmptyState title={texts.emptyDigests} testId="stats-empty" />
        )
      ) : null}
    </StatsFrame>
  );
}
