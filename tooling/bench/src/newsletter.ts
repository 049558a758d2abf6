// `pnpm bench:newsletter [--subscribers N] [--rate R] [--connections C] [--duration S] [--site-rate Q]
// [--timeout-minutes M] [--worker] [--cached]`:
// one issue of a writer's newsletter to N confirmed subscribers (100,000 unless told) through a local SMTP sink,
// sent by a production server (`./quire start`) at NEWSLETTER_RATE_PER_SECOND=R over C pooled SMTP connections.
// Reports the minutes from queueing to every copy delivered and the issue SENT, mails per second, the server's
// memory, and the site's latency (story and home pages, uncached unless --cached) before and while it sends
// (bench/results/newsletter.{json,md}); the site's load runs as fast as it answers unless --site-rate paces each
// page at Q requests per second; --worker sends from a job worker of its own (`./quire start --worker`, the
// site's process running no jobs) instead of the site's process. Checks every address got exactly one copy. Data under
// `.data/bench-newsletter`, seeded with set-based inserts and kept between runs; loopback only.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWriterNewsletter, queueIssue } from '@quire/api';
import { Newsletter, type Orm, Post, User } from '@quire/db';
import { postmasterPid, type ServerProcess } from '@quire/e2e';
import { DEMO } from '@quire/seed';
import { startSmtpSink } from '@quire/test-harness/smtp-sink';
import autocannon from 'autocannon';
import { cpuMs, treeCpuMs } from './process-cpu';
import { type BenchRow, benchRow, numberOption, repoRoot, startSeededServer, writeResults } from './setup';

const subscribers = numberOption('subscribers', 100_000);
const rate = numberOption('rate', 500);
const smtpConnections = numberOption('connections', 10);
/** Seconds of site load before sending starts (the comparison). */
const duration = numberOption('duration', 15);
/** Requests per second on each page; 0: as fast as the site answers (a saturating load, as run.ts). */
const siteRate = numberOption('site-rate', 0);
const timeoutMinutes = numberOption('timeout-minutes', 30);
const port = numberOption('port', 3912);
const pgPort = numberOption('pg-port', 54348);
/** The production topology for large sends: the sender in a worker process, the site's process serving only. */
const separateWorker = process.argv.includes('--worker');
/** The site's pages as most anonymous readers get them (the micro-cache's), instead of a unique query each. */
const cachedPages = process.argv.includes('--cached');
const pageKind = cachedPages ? 'cached' : 'uncached';
if (subscribers < 1 || rate < 1 || smtpConnections < 1 || timeoutMinutes < 1) {
  console.error('--subscribers, --rate, --connections and --timeout-minutes need at least 1');
  process.exit(2);
}
/** The site's load while it sends, as run.ts's uncached rows: 10 connections, split over the two pages. */
const SITE_CONNECTIONS = 10;
const TARGET = { minutes: 10, siteP99Ms: 100 };
const dataName = 'bench-newsletter';
const dataDir = path.join(repoRoot, '.data', dataName);
const log = (m: string) => console.error(`bench:newsletter: ${m}`);
const address = (n: number) => `reader${n}@sink.test`;

/**
 * The first demo writer's newsletter with exactly `subscribers` confirmed subscribers at reader{n}@sink.test
 * (reseeded only when the count differs), no issue yet, and the story the issue sends.
 */
async function prepare(orm: Orm) {
  const em = orm.em.fork();
  const writer = await em.findOneOrFail(User, { username: DEMO.writerUsername });
  const post = await em.findOneOrFail(Post, DEMO.story.id);
  const newsletter = await ensureWriterNewsletter(em, writer);
  const [have] = await em.execute<{ all: string; sink: string }[]>(
    `select count(*) as all, count(*) filter (where email like 'reader%@sink.test' and confirmed_at is not null
       and unsubscribed_at is null) as sink from newsletter_subscriptions where newsletter_id = ?`,
    [newsletter.id],
  );
  if (Number(have?.all) !== subscribers || Number(have?.sink) !== subscribers) {
    const started = performance.now();
    await em.transactional(async (tx) => {
      await tx.execute('delete from newsletter_subscriptions where newsletter_id = ?', [newsletter.id]);
      await tx.execute(
        `insert into newsletter_subscriptions (id, newsletter_id, email, entity_kind, source, confirmed_at)
         select 'nb' || lpad(to_hex(g), 10, '0'), ?, 'reader' || g || '@sink.test', 'AUTHOR', 'IMPORT', now()
         from generate_series(1, ?) g`,
        [newsletter.id, subscribers],
      );
      await tx.execute('update newsletters set subscriber_count = ? where id = ?', [
        subscribers,
        newsletter.id,
      ]);
    });
    await em.execute('analyze newsletter_subscriptions');
    log(`${subscribers} subscribers seeded in ${Math.round(performance.now() - started)} ms`);
  } else log(`${subscribers} subscribers reused`);
  // A previous run's issue (its deliveries go with it): the story is queued afresh.
  await em.execute('delete from newsletter_emails where newsletter_id = ?', [newsletter.id]);
  await em.execute(`delete from email_suppressions where address like '%@sink.test'`);
  return { newsletterId: newsletter.id, writerId: writer.id, postId: post.id };
}

/** The server process's resident memory now and its peak since it started, in bytes (0 once it is gone). */
function memoryOf(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

const pages = [
  { name: 'story page', path: DEMO.story.path },
  { name: 'home', path: '/' },
];

/**
 * Load on both pages at once (uncached: a unique query string per request; --cached: the pages' own addresses),
 * SITE_CONNECTIONS split between them, until `seconds` pass or `stop()`; resolves with one row per page.
 */
function siteLoad(server: ServerProcess, label: string, seconds: number) {
  const instances = pages.map((page) => {
    let n = 0;
    let settle: { resolve(row: BenchRow): void; reject(error: unknown): void } | undefined;
    const done = new Promise<BenchRow>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const instance = autocannon(
      {
        url: server.origin,
        connections: SITE_CONNECTIONS / pages.length,
        ...(siteRate ? { overallRate: siteRate } : {}),
        duration: seconds,
        requests: [
          {
            method: 'GET',
            path: page.path,
            headers: { 'accept-encoding': 'gzip, deflate, br' },
            ...(cachedPages
              ? {}
              : {
                  setupRequest: (req: autocannon.Request) => {
                    n += 1;
                    return { ...req, path: `${page.path}?bench=${label.replace(/\W/g, '')}${n}` };
                  },
                }),
          },
        ],
      },
      (error, result) =>
        error
          ? settle!.reject(error)
          : settle!.resolve(benchRow('bench:newsletter', `${page.name}, ${label}`, result)),
    );
    return { done, stop: () => instance.stop() };
  });
  return {
    rows: Promise.all(instances.map((i) => i.done)),
    stop: () => {
      for (const i of instances) i.stop();
    },
  };
}

/**
 * A job worker (`./quire start --worker`) on the bench's database, from the bundle the site's process was just
 * started from (a start that found a source changed would bundle again, removing chunks the site still loads),
 * leading a process group of its own; ready once it says so. Stopping it sends SIGTERM and waits for it to end.
 */
async function startJobWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.mjs'), '--worker'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (chunk.toString('utf8').includes('worker running')) resolve();
    });
    void exited.then(() => reject(new Error('the job worker exited before it was running')));
  });
  return {
    pid: child.pid!,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      await exited;
    },
  };
}

const sink = await startSmtpSink({ keepMessages: false });
log(`SMTP sink on ${sink.url}`);
const sendEnv = {
  // The sink offers no STARTTLS; plain SMTP on loopback.
  SMTP_URL: `${sink.url}?ignoreTLS=true`,
  NEWSLETTER_RATE_PER_SECOND: String(rate),
  NEWSLETTER_SMTP_CONNECTIONS: String(smtpConnections),
};
const { server, prepared, db } = await startSeededServer({
  dataName,
  label: 'bench:newsletter',
  port,
  pgPort,
  keepDatabase: true,
  env: separateWorker ? { ...sendEnv, RUN_JOBS: 'false' } : sendEnv,
  prepare,
}).catch(async (error) => {
  await sink.close();
  throw error;
});
const orm = db!.orm;
const jobWorker = separateWorker
  ? await startJobWorker({ DATA_DIR: dataDir, DATABASE_URL: db!.url, SEED_DEMO: 'false', ...sendEnv }).catch(
      async (error) => {
        await server.stop();
        await db!.close();
        await sink.close();
        throw error;
      },
    )
  : null;
/** The process that sends: the worker's, or the site's. */
const senderPid = jobWorker?.pid ?? server.pid;

let peakRss = 0;
let peakWorkerRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, memoryOf(server.pid).rss);
  if (jobWorker) peakWorkerRss = Math.max(peakWorkerRss, memoryOf(jobWorker.pid).rss);
}, 1000);

type Status = { status: string; recipients: number; delivered: number; sentAt: Date | null };
async function issueStatus(id: string): Promise<Status> {
  const [row] = await orm.em
    .fork()
    .execute<{ status: string; recipient_count: number; delivered_count: number; sent_at: Date | null }[]>(
      'select status, recipient_count, delivered_count, sent_at from newsletter_emails where id = ?',
      [id],
    );
  return {
    status: row?.status ?? 'MISSING',
    recipients: row?.recipient_count ?? 0,
    delivered: row?.delivered_count ?? 0,
    sentAt: row?.sent_at ?? null,
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Measures the site idle, queues the issue, and waits for every copy while the site is under load. */
async function run() {
  // Warm the pages (and the server's code paths) before measuring.
  await siteLoad(server, 'warm-up', 3).rows;
  const idleRows = await siteLoad(server, `${pageKind}, before sending`, duration).rows;
  const rssBefore = memoryOf(server.pid).rss;
  const workerRssBefore = jobWorker ? memoryOf(jobWorker.pid).rss : 0;
  peakRss = rssBefore;
  peakWorkerRss = workerRssBefore;

  const pg = postmasterPid(dataDir);
  const [serverCpu0, workerCpu0, dbCpu0] = [
    cpuMs(server.pid),
    jobWorker ? cpuMs(jobWorker.pid) : 0,
    pg ? treeCpuMs(pg) : 0,
  ];
  const sendingLoad = siteLoad(server, `${pageKind}, while sending`, timeoutMinutes * 60);
  // Queued as publishing queues it: the issue row, which the server's fan-out job picks up.
  const em = orm.em.fork();
  const started = performance.now();
  const issue = await em.transactional(async (tx) =>
    queueIssue(tx, {
      newsletter: await tx.findOneOrFail(Newsletter, prepared.newsletterId),
      post: await tx.findOneOrFail(Post, prepared.postId),
      subject: DEMO.story.title,
      body: null,
      createdBy: await tx.findOneOrFail(User, prepared.writerId),
    }),
  );
  const issueId = issue.id;
  log(`issue ${issueId} queued for ${subscribers} subscribers`);

  const seconds = () => (performance.now() - started) / 1000;
  const deadline = timeoutMinutes * 60;
  let fannedOutS: number | null = null;
  let firstMailS: number | null = null;
  let lastCountAt = { s: 0, count: 0 };
  let lastProgress = 0;
  let state = await issueStatus(issueId);
  let complete = false;
  while (seconds() < deadline && alive(server.pid) && alive(senderPid)) {
    await new Promise((r) => setTimeout(r, 250));
    if (sink.totals.messages > lastCountAt.count) lastCountAt = { s: seconds(), count: sink.totals.messages };
    if (firstMailS === null && sink.totals.messages > 0) firstMailS = seconds();
    state = await issueStatus(issueId);
    if (fannedOutS === null && state.status !== 'QUEUED') fannedOutS = seconds();
    if (state.status === 'SENT' && sink.totals.messages >= state.recipients) {
      complete = true;
      break;
    }
    if (seconds() - lastProgress >= 10) {
      lastProgress = seconds();
      log(
        `${Math.round(seconds())} s: ${sink.totals.messages}/${subscribers} delivered, issue ${state.status}, server RSS ${Math.round(memoryOf(server.pid).rss / 2 ** 20)} MB${jobWorker ? `, worker RSS ${Math.round(memoryOf(jobWorker.pid).rss / 2 ** 20)} MB` : ''}`,
      );
    }
  }
  const totalS = complete ? seconds() : Math.min(seconds(), deadline);
  sendingLoad.stop();
  const sendingRows = await sendingLoad.rows;
  const serverCpuMs = cpuMs(server.pid) - serverCpu0;
  const workerCpuMs = jobWorker ? cpuMs(jobWorker.pid) - workerCpu0 : 0;
  const dbCpuMs = pg ? treeCpuMs(pg) - dbCpu0 : 0;
  if (!complete)
    log(
      `${alive(server.pid) && alive(senderPid) ? `stopped after ${timeoutMinutes} min` : 'a server process ended'}: ${sink.totals.messages} of ${subscribers} delivered`,
    );

  // Exactly once: every subscriber's address got one copy, and nobody else got any.
  let missing = 0;
  let duplicated = 0;
  for (let n = 1; n <= subscribers; n++) {
    const copies = sink.copies.get(address(n)) ?? 0;
    if (copies === 0) missing += 1;
    if (copies > 1) duplicated += 1;
  }
  const strangers = [...sink.copies.keys()].filter((to) => !/^reader\d+@sink\.test$/.test(to)).length;
  const memory = memoryOf(server.pid);
  const workerMemory = jobWorker ? memoryOf(jobWorker.pid) : null;
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  const delivered = sink.totals.messages;
  const sendingSpan = lastCountAt.s - (firstMailS ?? 0);
  return {
    date: new Date().toISOString(),
    machine: { cores: os.cpus().length, node: process.version },
    settings: {
      subscribers,
      ratePerSecond: rate,
      smtpConnections,
      siteConnections: SITE_CONNECTIONS,
      siteRatePerPage: siteRate || 'unpaced',
      sitePages: pageKind,
      timeoutMinutes,
      sender: jobWorker ? 'worker process' : 'site process',
      nodeEnv: 'production',
    },
    complete,
    issue: { id: issueId, ...state },
    delivered,
    exactlyOnce: complete && missing === 0 && duplicated === 0 && strangers === 0,
    missing,
    duplicated,
    strangers,
    minutesToAllDelivered: Math.round((totalS / 60) * 100) / 100,
    secondsToFannedOut: fannedOutS === null ? null : Math.round(fannedOutS * 10) / 10,
    secondsToFirstMail: firstMailS === null ? null : Math.round(firstMailS * 10) / 10,
    mailsPerSecond: Math.round((delivered / totalS) * 10) / 10,
    mailsPerSecondWhileSending: sendingSpan > 0 ? Math.round((delivered / sendingSpan) * 10) / 10 : null,
    bytesPerMail: delivered ? Math.round(sink.totals.bytes / delivered) : 0,
    serverCpuSeconds: Math.round(serverCpuMs / 100) / 10,
    workerCpuSeconds: jobWorker ? Math.round(workerCpuMs / 100) / 10 : null,
    dbCpuSeconds: Math.round(dbCpuMs / 100) / 10,
    sendingSeconds: Math.round(totalS * 10) / 10,
    serverRssBeforeMb: mb(rssBefore),
    serverPeakRssWhileSendingMb: mb(Math.max(peakRss, memory.rss)),
    serverVmHwmMb: mb(memory.hwm),
    worker: workerMemory
      ? {
          rssBeforeMb: mb(workerRssBefore),
          peakRssWhileSendingMb: mb(Math.max(peakWorkerRss, workerMemory.rss)),
          vmHwmMb: mb(workerMemory.hwm),
        }
      : null,
    site: { beforeSending: idleRows, whileSending: sendingRows },
  };
}

let results: Awaited<ReturnType<typeof run>>;
try {
  results = await run();
} finally {
  clearInterval(sampler);
  await jobWorker?.stop();
  await server.stop();
  await db!.close();
  await sink.close();
}

const r = results;
const worstP99 = Math.max(...r.site.whileSending.map((row) => row.p99Ms));
/** Error pages answer fast: latency measured on them says nothing. */
const siteFailures = [...r.site.beforeSending, ...r.site.whileSending].reduce(
  (n, row) => n + row.non2xx + row.errors,
  0,
);
const siteRow = (row: BenchRow) =>
  `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} |`;
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
const table = [
  `Newsletter bench ${r.date} · production mode · ${subscribers} subscribers · NEWSLETTER_RATE_PER_SECOND ${rate} · ${smtpConnections} SMTP connections`,
  '',
  '| figure | value |',
  '|---|---|',
  `| every copy delivered, issue SENT | ${yes(r.complete)} (${r.delivered} of ${subscribers}; issue ${r.issue.status}, ${r.issue.delivered} counted delivered) |`,
  `| each address exactly once | ${yes(r.exactlyOnce)} (${r.missing} missing, ${r.duplicated} duplicated, ${r.strangers} unknown) |`,
  `| queued → all delivered and SENT | ${r.minutesToAllDelivered} min (target under ${TARGET.minutes}: ${yes(r.complete && r.minutesToAllDelivered < TARGET.minutes)}) |`,
  `| queued → fanned out (SENDING) / first copy | ${r.secondsToFannedOut ?? '–'} s / ${r.secondsToFirstMail ?? '–'} s |`,
  `| mails per second, queued → done (first → last copy) | ${r.mailsPerSecond} (${r.mailsPerSecondWhileSending ?? '–'}) |`,
  `| size of a copy | ${(r.bytesPerMail / 1024).toFixed(1)} KB |`,
  `| CPU of the server / PostgreSQL while sending (site load included) | ${r.serverCpuSeconds} s / ${r.dbCpuSeconds} s in ${r.sendingSeconds} s |`,
  ...(r.worker
    ? [
        `| CPU of the job worker while sending | ${r.workerCpuSeconds} s |`,
        `| job worker RSS before → peak while sending (VmHWM since start) | ${r.worker.rssBeforeMb} → ${r.worker.peakRssWhileSendingMb} MB (${r.worker.vmHwmMb} MB) |`,
      ]
    : []),
  `| server RSS before → peak while sending (VmHWM since start) | ${r.serverRssBeforeMb} → ${r.serverPeakRssWhileSendingMb} MB (${r.serverVmHwmMb} MB) |`,
  `| site p99 while sending, worst page | ${worstP99} ms (target under ${TARGET.siteP99Ms}: ${yes(worstP99 < TARGET.siteP99Ms && !siteFailures)})${siteFailures ? ` — **${siteFailures} answers were not 2xx**` : ''} |`,
  '',
  `The site meanwhile: ${cachedPages ? 'cached pages (the same address each time, as most anonymous readers get them)' : 'uncached pages (a unique query string per request)'}, ${SITE_CONNECTIONS} connections split between the two pages, ${siteRate ? `${siteRate} requests per second on each` : 'as fast as they answer'}; ${duration} s before sending, then for the whole send:`,
  '',
  '| scenario | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|',
  ...r.site.beforeSending.map(siteRow),
  ...r.site.whileSending.map(siteRow),
  '',
  `- ${r.worker ? "the site's process runs no jobs (RUN_JOBS=false) and a job worker of its own (main.mjs --worker, as ./quire start --worker) sends" : 'one process serves the site and runs the jobs (RUN_JOBS, the default)'}; the SMTP sink (smtp-server, counting copies and bytes, bodies discarded) and the load run in the bench process, on the same ${os.cpus().length} cores`,
  `- the issue is the demo story ${DEMO.story.path}, queued with queueIssue as publishing queues it; the server's fan-out and sender jobs (pg-boss, polled every 2 s) do the rest`,
].join('\n');
writeResults('newsletter', results, table);
process.exit(r.exactlyOnce ? 0 : 1);
