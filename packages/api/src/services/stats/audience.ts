import type { EntityManager } from '@mikro-orm/postgresql';
import { FollowUser, Newsletter, NewsletterSubscription, type User } from '@quire/db';
import { AUDIENCE_BUCKETS, type AudienceDetails, type AudiencePeriod, addDays, utcDay } from '@quire/domain';
import { statsSeries } from './days';
import { statsWriter } from './subjects';

/*
 * A writer's audience over time (spec §2 /@{username}/audience[/{details}], §3 audience stats periods daily,
 * weekly and monthly): followers gained and lost per day, week or month from user_daily_stats, the total at the end
 * of each, and the same for the subscribers of their newsletter when they have one.
 */

/** The first UTC day of the bucket holding `day`: the day, its week's Monday, or its month's first day. */
function bucketOf(day: string, period: AudiencePeriod): string {
  if (period === 'daily') return day;
  if (period === 'monthly') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The first day of the oldest bucket shown: 30 days, 26 weeks or 12 months back, today's bucket included. */
function windowStart(today: string, period: AudiencePeriod): string {
  const count = AUDIENCE_BUCKETS[period];
  if (period === 'daily') return addDays(today, 1 - count);
  if (period === 'weekly') return addDays(bucketOf(today, 'weekly'), -7 * (count - 1));
  const d = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - (count - 1));
  return utcDay(d);
}

interface Change {
  day: string;
  gained: number;
  lost: number;
}

/** Changes summed into the window's buckets, oldest first, each with the total at its end. */
function buckets(changes: Change[], from: string, today: string, period: AudiencePeriod, current: number) {
  const byBucket = new Map<string, { gained: number; lost: number }>();
  for (let day = from; day <= today; day = addDays(day, 1)) {
    byBucket.set(bucketOf(day, period), { gained: 0, lost: 0 });
  }
  for (const c of changes) {
    const b = byBucket.get(bucketOf(c.day, period));
    if (b) {
      b.gained += c.gained;
      b.lost += c.lost;
    }
  }
  // Walking back from today's total: a bucket ends with what the later buckets' changes had not yet added.
  const list = [...byBucket.entries()].map(([start, b]) => ({ start, ...b, total: 0 }));
  let total = current;
  for (let i = list.length - 1; i >= 0; i--) {
    const b = list[i]!;
    b.total = total;
    total -= b.gained - b.lost;
  }
  return list;
}

/** Subscribers gained and lost per UTC day since `from`, and how many there are now. */
async function subscriberChanges(em: EntityManager, newsletterId: string, from: string) {
  const [rows, current] = await Promise.all([
    em.execute<{ day: string; gained: string; lost: string }[]>(
      `select day, sum(gained) as gained, sum(lost) as lost from (
         select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, 1 as gained, 0 as lost
           from newsletter_subscriptions where newsletter_id = ? and created_at >= ?::timestamptz
         union all
         select to_char(unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD'), 0, 1
           from newsletter_subscriptions where newsletter_id = ? and unsubscribed_at >= ?::timestamptz
       ) x group by day`,
      [newsletterId, `${from}T00:00:00Z`, newsletterId, `${from}T00:00:00Z`],
    ),
    em.count(NewsletterSubscription, { newsletter: newsletterId, unsubscribedAt: null }),
  ]);
  return {
    changes: rows.map((r) => ({ day: r.day, gained: Number(r.gained), lost: Number(r.lost) })),
    current,
  };
}

/** The writer's followers (or newsletter subscribers) per day, week or month, with the total at each end. */
export async function audienceStats(
  em: EntityManager,
  viewer: User,
  input: { username?: string | null | undefined; period: AudiencePeriod; details: AudienceDetails },
  now: Date,
) {
  const writer = await statsWriter(em, viewer, input.username);
  const today = utcDay(now);
  const from = windowStart(today, input.period);
  const newsletter = await em.findOne(Newsletter, { user: writer.id }, { fields: ['id', 'name'] });
  let changes: Change[] = [];
  let current = 0;
  if (input.details === 'followers') {
    const series = await statsSeries(em, 'writer', writer.id, { from, to: today });
    changes = series.days.map((d) => ({ day: d.day, gained: d.followersGained, lost: d.followersLost }));
    current = await em.count(FollowUser, { target: writer.id });
  } else if (newsletter) {
    ({ changes, current } = await subscriberChanges(em, newsletter.id, from));
  }
  return {
    writer,
    period: input.period,
    details: input.details,
    hasNewsletter: !!newsletter,
    current,
    buckets: buckets(changes, from, today, input.period, current),
  };
}
