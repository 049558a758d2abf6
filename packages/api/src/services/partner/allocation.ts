import type { EntityManager } from '@mikro-orm/postgresql';
import { EARNINGS_RULE as RULE, utcDayOf } from '@quire/domain';
import { lockUntilCommit } from '../locks';

/*
 * The daily allocation of members' money to Partner Program writers (docs/FEATURES.md, "How members' money
 * reaches writers"). Everything happens in set-based SQL inside one transaction: the day's charges become
 * per-membership revenue, the day's member reads become per-story reading seconds, each member's pool is split
 * by largest remainder, and the day's ledger rows replace the old ones. No event row is loaded into Node.
 */

/** What computing one day did (also stored as the day's earning_days row). */
export interface AllocatedDay {
  /** The UTC day, 'YYYY-MM-DD'. */
  day: string;
  /** Cents: members' net revenue attributed to the day. */
  revenue: number;
  /** Cents: what the day's ledger rows add up to. */
  allocated: number;
  /** Cents of `allocated` earned by referrers. */
  referrals: number;
  members: number;
  readers: number;
  rows: number;
  durationMs: number;
}

/** A fresh entity id in SQL: 12 random hex characters (the first 12 of a v4 UUID are all random). */
const SQL_NEW_ID = `substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`;

/**
 * Revenue of each membership for the day, whatever its state now (a paid day stays paid): each charge's cents
 * spread over the days of the period it pays for (day i of n gets ⌊A(i+1)/n⌋ − ⌊Ai/n⌋, so the days add up to
 * A), the refunded cents taken from the days from the latest refund on. Then the writers' part, the
 * referrer's part and the reading pool.
 */
const MEMBERSHIP_DAYS_SQL = `
create temp table earning_membership_days on commit drop as
with charge_days as (
  select ms.id as membership_id, ms.user_id as member_id,
         case when ms.referrer_id <> ms.user_id and exists (
           select 1 from partner_enrollments pe where pe.user_id = ms.referrer_id and pe.status = 'ENROLLED'
         ) then ms.referrer_id end as referrer_id,
         c.amount::bigint as amount, least(c.amount_refunded, c.amount)::bigint as refunded,
         (:day::date - p.start_day)::bigint as i, (p.end_day - p.start_day)::bigint as n,
         least(greatest(coalesce((coalesce(c.last_refunded_at, c.refunded_at) at time zone 'UTC')::date, p.end_day)
           - p.start_day, 0), p.end_day - p.start_day)::bigint as r
  from charges c
  join memberships ms on ms.id = c.membership_id
  left join plans pl on pl.id = ms.plan_id
  cross join lateral (select (c.created_at at time zone 'UTC')::date as start_day) s
  cross join lateral (
    select s.start_day, greatest(s.start_day + 1, coalesce((c.period_end at time zone 'UTC')::date,
      (s.start_day + case when pl.period = 'YEARLY' then interval '1 year' else interval '1 month' end)::date)) as end_day
  ) p
  where c.status in ('SUCCEEDED', 'REFUNDED') and c.currency = :currency and c.amount > 0
    and c.created_at < (:day::date + 1)::timestamp at time zone 'UTC'
    and p.start_day <= :day::date and :day::date < p.end_day
), shares as (
  select membership_id, member_id, referrer_id,
         case when refunded = 0 or i < r then (amount * (i + 1)) / n - (amount * i) / n
              else (greatest(0, amount - refunded - (amount * r) / n) * (i - r + 1)) / (n - r)
                 - (greatest(0, amount - refunded - (amount * r) / n) * (i - r)) / (n - r)
         end as cents
  from charge_days
), memberships as (
  select membership_id, member_id, referrer_id, sum(cents)::bigint as net
  from shares group by membership_id, member_id, referrer_id
)
select membership_id, member_id, referrer_id, net,
       (net * :writerPercent) / 100 - case when referrer_id is null then 0 else (net * :referralPercent) / 100 end as pool,
       case when referrer_id is null then 0 else (net * :referralPercent) / 100 end as referral
from memberships where net > 0`;

/** Each paying member's reading pool for the day (the sum over their memberships). */
const MEMBER_POOLS_SQL = `
create temp table earning_member_pools on commit drop as
select member_id, sum(pool)::bigint as pool from earning_membership_days group by member_id`;

/**
 * Each paying member's reading seconds per story for the day: full reads by a member of another writer's
 * members-only story, the writer enrolled, capped per story per day.
 */
const READS_SQL = `
create temp table earning_reads on commit drop as
select e.user_id as member_id, p.id as post_id, p.creator_id as writer_id,
       least(sum(e.reading_seconds)::bigint,
             greatest(:minCap, ceil(p.reading_time * 60 * :capMultiple))::bigint) as seconds
from earning_member_pools mp
join read_events e on e.user_id = mp.member_id
  and e.occurred_at >= :day::date::timestamp at time zone 'UTC'
  and e.occurred_at < (:day::date + 1)::timestamp at time zone 'UTC'
join posts p on p.id = e.post_id
join partner_enrollments pe on pe.user_id = p.creator_id and pe.status = 'ENROLLED'
where e.kind = 'READ' and e.is_member and e.reading_seconds > 0 and p.is_locked and p.creator_id <> e.user_id
group by e.user_id, p.id`;

/**
 * The day's ledger: each member's pool split over the stories they read by reading seconds, by largest
 * remainder (ties to the lower post id), summed per writer and story; and each referrer's share, post null.
 */
const LEDGER_SQL = `
insert into earnings (id, created_at, updated_at, user_id, post_id, period_start, period_end, amount, currency,
                      member_reading_seconds, referral)
with totals as (
  select member_id, sum(seconds)::bigint as total from earning_reads group by member_id
), shares as (
  select r.member_id, r.post_id, r.writer_id, r.seconds, mp.pool,
         (mp.pool * r.seconds) / t.total as base, (mp.pool * r.seconds) % t.total as rem
  from earning_reads r
  join totals t on t.member_id = r.member_id
  join earning_member_pools mp on mp.member_id = r.member_id
), ranked as (
  -- Ids are hex, so the byte order of "C" ranks them as any collation would, only faster.
  select *, pool - (sum(base) over w)::bigint as leftover,
         row_number() over (w order by rem desc, post_id collate "C") as place
  from shares window w as (partition by member_id collate "C")
), stories as (
  select writer_id, post_id, sum(base + case when place <= leftover then 1 else 0 end)::bigint as cents,
         sum(seconds)::bigint as seconds, false as referral
  from ranked group by writer_id, post_id
), referrals as (
  select referrer_id as writer_id, null::varchar as post_id, sum(referral)::bigint as cents, 0::bigint as seconds,
         true as referral
  from earning_membership_days where referrer_id is not null group by referrer_id having sum(referral) > 0
), ledger as (
  select * from stories union all select * from referrals
)
select ${SQL_NEW_ID}, now(), now(), writer_id, post_id, :day::date, :day::date, cents, :currency, seconds, referral
from ledger order by writer_id, post_id nulls first`;

/** The day's totals, from the temporary tables, independently of the ledger rows. */
const TOTALS_SQL = `
select
  (select coalesce(sum(net), 0) from earning_membership_days)::bigint as revenue,
  (select coalesce(sum(referral), 0) from earning_membership_days)::bigint as referrals,
  (select coalesce(sum(mp.pool), 0) from earning_member_pools mp
    where exists (select 1 from earning_reads r where r.member_id = mp.member_id))::bigint as reading,
  (select count(*) from earning_member_pools)::int as members,
  (select count(*) from earning_member_pools mp where mp.pool > 0
    and exists (select 1 from earning_reads r where r.member_id = mp.member_id))::int as readers`;

/** Parameters by name (MikroORM binds `?` in order): each `:name` becomes one `?`; `::type` casts stay. */
function bind(sql: string, values: Record<string, string | number>): [string, (string | number)[]] {
  const params: (string | number)[] = [];
  const text = sql.replace(/(?<!:):([a-zA-Z]+)\b/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`unbound :${name}`);
    params.push(values[name]!);
    return '?';
  });
  return [text, params];
}

/**
 * Computes one UTC day's ledger, replacing any earlier computation of it in the same transaction: the same
 * charges, reads and enrolments give the same rows. Throws (and changes nothing) if the rows would not add up
 * to the money allocated.
 */
export async function allocateDay(em: EntityManager, day: string): Promise<AllocatedDay> {
  const started = performance.now();
  const values = {
    day,
    currency: RULE.currency,
    writerPercent: RULE.writerSharePercent,
    referralPercent: RULE.referralSharePercent,
    minCap: RULE.minCapSeconds,
    capMultiple: RULE.capReadingTimeMultiple,
  };
  const run = (tx: EntityManager, sql: string) => tx.execute(...bind(sql, values));
  return em.fork().transactional(async (tx) => {
    await lockUntilCommit(tx, `earnings:${day}`);
    await tx.execute('delete from earnings where period_start = ?::date and period_end = ?::date', [
      day,
      day,
    ]);
    await run(tx, MEMBERSHIP_DAYS_SQL);
    await run(tx, MEMBER_POOLS_SQL);
    // Fresh statistics on the small tables, so the join into read_events takes the (user, occurred_at) index.
    await tx.execute('analyze earning_member_pools');
    await run(tx, READS_SQL);
    await tx.execute('analyze earning_reads');
    await run(tx, LEDGER_SQL);
    const [totals] =
      await tx.execute<
        { revenue: string; referrals: string; reading: string; members: number; readers: number }[]
      >(TOTALS_SQL);
    const [ledger] = await tx.execute<{ sum: string; rows: string }[]>(
      'select coalesce(sum(amount), 0) as sum, count(*) as rows from earnings where period_start = ?::date and period_end = ?::date',
      [day, day],
    );
    const allocated = Number(totals!.referrals) + Number(totals!.reading);
    if (Number(ledger!.sum) !== allocated) {
      throw new Error(`earnings for ${day} add up to ${ledger!.sum} cents, not the ${allocated} allocated`);
    }
    const result: AllocatedDay = {
      day,
      revenue: Number(totals!.revenue),
      allocated,
      referrals: Number(totals!.referrals),
      members: totals!.members,
      readers: totals!.readers,
      rows: Number(ledger!.rows),
      durationMs: Math.round(performance.now() - started),
    };
    await tx.execute(
      `insert into earning_days (id, day, revenue, allocated, referrals, members, readers, rows, computed_at, duration_ms)
       values (${SQL_NEW_ID}, ?::date, ?, ?, ?, ?, ?, ?, now(), ?)
       on conflict (day) do update set revenue = excluded.revenue, allocated = excluded.allocated,
         referrals = excluded.referrals, members = excluded.members, readers = excluded.readers,
         rows = excluded.rows, computed_at = excluded.computed_at, duration_ms = excluded.duration_ms,
         updated_at = now()`,
      [
        day,
        result.revenue,
        result.allocated,
        result.referrals,
        result.members,
        result.readers,
        result.rows,
        result.durationMs,
      ],
    );
    return result;
  });
}

/** Every UTC day from `from` to `to` inclusive ('YYYY-MM-DD'), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); utcDayOf(at) <= to; at = new Date(at.getTime() + 86_400_000)) {
    days.push(utcDayOf(at));
  }
  return days;
}

/** Recomputes each day from `from` to `to` in turn (a backfill), each in its own transaction. */
export async function allocateDays(em: EntityManager, from: string, to: string): Promise<AllocatedDay[]> {
  const out: AllocatedDay[] = [];
  for (const day of daysBetween(from, to)) out.push(await allocateDay(em, day));
  return out;
}
