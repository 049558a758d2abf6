// `pnpm bench:writes [--duration S] [--connections C] [--readers N]`: many readers responding to and clapping
// one story at once, over loopback against a production server on its own seeded data
// (bench/results/writes.{json,md}).
import { createSession } from '@quire/api';
import { User } from '@quire/db';
import { DEMO } from '@quire/seed';
import autocannon from 'autocannon';
import { type BenchRow, benchRow, numberOption, startSeededServer, writeResults } from './setup';

const duration = numberOption('duration', 60);
const connections = numberOption('connections', 200);
// Claps are capped per reader and story: enough readers that the cap is never what the bench measures.
const readers = numberOption('readers', 2000);
const port = numberOption('port', 3903);
const pgPort = numberOption('pg-port', 54337);

const XSRF = 'bench-writes';
const { server, prepared } = await startSeededServer({
  dataName: 'bench-writes',
  label: 'bench:writes',
  port,
  pgPort,
  env: { RUN_JOBS: 'false' },
  prepare: async (orm) => {
    const em = orm.em.fork();
    const cookies: string[] = [];
    for (let i = 0; i < readers; i++) {
      const username = `benchreader${i}`;
      const user =
        (await em.findOne(User, { username })) ??
        em.create(User, { name: `Bench Reader ${i}`, username, email: `${username}@example.com` });
      const { token } = await createSession(em, user, { ip: '127.0.0.1', now: new Date() });
      cookies.push(`sid=${token}; xsrf=${XSRF}`);
    }
    await em.flush();
    return { cookies };
  },
});

/** POSTs one procedure for `duration` seconds, each request as the next reader in turn. */
async function load(name: string, procedure: string, input: () => unknown): Promise<BenchRow> {
  let n = 0;
  const result = await autocannon({
    url: `${server.origin}/trpc/${procedure}`,
    connections,
    duration,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const cookie = prepared.cookies[n++ % prepared.cookies.length]!;
          req.headers = { ...req.headers, cookie, 'x-xsrf-token': XSRF, 'content-type': 'application/json' };
          req.body = JSON.stringify(input());
          return req;
        },
      },
    ],
  });
  return benchRow('bench:writes', name, result);
}

const postId = DEMO.story.id;
const rows: BenchRow[] = [];
let responses = 0;
try {
  rows.push(
    await load('posts.respond (one story)', 'posts.respond', () => ({
      postId,
      text: `A response from the write bench, number ${++responses}.`,
    })),
  );
  rows.push(await load('posts.clap, 1 clap (one story)', 'posts.clap', () => ({ postId, count: 1 })));
} finally {
  await server.stop();
}

const { loadavg, cpus } = await import('node:os');
const results = {
  date: new Date().toISOString(),
  machine: {
    cores: cpus().length,
    node: process.version,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  },
  settings: { connections, durationSeconds: duration, readers },
  rows,
};
const table = [
  `Write bench ${results.date} · ${connections} connections · ${duration} s each · ${readers} readers · load average ${results.machine.loadAverage.join(' ')}`,
  '',
  '| scenario | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`,
  ),
].join('\n');
writeResults('writes', results, table);
