// `pnpm bench [--scale N] [--duration S] [--connections C]`: load-tests a real server on seeded data
// over loopback and writes bench/results/latest.json and latest.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createSession } from '@quire/api';
import { connectDatabase, User } from '@quire/db';
import { DEMO, seedDemo, seedScale } from '@quire/seed';
import autocannon from 'autocannon';
import { startServer } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number`);
    process.exit(2);
  }
  return value;
};
const scale = option('scale', 0);
const duration = option('duration', 10);
const connections = option('connections', 50);
const port = option('port', 3901);
const pgPort = option('pg-port', 54339);

// Bench data lives apart from the dev database, and is kept so a large --scale is seeded once.
const dataDir = path.join(repoRoot, '.data', scale ? `bench-${scale}` : 'bench');
const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SEED_DEMO: 'false' };

console.error(`bench: preparing data in ${dataDir}`);
const db = await connectDatabase({ dataDir, embeddedPort: pgPort, log: (m) => console.error(`bench: ${m}`) });
await seedDemo(db.orm);
if (scale) {
  const started = performance.now();
  await seedScale(db.orm, { posts: scale });
  console.error(`bench: scale data ready in ${Math.round(performance.now() - started)} ms`);
}
// A signed-in reader: their pages are rendered for them on every request (never micro-cached).
const em = db.orm.em.fork();
const reader = await em.findOneOrFail(User, { username: DEMO.writerUsername });
const { token: sessionToken } = await createSession(em, reader, { ip: '127.0.0.1', now: new Date() });
const signedIn = { cookie: `sid=${sessionToken}` };
await db.close();

// Time to ready, as `pnpm start` sees it with the data already there.
const server = await startServer({ repoRoot, port, env });
console.error(`bench: server ready in ${Math.round(server.readyMs)} ms`);

interface Row {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, urlPath: string, opts: Partial<autocannon.Options> = {}): Promise<Row> {
  const result = await autocannon({
    url: `${server.origin}${urlPath}`,
    connections,
    duration,
    ...opts,
  });
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.error(`bench: ${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`);
  return row;
}

const postHtml = await (await fetch(`${server.origin}${DEMO.story.path}`)).text();
const scripts = [
  ...postHtml.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g),
].map((m) => m[1]!);
let postPageJsGzipBytes = 0;
for (const src of scripts) {
  const body = Buffer.from(await (await fetch(`${server.origin}${src}`)).arrayBuffer());
  postPageJsGzipBytes += gzipSync(body, { level: 9 }).length;
}

const batch = JSON.stringify(
  Array.from({ length: 20 }, (_, i) => ({
    operationName: i % 2 ? 'VisitorQuery' : 'ViewerQuery',
    variables: {},
  })),
);
const rows: Row[] = [];
try {
  await load('warm-up', '/', { duration: 3 });
  rows.push(await load('home SSR, anonymous (micro-cached)', '/'));
  rows.push(await load('home SSR, signed in (rendered per request)', '/', { headers: signedIn }));
  rows.push(await load('post page SSR, anonymous (micro-cached)', DEMO.story.path));
  rows.push(
    await load('post page SSR, signed in (rendered per request)', DEMO.story.path, { headers: signedIn }),
  );
  rows.push(
    await load(
      'tRPC query (posts.latest)',
      `/trpc/posts.latest?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`,
    ),
  );
  rows.push(
    await load('GraphQL batch of 20', '/_/graphql', {
      method: 'POST',
      body: batch,
      headers: { 'content-type': 'application/json' },
    }),
  );
  rows.push(await load(`static asset (${scripts[0]})`, scripts[0] ?? '/'));
} finally {
  await server.stop();
}

const results = {
  date: new Date().toISOString(),
  machine: { cores: (await import('node:os')).cpus().length, node: process.version },
  settings: { connections, durationSeconds: duration, scalePosts: scale },
  startReadyMs: Math.round(server.readyMs),
  postPageJsGzipBytes,
  rows,
};
const table = [
  `Bench ${results.date} · ${connections} connections · ${duration} s each · scale ${scale || 'demo only'}`,
  '',
  '| scenario | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`,
  ),
  '',
  `- post page: ${DEMO.story.path}`,
  `- start to ready (data present): ${results.startReadyMs} ms`,
  `- JavaScript a post page loads: ${(postPageJsGzipBytes / 1024).toFixed(1)} KB gzipped (${scripts.length} file(s))`,
].join('\n');
const outDir = path.join(repoRoot, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(outDir, 'latest.md'), `${table}\n`);
console.log(table);
