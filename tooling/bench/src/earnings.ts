// `pnpm bench:earnings [--members N] [--events N] [--writers N] [--stories N] [--limit-seconds S]`: the Partner
// Program's daily allocation for 100,000 paying members and 5 million reading events on the day (unless told),
// on its own embedded database under `.data/bench-earnings`, seeded with set-based inserts and kept between runs.
// Reports the allocation's seconds (first run and a recomputation), the Node process's peak memory and
// PostgreSQL's work_mem (bench/results/earnings.{json,md}). The whole run stops after --limit-seconds (900).
import os from 'node:os';
import path from 'node:path';
import { allocateDay } from '@quire/api';
import { connectDatabase } from '@quire/db';
import { numberOption, repoRoot, writeResults } from './setup';

const members = numberOption('members', 100_000);
const events = numberOption('events', 5_000_000);
const writers = numberOption('writers', 2_000);
const stories = numberOption('stories', 10_000);
const limitSeconds = numberOption('limit-seconds', 900);
if (members < 1 || writers < 1 || stories < 1) {
  console.error('--members, --writers and --stories need at least 1');
  process.exit(2);
}
/** The day allocated: a fixed one, so the seeded data is reused between runs. */
const DAY = '2026-06-15';

const log = (m: string) => console.error(`bench:earnings: ${m}`);
const limit = setTimeout(() => {
  log(`stopped: the run took longer than ${limitSeconds} s`);
  process.exit(1);
}, limitSeconds * 1000);
limit.unref();

// The Node process's resident memory, sampled while the allocation runs (the kernel's peak covers seeding too).
let peakRss = 0;
const sample = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
sample.unref();

const db = await connectDatabase({
  dataDir: path.join(repoRoot, '.data', 'bench-earnings'),
  embeddedPort: numberOption('pg-port', 54347),
  log,
});
const em = () => db.orm.em.fork();
const hex = (prefix: string, width: number) => `'${prefix}' || lpad(to_hex(g), ${width}, '0')`;

/** What is seeded, so a run with the same options reuses it. */
const shape = JSON.stringify({ members, events, writers, stories, day: DAY });

async function seeded(): Promise<boolean> {
  await em().execute('create table if not exists bench_earnings_shape (shape text not null)');
  const rows = await em().execute<{ shape: string }[]>('select shape from bench_earnings_shape');
  return rows[0]?.shape === shape;
}

/** Writers (nine in ten enrolled), their stories (four in five members-only), members, charges and reads. */
async function seed() {
  const run = async (label: string, sql: string) => {
    const started = performance.now();
    await em().execute(sql);
    log(`${label} in ${Math.round(performance.now() - started)} ms`);
  };
  await run(
    'cleared',
    `delete from earnings; delete from earning_days; delete from bench_earnings_shape;
     delete from read_events where id like 'be%'; delete from charges where id like 'bc%';
     delete from memberships where id like 'bs%'; delete from partner_enrollments where id like 'bn%';
     delete from posts where id like 'bp%'; delete from users where id like 'bw%' or id like 'bm%'`,
  );
  await run(
    `${writers} writers`,
    `insert into users (id, name, username, is_partner_program_enrolled)
     select ${hex('bw', 10)}, 'Bench Writer ' || g, 'earnbench-w' || g, g % 10 <> 0 from generate_series(1, ${writers}) g;
     insert into partner_enrollments (id, user_id, status)
     select ${hex('bn', 10)}, ${hex('bw', 10)}, case when g % 10 <> 0 then 'ENROLLED' else 'NOT_ENROLLED' end
     from generate_series(1, ${writers}) g`,
  );
  await run(
    `${stories} stories`,
    `insert into posts (id, creator_id, title, unique_slug, status, type, visibility, is_locked, reading_time)
     select ${hex('bp', 10)}, 'bw' || lpad(to_hex(1 + g % ${writers}), 10, '0'), 'Bench story ' || g,
            'bench-story-' || g, 'PUBLISHED', 'PUBLISHED', 'PUBLIC', g % 5 <> 0, 3 + g % 12
     from generate_series(1, ${stories}) g`,
  );
  // One in ten pays yearly; one in twenty was referred by a writer; one in fifty got half refunded.
  await run(
    `${members} members, memberships and charges`,
    `insert into users (id, name, username, medium_member_at)
     select ${hex('bm', 10)}, 'Bench Member ' || g, 'earnbench-m' || g, 1 from generate_series(1, ${members}) g;
     insert into memberships (id, user_id, status, provider, started_at, referrer_id)
     select ${hex('bs', 10)}, ${hex('bm', 10)}, 'ACTIVE', 'STRIPE', '${DAY}'::date - (g % 28),
            case when g % 20 = 0 then 'bw' || lpad(to_hex(1 + g % ${writers}), 10, '0') end
     from generate_series(1, ${members}) g;
     insert into charges (id, user_id, membership_id, amount, currency, status, provider, created_at, period_end,
                          amount_refunded, last_refunded_at)
     select ${hex('bc', 10)}, ${hex('bm', 10)}, ${hex('bs', 10)}, case when g % 10 = 0 then 5000 else 500 end, 'USD',
            'SUCCEEDED', 'STRIPE', s.paid_at,
            s.paid_at + case when g % 10 = 0 then interval '365 days' else interval '30 days' end,
            case when g % 50 = 0 then 250 else 0 end, case when g % 50 = 0 then s.paid_at + interval '3 days' end
     from generate_series(1, ${members}) g
     cross join lateral (select ('${DAY}'::date - (g % 28))::timestamp at time zone 'UTC' + (g % 86400) * interval '1 second' as paid_at) s`,
  );
  // Four in five events are full reads by a member; the rest views or reads without a membership.
  await run(
    `${events} reading events`,
    `insert into read_events (id, post_id, user_id, kind, occurred_at, reading_seconds, is_member)
     select ${hex('be', 14)}, 'bp' || lpad(to_hex(1 + (g / ${members} * 7919 + g) % ${stories}), 10, '0'),
            'bm' || lpad(to_hex(1 + g % ${members}), 10, '0'),
            case when g % 5 = 0 then 'VIEW' else 'READ' end,
            '${DAY}'::timestamp at time zone 'UTC' + (g % 86400) * interval '1 second',
            case when g % 5 = 0 then 0 else 20 + (g * 37) % 900 end, g % 50 <> 0
     from generate_series(1::bigint, ${events}) g`,
  );
  await run(
    'analyzed',
    'analyze users; analyze posts; analyze memberships; analyze charges; analyze read_events',
  );
  await em().execute('insert into bench_earnings_shape (shape) values (?)', [shape]);
}

let results: Record<string, unknown>;
try {
  if (await seeded()) log('seeded data reused');
  else await seed();
  const [{ work_mem: workMem }] = (await em().execute<{ work_mem: string }[]>('show work_mem')) as [
    { work_mem: string },
  ];
  const [{ count: eventCount }] = (await em().execute<{ count: string }[]>(
    `select count(*) from read_events where occurred_at >= '${DAY}'::date and occurred_at < '${DAY}'::date + 1`,
  )) as [{ count: string }];
  // What PostgreSQL wrote to temporary files (sorts and hashes past work_mem); its statistics lag a little.
  const tempBytes = async () => {
    await new Promise((r) => setTimeout(r, 1500));
    const [row] = await em().execute<{ bytes: string }[]>(
      'select temp_bytes as bytes from pg_stat_database where datname = current_database()',
    );
    return Number(row?.bytes ?? 0);
  };
  const tempBefore = await tempBytes();
  peakRss = process.memoryUsage().rss;
  const rssBefore = peakRss;
  const first = await allocateDay(em(), DAY);
  const firstPeak = peakRss;
  const tempFirst = (await tempBytes()) - tempBefore;
  const again = await allocateDay(em(), DAY);
  const [{ sum }] = (await em().execute<{ sum: string }[]>(
    `select coalesce(sum(amount), 0) as sum from earnings where period_start = '${DAY}'`,
  )) as [{ sum: string }];
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  results = {
    date: new Date().toISOString(),
    machine: { cores: os.cpus().length, node: process.version },
    day: DAY,
    members,
    writers,
    stories,
    eventsOnTheDay: Number(eventCount),
    firstRunSeconds: first.durationMs / 1000,
    recomputeSeconds: again.durationMs / 1000,
    revenueCents: first.revenue,
    allocatedCents: first.allocated,
    referralCents: first.referrals,
    ledgerSumCents: Number(sum),
    ledgerRows: first.rows,
    payingMembers: first.members,
    membersWhoRead: first.readers,
    sameLedgerOnRecompute:
      JSON.stringify({ ...first, durationMs: 0 }) === JSON.stringify({ ...again, durationMs: 0 }),
    nodeRssBeforeMb: mb(rssBefore),
    nodePeakRssDuringAllocationMb: mb(Math.max(firstPeak, peakRss)),
    nodeMaxRssWholeRunMb: mb(process.resourceUsage().maxRSS * 1024),
    postgresWorkMem: workMem,
    postgresTempFilesFirstRunMb: mb(tempFirst),
  };
} finally {
  clearInterval(sample);
  await db.close();
}

const r = results as Record<string, number | string | boolean>;
writeResults(
  'earnings',
  results,
  [
    '| figure | value |',
    '|---|---|',
    `| members / writers / stories | ${r.members} / ${r.writers} / ${r.stories} |`,
    `| reading events on the day | ${r.eventsOnTheDay} |`,
    `| allocation, first run | ${r.firstRunSeconds} s |`,
    `| allocation, recomputed | ${r.recomputeSeconds} s |`,
    `| revenue → allocated (referrals) | ${r.revenueCents} → ${r.allocatedCents} (${r.referralCents}) cents |`,
    `| ledger rows, sum | ${r.ledgerRows}, ${r.ledgerSumCents} cents |`,
    `| same ledger when recomputed | ${r.sameLedgerOnRecompute} |`,
    `| Node RSS before → peak during allocation | ${r.nodeRssBeforeMb} → ${r.nodePeakRssDuringAllocationMb} MB |`,
    `| Node max RSS, whole run (seeding included) | ${r.nodeMaxRssWholeRunMb} MB |`,
    `| PostgreSQL work_mem; temporary files written by the first run | ${r.postgresWorkMem}; ${r.postgresTempFilesFirstRunMb} MB |`,
  ].join('\n'),
);
process.exit(0);
