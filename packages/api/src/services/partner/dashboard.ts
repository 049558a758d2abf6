import type { EntityManager } from '@mikro-orm/postgresql';
import { PartnerEnrollment, Post, TaxDocument, User } from '@quire/db';
import {
  EARNINGS_RULE,
  type EarningsDashboardInput,
  nextPayoutDate,
  type TaxBanner,
  taxBanner,
  utcMonthOf,
} from '@quire/domain';
import { enforce, type ViewerUser } from '../../policies';
import { postPath } from '../posts';
import { earningsByMonth, earningsByStory, earningsForMonth, unpaidBalance } from './earnings';

/** Months shown under "Past months". */
const PAST_MONTHS = 12;

/** One row of the dashboard's story table. */
export interface DashboardStory {
  postId: string | null;
  title: string | null;
  url: string | null;
  monthAmount: number;
  totalAmount: number;
  monthReadingSeconds: number;
  totalReadingSeconds: number;
}

/**
 * Spec §2 /me/partner/dashboard and /@{username}/partner/dashboard: the writer's estimated earnings this month,
 * past months, per-story earnings, referral share, balance, next payout date and tax banner. Only the writer
 * sees it (viewEarnings): anyone else is told it does not exist.
 */
export async function partnerDashboard(
  em: EntityManager,
  viewer: ViewerUser | null,
  input: EarningsDashboardInput,
  now: Date,
) {
  const owner = input.username
    ? await em.findOne(User, { username: input.username.replace(/^@/, '') }, { fields: ['id'] })
    : viewer;
  await enforce(em, viewer, 'viewEarnings', owner ? { id: owner.id } : null);
  const userId = owner!.id;
  const month = utcMonthOf(now);
  const [enrollment, tax, thisMonth, months, stories, balance, lastDay] = await Promise.all([
    em.findOne(PartnerEnrollment, { user: userId }, { fields: ['status'] }),
    em.findOne(TaxDocument, { user: userId }),
    earningsForMonth(em, userId, month),
    earningsByMonth(em, userId, { limit: PAST_MONTHS + 1 }),
    earningsByStory(em, userId, month),
    unpaidBalance(em, userId),
    em.execute<{ day: string | null }[]>(`select to_char(max(day), 'YYYY-MM-DD') as day from earning_days`),
  ]);
  const enrolled = enrollment?.status === 'ENROLLED';
  const banner: TaxBanner | null = enrolled
    ? taxBanner({
        taxDocumentStatus: tax?.status ?? null,
        earningsLimitedAt: tax?.earningsLimitedAt ?? null,
        earningsForfeitedAt: tax?.earningsForfeitedAt ?? null,
        now,
      })
    : null;
  return {
    enrolled,
    thisMonth: { month, amount: thisMonth },
    pastMonths: months.filter((m) => m.month < month).slice(0, PAST_MONTHS),
    stories: await storyRows(
      em,
      stories.filter((s) => !s.referral),
    ),
    referrals: stories
      .filter((s) => s.referral)
      .reduce(
        (sum, s) => ({
          monthAmount: sum.monthAmount + s.monthAmount,
          totalAmount: sum.totalAmount + s.totalAmount,
        }),
        {
          monthAmount: 0,
          totalAmount: 0,
        },
      ),
    referralSharePercent: EARNINGS_RULE.referralSharePercent,
    balance,
    nextPayoutDate: nextPayoutDate(now),
    /** The last UTC day the ledger holds ('YYYY-MM-DD'), or null before the first run. */
    computedThrough: lastDay[0]?.day ?? null,
    taxBanner: banner,
  };
}

/** The story table's rows, with each story's title and address (a deleted story has neither). */
async function storyRows(
  em: EntityManager,
  rows: Awaited<ReturnType<typeof earningsByStory>>,
): Promise<DashboardStory[]> {
  const ids = rows.map((r) => r.postId).filter((id): id is string => !!id);
  const posts = ids.length
    ? await em.find(
        Post,
        { id: { $in: ids } },
        {
          fields: ['id', 'title', 'uniqueSlug', 'creator.username', 'collection.slug'],
          populate: ['creator', 'collection'],
        },
      )
    : [];
  const byId = new Map(posts.map((p) => [p.id, p]));
  return rows.map((r) => {
    const post = r.postId ? byId.get(r.postId) : undefined;
    return {
      postId: r.postId,
      title: post ? post.title : null,
      url: post ? postPath(post) : null,
      monthAmount: r.monthAmount,
      totalAmount: r.totalAmount,
      monthReadingSeconds: r.monthReadingSeconds,
      totalReadingSeconds: r.totalReadingSeconds,
    };
  });
}
