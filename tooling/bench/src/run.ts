// `pnpm bench [--scale N] [--duration S] [--warm S] [--connections C] [--web-processes P]`: load-tests a
// production-mode server (P web processes, WEB_PROCESSES; one a core unless told) on seeded data over loopback and
// writes bench/results/latest.json and latest.md. Every page is measured three ways: cached (anonymous, one
// address), uncached (anonymous, a unique query string per request) and signed in (rendered per request), each
// after S seconds (`--warm`, 2) of the same requests unmeasured; each response's x-cache header is checked against
// the case, and each row carries the server's and the database's CPU time per request, the load generator's, and
// how busy the machine was.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createSession, followingFeed, forYouFeed } from '@quire/api';
import { type Orm, User } from '@quire/db';
import { postmasterPid, type ServerProcess, startServer } from '@quire/e2e';
import { DEMO } from '@quire/seed';
import autocannon from 'autocannon';
import { startHttpFloor } from './http-floor';
import { libraryFloor } from './js-floor';
import { machineTicks, serverCpuMs, treeCpuMs } from './process-cpu';
import { scriptWeight } from './script-weight';
import { type BenchRow, benchRow, numberOption, repoRoot, startSeededServer, writeResults } from './setup';

const scale = numberOption('scale', 0);
const duration = numberOption('duration', 10);
const connections = numberOption('connections', 50);
const warmSeconds = numberOption('warm', 2);
const port = numberOption('port', 3901);
const pgPort = numberOption('pg-port', 54339);
const cores = availableParallelism();
// One web process a core, as README's 'Scaling out' sets a machine up in production.
const webProcesses = Math.max(1, numberOption('web-processes', cores));
const dataName = scale ? `bench-${scale}` : 'bench';
const dataDir = path.join(repoRoot, '.data', dataName);

// Bench data lives apart from the dev database, and is kept so a large --scale is seeded once.
const { server, prepared } = await startSeededServer({
  dataName,
  label: 'bench',
  port,
  pgPort,
  scale,
  // Rendered pages say where their time went (the breakdown below).
  env: { SERVER_TIMING: 'true', WEB_PROCESSES: String(webProcesses) },
  // A signed-in member: their pages are rendered for them on every request (never micro-cached).
  prepare: async (orm) => {
    const em = orm.em.fork();
    const reader = await em.findOneOrFail(User, { username: DEMO.writerUsername });
    const { token } = await createSession(em, reader, { ip: '127.0.0.1', now: new Date() });
    return {
      // As a signed-in browser sends it: the session and the anti-forgery and visitor cookies it was given at first
      // contact (without them, every response would issue new ones).
      headers: {
        cookie: `sid=${token}; xsrf=${randomBytes(18).toString('base64url')}; qv=${randomBytes(8).toString('hex')}`,
      },
      homeFeedQuery: await timeHomeFeedQuery(orm, reader),
      busiest: scale ? await busiestTopic(orm) : null,
    };
  },
});
const signedIn = prepared.headers;
/** Pages are asked for as a browser asks: compressed. */
const browser = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The topic with the most stories and a public story on it: the demo's topics hold a few dozen stories, and a page
 * that reads a topic's stories is measured on the biggest one too, so a cost that grows with a topic shows.
 */
async function busiestTopic(orm: Orm) {
  const [row] = await orm.em.fork().execute<{ slug: string; username: string; unique_slug: string }[]>(
    `select t.slug, u.username, p.unique_slug from tags t
       join posts p on p.primary_topic_id = t.id and p.status = 'PUBLISHED' and p.visibility = 'PUBLIC'
       join users u on u.id = p.creator_id
      order by t.post_count desc, p.latest_published_at desc limit 1`,
  );
  if (!row) throw new Error('no published story on a topic to measure');
  return { topicPath: `/tag/${row.slug}`, storyPath: `/@${row.username}/${row.unique_slug}` };
}

/**
 * The home feed query on its own: the For you ranking and its cards for a signed-in reader with follows, run
 * one after another on an idle database, first pages and deeper ones.
 */
async function timeHomeFeedQuery(orm: Orm, reader: User) {
  const runs = 200;
  const time = async (query: (em: ReturnType<Orm['em']['fork']>, page: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 10; i++) {
      const em = orm.em.fork();
      const started = performance.now();
      await query(em, i % 5);
      if (i >= 10) times.push(performance.now() - started); // the first 10 warm the caches
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) };
  };
  const forYou = await time((em, page) => forYouFeed(em, reader, { offset: page * 20, limit: 20 }));
  const following = await time((em, page) => followingFeed(em, reader, { offset: page * 20, limit: 20 }));
  return { runs, ...forYou, following };
}

/** What a scenario's responses must say in x-cache: all HIT but the first renders, all MISS, all BYPASS. */
type CacheExpectation = 'HIT' | 'MISS' | 'BYPASS' | null;

interface LoadOptions {
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** A unique query string per request, so no cache can answer. */
  unique?: boolean;
  /** Rotates the request's path through these (a search's texts), in place of one path. */
  paths?: string[];
  expectCache?: CacheExpectation;
  seconds?: number;
}

/**
 * The CPU used during `run` by the server's processes, by PostgreSQL (postmaster and backends) and by this process
 * (the load generator), and how busy the machine's cores were.
 */
async function withCpu<T>(target: ServerProcess, run: () => Promise<T>) {
  const pg = postmasterPid(dataDir);
  const [server0, db0, machine0, self0] = [
    serverCpuMs(target.pid),
    pg ? treeCpuMs(pg) : 0,
    machineTicks(),
    process.cpuUsage(),
  ];
  const result = await run();
  const [machine, self] = [machineTicks(), process.cpuUsage(self0)];
  return {
    result,
    serverCpuMs: serverCpuMs(target.pid) - server0,
    dbCpuMs: pg ? treeCpuMs(pg) - db0 : 0,
    loadGeneratorCpuMs: (self.user + self.system) / 1000,
    machineBusyPercent: Math.round(
      (100 * (machine.busy - machine0.busy)) / (machine.all - machine0.all || 1),
    ),
  };
}

async function load(
  name: string,
  urlPath: string,
  opts: LoadOptions = {},
  target = server,
): Promise<BenchRow> {
  const xCache: Record<string, number> = {};
  let n = 0;
  const pathOf = () => {
    n += 1;
    const base = opts.paths ? opts.paths[n % opts.paths.length]! : urlPath;
    return opts.unique ? `${base}${base.includes('?') ? '&' : '?'}bench=${n}` : base;
  };
  const requests = (seconds: number, counts: Record<string, number>) =>
    autocannon({
      url: target.origin,
      connections,
      duration: seconds,
      requests: [
        {
          method: opts.method ?? 'GET',
          path: urlPath,
          headers: opts.headers,
          body: opts.body,
          ...(opts.unique || opts.paths
            ? { setupRequest: (req: autocannon.Request) => ({ ...req, path: pathOf() }) }
            : {}),
          // Every row reads its responses' headers, so the client does the same work in each.
          onResponse: (_status: number, _body: string, _ctx: object, headers?: IncomingHttpHeaders) => {
            const state = String(headers?.['x-cache'] ?? 'none');
            counts[state] = (counts[state] ?? 0) + 1;
          },
        },
      ],
    });
  // The same requests first, unmeasured: a row is taken of code the server has already compiled (the first seconds
  // of a path run it cold, 20 % slower on a cached story page) and not of the work left from the one before.
  if (warmSeconds) await requests(warmSeconds, {});
  const { result, serverCpuMs, dbCpuMs, loadGeneratorCpuMs, machineBusyPercent } = await withCpu(target, () =>
    requests(opts.seconds ?? duration, xCache),
  );
  const total = result.requests.total || 1;
  const row = {
    ...benchRow('bench', name, result),
    serverCpuMsPerRequest: Math.round((serverCpuMs / total) * 100) / 100,
    dbCpuMsPerRequest: Math.round((dbCpuMs / total) * 100) / 100,
    loadGeneratorCpuMsPerRequest: Math.round((loadGeneratorCpuMs / total) * 100) / 100,
    machineBusyPercent,
    xCache,
  };
  const expected = opts.expectCache;
  if (!expected) delete row.xCache.none;
  if (expected) {
    // A cached page may render a few times before its first copy is kept; nothing else may differ.
    const wrong = Object.entries(xCache).filter(
      ([state, count]) =>
        state !== expected && !(expected === 'HIT' && state === 'MISS' && count <= connections),
    );
    if (wrong.length) {
      throw new Error(`${name}: expected x-cache ${expected}, got ${JSON.stringify(xCache)}`);
    }
  }
  return row;
}

/** The x-cache of one anonymous request on a connection of its own. */
function xCacheOnNewConnection(urlPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(`${server.origin}${urlPath}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers['x-cache'] ?? 'none')));
    }).on('error', reject);
  });
}

const trpcPath = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

const pages = [
  { name: 'story page', path: DEMO.story.path },
  { name: 'members-only story', path: `/p/${DEMO.lockedStory.id}` },
  { name: 'home', path: '/' },
  { name: 'profile', path: `/@${DEMO.writerUsername}` },
  { name: 'topic', path: `/tag/${DEMO.topicSlugs[0]}` },
  ...(prepared.busiest
    ? [
        { name: 'story on the busiest topic', path: prepared.busiest.storyPath },
        { name: 'busiest topic', path: prepared.busiest.topicPath },
      ]
    : []),
];
const searchTexts = [...DEMO.topicSlugs, 'compile', 'writing', 'garden', 'night', 'data', 'city'].map((q) =>
  trpcPath('search.query', { q }),
);
const batch = JSON.stringify(
  Array.from({ length: 20 }, (_, i) => ({
    operationName: i % 2 ? 'VisitorQuery' : 'ViewerQuery',
    variables: {},
  })),
);

/**
 * Where a rendered page's time goes, one request at a time (no queueing): the mean of each Server-Timing phase
 * (context: the reader's session and flags; data: the page's queries; render: React to HTML; document: the state
 * and the page around it) over `count` requests, and the whole request as the client saw it.
 */
async function phases(urlPath: string, headers: Record<string, string>, count = 40) {
  const sums: Record<string, number> = {};
  let wall = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${server.origin}${urlPath}${urlPath.includes('?') ? '&' : '?'}phase=${i}`, {
      headers,
    });
    await res.arrayBuffer();
    wall += performance.now() - started;
    for (const [, name, dur] of (res.headers.get('server-timing') ?? '').matchAll(/(\w+);dur=([\d.]+)/g)) {
      sums[name!] = (sums[name!] ?? 0) + Number(dur);
    }
  }
  const mean = (n: number) => Math.round((n / count) * 10) / 10;
  return { ...Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, mean(v)])), wall: mean(wall) };
}

/**
 * Requests one at a time over HTTP, each of `paths` in turn for `rounds` rounds (the first round warms): p50 and p95
 * of the whole request as the client sees it.
 */
async function oneAtATime(paths: string[], rounds = 6) {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const urlPath of paths) {
      const started = performance.now();
      await (await fetch(`${server.origin}${urlPath}`)).arrayBuffer();
      if (round > 0) times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { requests: times.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}

const rows: BenchRow[] = [];
const breakdown: { page: string; reader: string; phases: Record<string, number> }[] = [];
const notes: string[] = [];
const floors: { page: string; app: number; floor: number }[] = [];
let weight: Awaited<ReturnType<typeof scriptWeight>> | null = null;
let staticAsset = '/';
let searchAlone: Awaited<ReturnType<typeof oneAtATime>> | null = null;
try {
  for (const page of pages) {
    // A page the cache may not keep (a members-only story) has no cached case: its second visit is a MISS too.
    // Each web process keeps its own cache, and the kernel gives each new connection to one of them: every one is
    // visited (eight times their number: one is missed about once in a hundred pages with two).
    for (let i = 0; i < 8 * webProcesses; i++) await xCacheOnNewConnection(page.path);
    const visits: string[] = [];
    for (let i = 0; i < webProcesses; i++) visits.push(await xCacheOnNewConnection(page.path));
    const second = visits.find((state) => state !== 'HIT') ?? 'HIT';
    if (second === 'HIT') {
      rows.push(
        await load(`${page.name}, anonymous, cached`, page.path, { headers: browser, expectCache: 'HIT' }),
      );
    } else {
      notes.push(
        `${page.name}: never micro-cached for anonymous readers (x-cache ${second}), so no cached row`,
      );
    }
    rows.push(
      await load(`${page.name}, anonymous, uncached`, page.path, {
        headers: browser,
        unique: true,
        expectCache: 'MISS',
      }),
    );
    rows.push(
      await load(`${page.name}, signed in`, page.path, {
        headers: { ...signedIn, ...browser },
        unique: true,
        expectCache: 'BYPASS',
      }),
    );
  }
  for (const page of pages) {
    breakdown.push({ page: page.name, reader: 'anonymous', phases: await phases(page.path, browser) });
    breakdown.push({
      page: page.name,
      reader: 'signed in',
      phases: await phases(page.path, { ...signedIn, ...browser }),
    });
  }
  rows.push(
    await load('tRPC For you feed, signed in (posts.forYou)', trpcPath('posts.forYou', { limit: 20 }), {
      headers: signedIn,
    }),
  );
  rows.push(await load('tRPC latest stories (posts.latest)', trpcPath('posts.latest', { limit: 20 })));
  rows.push(
    await load('tRPC full search, stories included (search.query)', searchTexts[0]!, { paths: searchTexts }),
  );
  searchAlone = await oneAtATime(searchTexts);
  rows.push(
    await load('GraphQL batch of 20', '/_/graphql', {
      method: 'POST',
      body: batch,
      headers: { 'content-type': 'application/json' },
    }),
  );
  weight = await scriptWeight(`${server.origin}${DEMO.story.path}`);
  staticAsset = weight.scripts[0]?.path ?? '/';
  rows.push(await load(`static asset (${staticAsset})`, staticAsset));

  // The floor for cached pages: the same HTML from memory through plain node:http, as many processes, same load.
  const cachedRow = (page: { name: string }) =>
    rows.find((r) => r.name === `${page.name}, anonymous, cached`);
  for (const page of pages.filter((p) => cachedRow(p)).slice(0, 3)) {
    const html = await (await fetch(`${server.origin}${page.path}`)).text();
    const floor = await startHttpFloor(html, port + 1, webProcesses);
    try {
      const floorRow = await load(`${page.name}: the same HTML from memory (node:http)`, page.path, {}, {
        origin: floor.origin,
        pid: floor.pid,
      } as ServerProcess);
      rows.push(floorRow);
      floors.push({
        page: page.name,
        app: cachedRow(page)!.requestsPerSecond,
        floor: floorRow.requestsPerSecond,
      });
    } finally {
      await floor.stop();
    }
  }
} finally {
  await server.stop();
}

// Start times as an operator sees them: `./quire start` to the first answer on the same data, first after a change
// (the server's bundle removed, so it is built again), then three plain restarts, whose median is reported.
rmSync(path.join(repoRoot, 'apps/server/dist'), { recursive: true, force: true });
const startTimes: number[] = [];
for (let i = 0; i < 4; i++) {
  const started = await startServer({
    repoRoot,
    port,
    viaQuire: true,
    captureOutput: true,
    env: {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_DEMO: 'false',
      WEB_PROCESSES: String(webProcesses),
    },
  });
  startTimes.push(Math.round(started.readyMs));
  await started.stop();
}
const restarts = startTimes.slice(1);
const restartMedian = [...restarts].sort((a, b) => a - b)[1]!;

const floor = libraryFloor(repoRoot);
/**
 * What the machine could serve of each signed-in row at that row's cost if its cores did nothing else: its cores'
 * time over the CPU a request took in all (server, PostgreSQL and the load generator that shares the machine).
 */
const hostCeilings = rows
  .filter((r) => r.name.endsWith(', signed in') && r.serverCpuMsPerRequest !== undefined)
  .map((r) => {
    const cpuMs =
      r.serverCpuMsPerRequest! + (r.dbCpuMsPerRequest ?? 0) + (r.loadGeneratorCpuMsPerRequest ?? 0);
    return {
      name: r.name,
      cpuMsPerRequest: Math.round(cpuMs * 100) / 100,
      requestsPerSecond: Math.round((cores * 1000) / cpuMs),
    };
  });
const results = {
  date: new Date().toISOString(),
  machine: { cores, node: process.version },
  settings: {
    connections,
    durationSeconds: duration,
    scalePosts: scale,
    nodeEnv: 'production',
    webProcesses,
  },
  startReadyMs: Math.round(server.readyMs),
  quireStartMs: { first: startTimes[0], restart: restartMedian, restarts },
  storyPageScripts: weight,
  libraryFloorGzipBytes: floor,
  homeFeedQuery: prepared.homeFeedQuery,
  searchOneAtATime: searchAlone,
  cachedVersusNodeHttp: floors,
  renderBreakdown: breakdown,
  hostCeilings,
  notes,
  rows,
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const cacheOf = (r: BenchRow) =>
  Object.entries(r.xCache ?? {})
    .map(([state, count]) => `${state} ${count}`)
    .join(', ') || '–';
const table = [
  `Bench ${results.date} · production mode · ${webProcesses} web process${webProcesses > 1 ? 'es' : ''} · ${connections} connections · ${duration} s each · scale ${scale || 'demo only'}`,
  '',
  '| scenario | req/s | p50 ms | p97.5 ms | p99 ms | server CPU ms/req | DB CPU ms/req | load generator CPU ms/req | machine busy | x-cache | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p97_5Ms} | ${r.p99Ms} | ${r.serverCpuMsPerRequest ?? '–'} | ${r.dbCpuMsPerRequest ?? '–'} | ${r.loadGeneratorCpuMsPerRequest ?? '–'} | ${r.machineBusyPercent ?? '–'} % | ${cacheOf(r)} | ${r.non2xx} | ${r.errors} |`,
  ),
  '',
  'Where a rendered page’s time goes, one request at a time (mean ms; Server-Timing phases, then the whole request):',
  '',
  '| page | reader | context | data | render | document | whole request |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...breakdown.map(
    (b) =>
      `| ${b.page} | ${b.reader} | ${b.phases.context ?? '–'} | ${b.phases.data ?? '–'} | ${b.phases.render ?? '–'} | ${b.phases.document ?? '–'} | ${b.phases.wall} |`,
  ),
  '',
  `- story page: ${DEMO.story.path}; members-only story: /p/${DEMO.lockedStory.id} (the signed-in reader is a member)`,
  ...(prepared.busiest
    ? [
        `- busiest topic: ${prepared.busiest.topicPath} (the topic with the most stories); story on it: ${prepared.busiest.storyPath}`,
      ]
    : []),
  ...notes.map((n) => `- ${n}`),
  `- the machine's ${cores} cores at each signed-in row's CPU a request (server + PostgreSQL + load generator), if they did nothing else: ${hostCeilings.map((c) => `${c.name.replace(', signed in', '')} ${c.requestsPerSecond} req/s (${c.cpuMsPerRequest} ms)`).join('; ')}; 1,500 req/s would need ${((cores * 1000) / 1500).toFixed(2)} ms a request in all, 800 req/s ${((cores * 1000) / 800).toFixed(2)} ms`,
  `- pages are requested with a browser's accept-encoding (gzip, deflate, br): Quire sends cached pages compressed once (brotli), others compressed per response; the node:http floor sends its HTML gzipped once`,
  `- uncached rows add a unique query string to every request; every response's x-cache was checked (column above)`,
  ...floors.map(
    (f) =>
      `- ${f.page}, cached: ${f.app} req/s against ${f.floor} req/s for the same HTML from node:http (${Math.round((f.app / f.floor) * 100)} %)`,
  ),
  `- server start to ready (bench server, data present, process start to first answer): ${results.startReadyMs} ms`,
  `- \`./quire start\` to first answer: ${startTimes[0]} ms after a change (the server bundled again), ${restartMedian} ms on a restart (median of ${restarts.join(', ')} ms)`,
  weight
    ? `- JavaScript the story page loads in a fresh browser (every script, lazy chunks included): ${kb(weight.gzipBytes)} gzipped, ${kb(weight.transferBytes)} on the wire, ${weight.scripts.length} file(s): ${weight.scripts.map((s) => `${s.path.split('/').pop()} ${kb(s.gzipBytes)}`).join(', ')}`
    : '- JavaScript the story page loads: not measured',
  floor
    ? `- the libraries alone (apps/reader/bench): the UI runtime (Preact) hydrating one element ${kb(floor.reactDomOnly)}; with wouter, React Query and the tRPC client ${kb(floor.libraries)} gzipped`
    : '- the libraries alone: the floor build failed (see above)',
  searchAlone
    ? `- full search over HTTP one request at a time (${searchAlone.requests} requests over ${searchTexts.length} queries): p50 ${searchAlone.p50Ms} ms, p95 ${searchAlone.p95Ms} ms`
    : '- full search one request at a time: not measured',
  `- home feed query in process (For you, signed in, ${results.homeFeedQuery.runs} runs one at a time): p50 ${results.homeFeedQuery.p50Ms} ms, p95 ${results.homeFeedQuery.p95Ms} ms, p99 ${results.homeFeedQuery.p99Ms} ms; Following tab p50 ${results.homeFeedQuery.following.p50Ms} ms, p95 ${results.homeFeedQuery.following.p95Ms} ms`,
].join('\n');
writeResults('latest', results, table);
