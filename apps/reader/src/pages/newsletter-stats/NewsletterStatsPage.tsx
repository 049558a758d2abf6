import type { RouterOutputs } from '@quire/api';
import { formatShortDate, newsletterStatsTexts as texts } from '@quire/domain';
import { Button, EmptyState } from '@quire/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../trpc';
import { ScrollTable } from '../stats/StatsParts';
import { newsletterStatsQueries } from './newsletter-stats-queries';

type Issue = RouterOutputs['newsletterStats']['issues']['issues'][number];

const count = (n: number | null) => (n === null ? texts.notTracked : n.toLocaleString('en-US'));

/** When an issue went out, or where it is on its way. */
const sentLabel = (issue: Issue) =>
  issue.sentAt ? formatShortDate(issue.sentAt) : issue.status === 'SENDING' ? texts.sending : texts.queued;

/** Spec §2 /newsletters/{newsletterV3Id}/stats: each issue's recipients, deliveries, bounces, opens, clicks, unsubscribes. */
export function NewsletterStatsPage({ newsletterId }: { newsletterId: string }) {
  const query = useInfiniteQuery(newsletterStatsQueries(useTRPC()).issues(newsletterId));
  const first = query.data?.pages[0];
  if (!first) return null;
  const issues = query.data?.pages.flatMap((p) => p.issues) ?? [];
  const { newsletter } = first;
  const c = texts.columns;
  return (
    <main className="q-column q-stats" data-testid="newsletter-stats">
      <h1>{texts.title(newsletter.name)}</h1>
      <p className="q-stats-note">{texts.intro}</p>
      {newsletter.trackEngagement ? null : <p className="q-stats-note">{texts.notTrackedNote}</p>}
      {issues.length === 0 ? (
        <EmptyState title={texts.empty} testId="newsletter-stats-empty">
          {texts.emptyHint}
        </EmptyState>
      ) : (
        <ScrollTable testId="newsletter-issues">
          <thead>
            <tr>
              <th scope="col">{c.issue}</th>
              <th scope="col">{c.sent}</th>
              <th scope="col">{c.recipients}</th>
              <th scope="col">{c.delivered}</th>
              <th scope="col">{c.bounced}</th>
              <th scope="col">{c.opens}</th>
              <th scope="col">{c.clicks}</th>
              <th scope="col">{c.unsubscribes}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.id} data-testid="newsletter-issue">
                <th scope="row">
                  {issue.postPath ? <Link href={issue.postPath}>{issue.subject}</Link> : issue.subject}
                </th>
                <td>{sentLabel(issue)}</td>
                <td>{count(issue.recipients)}</td>
                <td>{count(issue.delivered)}</td>
                <td>{count(issue.bounced)}</td>
                <td>{count(issue.opens)}</td>
                <td>{count(issue.clicks)}</td>
                <td>{count(issue.unsubscribes)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {texts.more}
        </Button>
      ) : null}
    </main>
  );
}
