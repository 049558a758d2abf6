import type { RouterOutputs } from '@quire/api';
import {
  formatCount,
  formatEarnings,
  formatReadingTime,
  STATS_PERIODS,
  type StatsPeriod,
  statsTexts as texts,
} from '@quire/domain';
import { Card, EmptyState } from '@quire/ui';
import type { ReactNode } from 'react';
import { LoadMore, type NextPage } from '../../components/LoadMore';
import { TabNav } from '../../components/TabNav';
import { StatsChart } from './StatsChart';

/* What every stats page is made of: the period tabs, the number cards, the daily chart and the tables. */

type Totals = RouterOutputs['stats']['writer']['totals'];
type Day = RouterOutputs['stats']['writer']['days'][number];
type StoryItem = RouterOutputs['stats']['writerTable']['items'][number];

/** The numbers a card can show, with how each is written. */
const CARDS = {
  views: (t: Totals) => formatCount(t.views),
  reads: (t: Totals) => formatCount(t.reads),
  readRatio: (t: Totals) => (t.readRatio === null ? texts.noRatio : `${t.readRatio}%`),
  memberReadingTime: (t: Totals) => formatReadingTime(t.memberReadingSeconds),
  earnings: (t: Totals) => formatEarnings(t.earningsCents),
  followersGained: (t: Totals) => formatCount(t.followersGained),
  followersLost: (t: Totals) => formatCount(t.followersLost),
  claps: (t: Totals) => formatCount(t.claps),
  responses: (t: Totals) => formatCount(t.responses),
} as const;
export type CardName = keyof typeof CARDS;

/** A stats page's frame: its title, the tabs above it and what it holds. */
/** A stats table: on a phone it scrolls within itself, and keyboard readers reach it by focusing it. */
export function ScrollTable({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
    <table className="q-stats-table" tabIndex={0} data-testid={testId}>
      {children}
    </table>
  );
}

export function StatsFrame({
  title,
  lead,
  tabs,
  children,
}: {
  title: string;
  lead?: ReactNode;
  tabs?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="q-column q-stats" data-testid="stats-page">
      <h1>{title}</h1>
      {lead}
      {tabs}
      {children}
    </main>
  );
}

/** The period tabs (links, so they work before the page's script runs). */
export function PeriodNav({ current, href }: { current: StatsPeriod; href: (p: StatsPeriod) => string }) {
  return (
    <TabNav
      label={texts.periodLabel}
      tabs={STATS_PERIODS}
      current={current}
      names={texts.periods}
      href={href}
    />
  );
}

/** The days the numbers cover, and how fresh they are. */
export function RangeNote({ range }: { range: { from: string; to: string } }) {
  return (
    <p className="q-stats-note" data-testid="stats-range">
      {texts.range(range.from, range.to)}. {texts.freshness}
    </p>
  );
}

/** The period's totals, a card each. */
export function StatCards({ totals, show }: { totals: Totals; show: readonly CardName[] }) {
  return (
    <dl className="q-stats-cards" data-testid="stats-totals">
      {show.map((name) => (
        <Card key={name} className="q-stats-card">
          <dt>{texts[name]}</dt>
          <dd data-stat={name}>{CARDS[name](totals)}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** Views and reads a day, drawn as a chart. */
export function DailyChart({ days }: { days: readonly Day[] }) {
  return (
    <StatsChart
      label={texts.chartLabel(texts.views)}
      days={days.map((d) => d.day)}
      lines={[
        { label: texts.views, values: days.map((d) => d.views) },
        { label: texts.reads, values: days.map((d) => d.reads) },
      ]}
    />
  );
}

/** The most days the days table lists (the chart and the CSV have them all). */
const DAYS_LISTED = 30;

/** The latest days with anything in them, newest first, as a table (the chart's numbers as text). */
export function DaysTable({ days, earnings = true }: { days: readonly Day[]; earnings?: boolean }) {
  const active = days
    .filter((d) => d.views || d.reads || d.claps || d.responses || d.earningsCents)
    .slice(-DAYS_LISTED)
    .reverse();
  if (!active.length) return null;
  return (
    <ScrollTable testId="stats-days">
      <thead>
        <tr>
          <th scope="col">{texts.day}</th>
          <th scope="col">{texts.views}</th>
          <th scope="col">{texts.reads}</th>
          <th scope="col">{texts.memberReadingTime}</th>
          <th scope="col">{texts.claps}</th>
          {earnings ? <th scope="col">{texts.earnings}</th> : null}
        </tr>
      </thead>
      <tbody>
        {active.map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{formatCount(d.views)}</td>
            <td>{formatCount(d.reads)}</td>
            <td>{formatReadingTime(d.memberReadingSeconds)}</td>
            <td>{formatCount(d.claps)}</td>
            {earnings ? <td>{formatEarnings(d.earningsCents)}</td> : null}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Stories (or responses) with their numbers over the period, each linking to its own stats. */
export function StoriesTable({
  items,
  empty,
  href,
  next,
  earnings = true,
}: {
  items: readonly StoryItem[];
  empty: string;
  href: (item: StoryItem) => string;
  next: NextPage;
  earnings?: boolean;
}) {
  if (!items.length) return <EmptyState title={empty} testId="stats-empty" />;
  return (
    <>
      <ScrollTable testId="stats-stories">
        <thead>
          <tr>
            <th scope="col">{texts.story}</th>
            <th scope="col">{texts.views}</th>
            <th scope="col">{texts.reads}</th>
            <th scope="col">{texts.readRatio}</th>
            <th scope="col">{texts.memberReadingTime}</th>
            {earnings ? <th scope="col">{texts.earnings}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid="stats-story">
              <th scope="row">
                <a href={href(item)}>{item.title || item.id}</a>
                <span className="q-stats-note">{item.publishedAt.slice(0, 10)}</span>
              </th>
              <td>{formatCount(item.views)}</td>
              <td>{formatCount(item.reads)}</td>
              <td>{item.readRatio === null ? texts.noRatio : `${item.readRatio}%`}</td>
              <td>{formatReadingTime(item.memberReadingSeconds)}</td>
              {earnings ? <td>{formatEarnings(item.earningsCents)}</td> : null}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <LoadMore {...next} />
    </>
  );
}
