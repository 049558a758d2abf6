import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, utcDay } from '@quire/domain';
import { lockUntilCommit } from '../locks';

/*
 * The stats rollup: each UTC day's events summed into post_daily_stats, user_daily_stats and
 * collection_daily_stats, which the stats pages read (never the event tables). Recomputing a day deletes its rows
 * and inserts them again in one transaction, so it is idempotent and a page never sees half a day.
 *
 * What a day holds: views and reads are read events that occurred in it, the writer's own left out; member
 * reading time is the reading seconds of members' reads; claps are the claps of the clap rows made that day
 * (each row's current count); responses are the published responses first published that day; earnings are
 * the earnings ledger's rows for that day; followers gained and lost come from follower_changes.
 */

/** The day's bounds, cross-joined by every statement below: the day, and its first and next instant in UTC. */
const BOUNDS = `bounds as (select ?::date as day, ?::timestamptz as t0, ?::timestamptz as t1)`;

const POST_ROWS = `with ${BOUNDS},
  ev as (
    select e.post_id,
           count(*) filter (where e.kind = 'VIEW') as views,
           count(*) filter (where e.kind = 'READ') as reads,
           coalesce(sum(e.reading_seconds) filter (where e.kind = 'READ' and e.is_member), 0) as member_seconds
      from bounds, read_events e join posts p on p.id = e.post_id
     where e.occurred_at >= bounds.t0 and e.occurred_at < bounds.t1 and e.user_id is distinct from p.creator_id
     group by e.post_id),
  cl as (
    select c.post_id, sum(c.count) as claps
      from bounds, claps c where c.created_at >= bounds.t0 and c.created_at < bounds.t1
     group by c.post_id),
  rs as (
    select r.in_response_to_post_id as post_id, count(*) as responses
      from bounds, posts r
     where r.in_response_to_post_id is not null and r.status = 'PUBLISHED' and r.deleted_at is null
       and coalesce(r.first_published_at, r.created_at) >= bounds.t0
       and coalesce(r.first_published_at, r.created_at) < bounds.t1
     group by r.in_response_to_post_id),
  er as (
    select g.post_id, sum(g.amount) as cents
      from bounds, earnings g where g.period_start = bounds.day and g.post_id is not null
     group by g.post_id),
  ids as (select post_id from ev union select post_id from cl union select post_id from rs union select post_id from er)
insert into post_daily_stats
  (post_id, day, creator_id, collection_id, views, reads, member_reading_seconds, claps, responses, earnings_cents)
select p.id, bounds.day, p.creator_id, p.collection_id, coalesce(ev.views, 0), coalesce(ev.reads, 0),
       coalesce(ev.member_seconds, 0), coalesce(cl.claps, 0), coalesce(rs.responses, 0), coalesce(er.cents, 0)
  from bounds, ids join posts p on p.id = ids.post_id
  left join ev on ev.post_id = ids.post_id left join cl on cl.post_id = ids.post_id
  left join rs on rs.post_id = ids.post_id left join er on er.post_id = ids.post_id`;

/** Followers gained and lost by each subject of one kind in the day. */
const followerChanges = (kind: 'USER' | 'COLLECTION') => `
    select f.subject_id, 0, 0, 0, 0, 0, 0,
           count(*) filter (where f.delta > 0), count(*) filter (where f.delta < 0)
      from bounds, follower_changes f
     where f.subject_kind = '${kind}' and f.occurred_at >= bounds.t0 and f.occurred_at < bounds.t1
     group by f.subject_id`;

// Earnings are all the writer's ledger rows of the day, those of deleted stories and adjustments included.
const USER_ROWS = `with ${BOUNDS},
  parts (user_id, views, reads, member_seconds, claps, responses, cents, gained, lost) as (
    select s.creator_id, s.views, s.reads, s.member_reading_seconds, s.claps, s.responses, 0, 0, 0
      from bounds, post_daily_stats s where s.day = bounds.day
    union all
    select g.user_id, 0, 0, 0, 0, 0, sum(g.amount), 0, 0
      from bounds, earnings g where g.period_start = bounds.day group by g.user_id
    union all ${followerChanges('USER')})
insert into user_daily_stats
  (user_id, day, views, reads, member_reading_seconds, claps, responses, earnings_cents, followers_gained, followers_lost)
select u.id, bounds.day, sum(views), sum(reads), sum(member_seconds), sum(claps), sum(responses), sum(cents),
       sum(gained), sum(lost)
  from bounds, parts join users u on u.id = parts.user_id
 group by u.id, bounds.day`;

const COLLECTION_ROWS = `with ${BOUNDS},
  parts (collection_id, views, reads, member_seconds, claps, responses, cents, gained, lost) as (
    select s.collection_id, s.views, s.reads, s.member_reading_seconds, s.claps, s.responses, 0, 0, 0
      from bounds, post_daily_stats s where s.day = bounds.day and s.collection_id is not null
    union all ${followerChanges('COLLECTION')})
insert into collection_daily_stats
  (collection_id, day, views, reads, member_reading_seconds, claps, responses, followers_gained, followers_lost)
select c.id, bounds.day, sum(views), sum(reads), sum(member_seconds), sum(claps), sum(responses), sum(gained),
       sum(lost)
  from bounds, parts join collections c on c.id = parts.collection_id
 group by c.id, bounds.day`;

/** Recomputes one UTC day (YYYY-MM-DD) of every stats table, in one transaction. */
export async function rollupStatsDay(em: EntityManager, day: string): Promise<void> {
  const bounds = [day, `${day}T00:00:00Z`, `${addDays(day, 1)}T00:00:00Z`];
  await em.transactional(async (tx) => {
    // Two rollups of one day (the worker's and a backfill) take turns rather than collide on the keys.
    await lockUntilCommit(tx, `stats-rollup:${day}`);
    for (const table of ['post_daily_stats', 'user_daily_stats', 'collection_daily_stats']) {
      await tx.execute(`delete from ${table} where day = ?::date`, [day]);
    }
    await tx.execute(POST_ROWS, bounds);
    await tx.execute(USER_ROWS, bounds);
    await tx.execute(COLLECTION_ROWS, bounds);
  });
}

/** Recomputes each of the given UTC days, one transaction each (a long backfill commits as it goes). */
export async function rollupStatsDays(em: EntityManager, days: Iterable<string>): Promise<number> {
  const unique = [...new Set(days)].sort();
  for (const day of unique) await rollupStatsDay(em, day);
  return unique.length;
}

/** How far back the incremental rollup looks for claps and earnings rows changed since it last ran. */
export const STATS_CHANGE_WINDOW_MS = 60 * 60 * 1000;

/** Earnings days older than this are left to a backfill: the lookup reads the ledger's recent days only (by index). */
const EARNINGS_LOOKBACK_DAYS = 62;

/**
 * The days the incremental job recomputes: today and yesterday (UTC), and any earlier day whose clap rows, or
 * earnings rows of the last EARNINGS_LOOKBACK_DAYS days, changed within the last STATS_CHANGE_WINDOW_MS (a clap
 * added to an old row, a day's earnings recomputed).
 */
export async function staleStatsDays(em: EntityManager, now: Date): Promise<string[]> {
  const today = utcDay(now);
  const since = new Date(now.getTime() - STATS_CHANGE_WINDOW_MS);
  const rows = await em.execute<{ day: string }[]>(
    `select to_char((c.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day from claps c where c.updated_at >= ?
     union select to_char(g.period_start, 'YYYY-MM-DD') from earnings g
      where g.period_start >= ?::date and g.updated_at >= ?`,
    [since, addDays(today, -EARNINGS_LOOKBACK_DAYS), since],
  );
  return [...new Set([today, addDays(today, -1), ...rows.map((r) => r.day)])]
    .filter((d) => d <= today)
    .sort();
}

/** The incremental rollup the worker runs every few minutes; answers how many days it recomputed. */
export async function rollupRecentStats(em: EntityManager, now: Date): Promise<number> {
  return rollupStatsDays(em, await staleStatsDays(em, now));
}

/** Every day from the first read event, follow change or earnings row to today: a backfill of all stats. */
export async function allStatsDays(em: EntityManager, now: Date): Promise<string[]> {
  const [row] = await em.execute<{ first: string | null }[]>(
    `select to_char(least(
        (select min(occurred_at) from read_events), (select min(occurred_at) from follower_changes),
        (select min(created_at) from claps), (select min(period_start)::timestamp at time zone 'UTC' from earnings)
     ) at time zone 'UTC', 'YYYY-MM-DD') as first`,
  );
  const today = utcDay(now);
  const days: string[] = [];
  for (let day = row?.first ?? today; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
}
