import type { RouterOutputs } from '@quire/api';
import {
  formatEarningsDay,
  formatEarningsMonth,
  formatReadingTime,
  partnerPaths,
  type TaxBannerAction,
  earningsTexts as texts,
} from '@quire/domain';
import { buttonClass, Card, EmptyState } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { NotFoundPage } from '../NotFoundPage';
import { partnerDashboardQueries } from './partner-dashboard-queries';

type Dashboard = RouterOutputs['earnings']['dashboard'];

const money = texts.money;

/** Where each of the tax banner's links leads. */
const TAX_ACTIONS: Record<TaxBannerAction, { label: string; href: string }> = {
  submit: { label: texts.submitTaxes, href: partnerPaths.taxes },
  resubmit: { label: texts.submitTaxes, href: partnerPaths.taxes },
  learnMore: { label: texts.learnMore, href: partnerPaths.info },
};

/** Spec §4 tax banner rules: the banner, in the error colour when it asks for something by a date. */
function TaxNotice({ banner }: { banner: NonNullable<Dashboard['taxBanner']> }) {
  return (
    <div
      className="q-banner"
      role={banner.isError ? 'alert' : 'status'}
      data-testid="tax-banner"
      style={banner.isError ? { background: 'var(--q-danger-bg)', color: 'var(--q-danger-text)' } : undefined}
    >
      <span>{banner.message}</span>
      {banner.actions.map((action) => (
        <a key={action} href={TAX_ACTIONS[action].href}>
          {TAX_ACTIONS[action].label}
        </a>
      ))}
    </div>
  );
}

/** A figure on a card: what it is, the amount, and a line under it. */
function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <Card as="section" data-testid={testId}>
      <h2 className="q-person-note">{label}</h2>
      <p className="q-earnings-figure">{value}</p>
      {note ? <p className="q-person-note">{note}</p> : null}
    </Card>
  );
}

function StoriesTable({ stories }: { stories: Dashboard['stories'] }) {
  if (!stories.length) return <EmptyState title={texts.noStories} />;
  return (
    <table className="q-billing" data-testid="story-earnings">
      <thead>
        <tr>
          <th scope="col">{texts.story}</th>
          <th scope="col">{texts.storyThisMonth}</th>
          <th scope="col">{texts.storyAllTime}</th>
          <th scope="col">{texts.readingTime}</th>
        </tr>
      </thead>
      <tbody>
        {stories.map((s) => (
          <tr key={s.postId ?? 'deleted'}>
            <td>{s.url ? <a href={s.url}>{s.title || s.url}</a> : texts.deletedStory}</td>
            <td>{money(s.monthAmount)}</td>
            <td>{money(s.totalAmount)}</td>
            <td>{formatReadingTime(s.totalReadingSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PastMonths({ months }: { months: Dashboard['pastMonths'] }) {
  if (!months.length) return <p className="q-empty">{texts.noPastMonths}</p>;
  return (
    <table className="q-billing" data-testid="past-months">
      <thead>
        <tr>
          <th scope="col">{texts.month}</th>
          <th scope="col">{texts.amount}</th>
          <th scope="col">{texts.readingTime}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <td>{formatEarningsMonth(m.month)}</td>
            <td>{money(m.amount)}</td>
            <td>{formatReadingTime(m.memberReadingSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Spec §2 /me/partner/dashboard and /@{username}/partner/dashboard: this month's estimated earnings, the
 * balance and next payout, past months, each story's earnings and the referral share. Only the writer sees it.
 */
export function PartnerDashboardPage({ username }: { username: string | null }) {
  const query = useQuery(partnerDashboardQueries(useTRPC()).dashboard(username));
  if (query.error) return <NotFoundPage />;
  const data = query.data;
  return (
    <main className="q-column q-settings" data-testid="partner-dashboard">
      <h1>{texts.title}</h1>
      {data?.taxBanner ? <TaxNotice banner={data.taxBanner} /> : null}
      {data && !data.enrolled ? (
        <p data-testid="not-enrolled">
          {texts.notEnrolled} <a href={partnerPaths.enroll}>{texts.enroll}</a>
        </p>
      ) : null}
      {data ? (
        <>
          <div className="q-earnings-figures">
            <Figure
              testId="this-month"
              label={texts.thisMonth}
              value={money(data.thisMonth.amount)}
              note={
                data.computedThrough
                  ? `${texts.thisMonthNote} ${texts.countedThrough(formatEarningsDay(data.computedThrough))}`
                  : texts.thisMonthNote
              }
            />
            <Figure
              testId="balance"
              label={texts.balance}
              value={money(data.balance)}
              note={texts.nextPayout(formatEarningsDay(data.nextPayoutDate))}
            />
          </div>
          <p className="q-settings-actions">
            <a className={buttonClass('text')} href={partnerPaths.payoutDashboard}>
              {texts.payoutSettings}
            </a>
          </p>
          <section aria-label={texts.stories}>
            <h2>{texts.stories}</h2>
            <StoriesTable stories={data.stories} />
          </section>
          {data.referrals.totalAmount > 0 ? (
            <section aria-label={texts.referrals} data-testid="referrals">
              <h2>{texts.referrals}</h2>
              <p>
                {texts.storyThisMonth}: {money(data.referrals.monthAmount)} · {texts.storyAllTime}:{' '}
                {money(data.referrals.totalAmount)}
              </p>
              <p className="q-person-note">{texts.referralsNote(data.referralSharePercent)}</p>
            </section>
          ) : null}
          <section aria-label={texts.pastMonths}>
            <h2>{texts.pastMonths}</h2>
            <PastMonths months={data.pastMonths} />
          </section>
        </>
      ) : null}
    </main>
  );
}
