// `pnpm bench:stats [--stories N] [--days D] [--duration S] [--requests R] [--connections C]`: a heavy writer (1,000
// stories, a year of daily stats rows each unless told) reads their stats pages and the JSON total path over
// loopback against a production server on its own seeded data, each run bounded in time and in requests; also
// times the rollup of one busy day (bench/results/stats.{json,md}).
import os from 'node:os';
import { createSession, rollupStatsDay } from '@quire/api';
import { newId, Post, User } from '@quire/db';
import { addDays, utcDay } from '@quire/domain';
import autocannon from 'autocannon';
import { numberOption, startSeededServer, writeResults } from './setup';

const stories = numberOption('stories', 1000);
const days = numberOption('days', 365);
const duration = numberOption('duration', 10);
const requests = numberOption('requests', 5000);
const connections = numberOption('connections', 10);
/** Read events of the busy day whose rollup is timed. */
const dayEvents = numberOption('events', 50_000);
const USERNAME = 'statsbench';

const today = utcDay(new Date());
const first = addDays(today, 1 - days);

const { server, prepared } = await startSeededServer({
  dataName: 'bench-stats',
  label: 'bench:stats',
  port: numberOption('port', 3911),
  pgPort: numberOption('pg-port', 54345),
  env: { RUN_JOBS: 'false', PAGE_CACHE_FRESH_MS: '0' },
  prepare: async (orm) => {
    const em = orm.em.fork();
    const writer =
      (await em.findOne(User, { username: USERNAME })) ??
      em.create(User, { name: 'Stats Bench Writer', username: USERNAME, email: `${USERNAME}@example.com` });
    await em.flush();
    const made = await em.count(Post, { creator: writer.id });
    if (made !== stories) {
      await em.nativeDelete(Post, { creator: writer.id });
      for (let i = 0; i < stories; i++) {
        const id = newId();
        const at = new Date(Date.parse(`${first}T00:00:00Z`) + i * 60_000);
        em.create(Post, {
          id,
          creator: writer,
          title: `Bench story ${i}`,
          uniqueSlug: `bench-story-${i}-${id}`,
          status: 'PUBLISHED',
          type: 'PUBLISHED',
          firstPublishedAt: at,
          latestPublishedAt: at,
          latestRev: 1,
          latestPublishedRev: 1,
        });
        if (i % 500 === 499) await em.flush();
      }
      await em.flush();
    }
    // A year of daily rows for every story (as the rollup leaves them), and the writer's days summed from them.
    await em.execute('delete from post_daily_stats where creator_id = ?', [writer.id]);
    await em.execute(
      `insert into post_daily_stats (post_id, day, creator_id, views, reads, member_reading_seconds, claps, responses, earnings_cents)
       select p.id, d::date, p.creator_id, 20 + (hashtext(p.id || d::text) & 63), 5 + (hashtext(d::text || p.id) & 15),
              (hashtext(p.id) & 1023), 1, 0, (hashtext(p.id) & 31)
         from posts p, generate_series(?::date, ?::date, interval '1 day') d
        where p.creator_id = ?`,
      [first, today, writer.id],
    );
    await em.execute('delete from user_daily_stats where user_id = ?', [writer.id]);
    await em.execute(
      `insert into user_daily_stats (user_id, day, views, reads, member_reading_seconds, claps, responses, earnings_cents)
       select creator_id, day, sum(views), sum(reads), sum(member_reading_seconds), sum(claps), sum(responses), sum(earnings_cents)
         from post_daily_stats where creator_id = ? group by creator_id, day`,
      [writer.id],
    );
    // A busy day of raw events (yesterday), whose rollup is timed below.
    const yesterday = addDays(today, -1);
    await em.execute(`delete from read_events where occurred_at >= ?::date and occurred_at < ?::date`, [
      yesterday,
      today,
    ]);
    await em.execute(
      `with ids as (select array_agg(id) as a from posts where creator_id = ?)
       insert into read_events (id, post_id, kind, occurred_at, reading_seconds, is_member)
       select substr(md5(random()::text), 1, 12), ids.a[1 + (n % cardinality(ids.a))],
              case when n % 3 = 0 then 'READ' else 'VIEW' end,
              ?::timestamptz + (n % 86400) * interval '1 second', n % 600, n % 2 = 0
         from generate_series(1, ?) n, ids`,
      [writer.id, `${yesterday}T00:00:00Z`, dayEvents],
    );
    // As autovacuum does on a running database: statistics, and the visibility map that lets the sums read the index alone.
    await em.execute('vacuum analyze post_daily_stats, user_daily_stats, posts, read_events');
    const started = performance.now();
    await rollupStatsDay(em, yesterday);
    const rollupMs = Math.round(performance.now() - started);
    const { token } = await createSession(em, writer, { ip: '127.0.0.1', now: new Date() });
    const postId = (await em.findOneOrFail(Post, { creator: writer.id }, { orderBy: { id: 'asc' } })).id;
    return { cookie: `sid=${token}`, postId, rollupMs };
  },
});

/** Exact latency percentiles of the responses (autocannon's own histogram has no p95). */
function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
}

/** GETs `path` as the writer until `duration` seconds or `requests` requests, whichever comes first. */
async function load(name: string, path: string) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.origin}${path}`,
        connections,
        duration,
        maxOverallRequests: requests,
        headers: { cookie: prepared.cookie },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const row = {
    name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.error(
    `bench:stats: ${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms`,
  );
  return row;
}

let rows: Awaited<ReturnType<typeof load>>[];
try {
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${today}T23:59:59Z`);
  rows = [
    await load('/me/stats, last 30 days (HTML)', '/me/stats?period=30'),
    await load('/me/stats, all time (HTML)', '/me/stats?period=all'),
    await load('/me/stats/post/{postId}, all time (HTML)', `/me/stats/post/${prepared.postId}?period=all`),
    await load(`/me/stats/total/… over ${days} days (JSON)`, `/me/stats/total/${start}/${end}`),
  ];
} finally {
  await server.stop();
}

const results = {
  date: new Date().toISOString(),
  machine: { cores: os.cpus().length, node: process.version },
  stories,
  days,
  dailyRows: stories * days,
  duration,
  requests,
  connections,
  rollup: { events: dayEvents, ms: prepared.rollupMs },
  rows,
};
const table = [
  `Stats of a writer with ${stories} stories and ${days} days of daily rows (${stories * days} story-days); ${connections} connections, each run at most ${duration} s or ${requests} requests, loopback`,
  '',
  '| Request | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.requests} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.non2xx + r.errors} |`,
  ),
  '',
  `Rollup of one day with ${dayEvents} read events: ${prepared.rollupMs} ms.`,
].join('\n');
writeResults('stats', results, table);
