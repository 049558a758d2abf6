// `pnpm bench:threads [--responses N] [--duration S] [--connections C]`: a story with N responses (5,000 unless
// told; a fifth of them replies to the first responses), its first thread page of 10 (spec §9) read over loopback
// against a production server on its own seeded data, by each sort, through tRPC and as the responses page's
// HTML (bench/results/threads.{json,md}).
import os from 'node:os';
import { newId, Post, User } from '@quire/db';
import { RESPONSES_FIRST_PAGE_SIZE, readingTimeMinutes, uniqueSlug } from '@quire/domain';
import { DEMO } from '@quire/seed';
import autocannon from 'autocannon';
import { numberOption, startSeededServer, writeResults } from './setup';

const responses = numberOption('responses', 5000);
const duration = numberOption('duration', 10);
const connections = numberOption('connections', 10);
const RESPONDERS = 250;
const TITLE = 'A story with many responses';

const { server, prepared } = await startSeededServer({
  dataName: 'bench-threads',
  label: 'bench:threads',
  port: numberOption('port', 3907),
  pgPort: numberOption('pg-port', 54341),
  env: { RUN_JOBS: 'false', PAGE_CACHE_FRESH_MS: '0' },
  prepare: async (orm) => {
    const em = orm.em.fork();
    const writer = await em.findOneOrFail(User, { username: DEMO.writerUsername });
    let story = await em.findOne(Post, { title: TITLE, creator: writer.id });
    const made = story
      ? await em.count(Post, {
          $or: [{ inResponseToPost: story.id }, { inResponseToPost: { inResponseToPost: story.id } }],
        })
      : 0;
    // As autovacuum does on a running database: the planner's statistics cover the rows seeded below or before.
    const analyzed = async (postId: string) => {
      await em.execute('analyze posts');
      await em.execute('analyze users');
      return { postId };
    };
    if (story && made === responses) return analyzed(story.id);
    if (story) {
      await em.nativeDelete(Post, { inResponseToPost: { inResponseToPost: story.id } });
      await em.nativeDelete(Post, { inResponseToPost: story.id });
      await em.nativeDelete(Post, { id: story.id });
    }
    const responders: User[] = [];
    for (let i = 0; i < RESPONDERS; i++) {
      const username = `threadbench${i}`;
      responders.push(
        (await em.findOne(User, { username })) ??
          em.create(User, { name: `Thread Reader ${i}`, username, email: `${username}@example.com` }),
      );
    }
    const post = (title: string, text: string, parent: Post | null, creator: User, at: Date) => {
      const id = newId();
      const content = { paragraphs: [{ name: id.slice(0, 4), type: 'P' as const, text, markups: [] }] };
      return em.create(Post, {
        id,
        creator,
        inResponseToPost: parent,
        title,
        uniqueSlug: uniqueSlug(title, id),
        status: 'PUBLISHED',
        type: parent ? 'RESPONSE' : 'PUBLISHED',
        visibility: 'PUBLIC',
        content,
        readingTime: readingTimeMinutes(content),
        firstPublishedAt: at,
        latestPublishedAt: at,
        latestRev: 1,
        latestPublishedRev: 1,
      });
    };
    story = post(TITLE, 'A story that drew a crowd.', null, writer, new Date(Date.now() - 86_400_000));
    await em.flush();
    const replies = Math.floor(responses / 5);
    const top: Post[] = [];
    for (let i = 0; i < responses; i++) {
      const at = new Date(Date.now() - (responses - i) * 1000);
      const isReply = i >= responses - replies;
      const parent = isReply ? top[i % 100]! : story;
      const response = post(
        `Response ${i}`,
        `Response number ${i}, with a thought.`,
        parent,
        responders[i % RESPONDERS]!,
        at,
      );
      response.clapCount = (i * 7919) % 97;
      if (isReply) parent.responsesCount += 1;
      else top.push(response);
      if (i % 500 === 499) await em.flush();
    }
    story.responsesCount = responses - replies;
    await em.flush();
    return analyzed(story.id);
  },
});

/** GETs `path` for `duration` seconds and answers its latency percentiles. */
async function load(name: string, path: string) {
  const result = await autocannon({ url: `${server.origin}${path}`, connections, duration });
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.error(
    `bench:threads: ${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p97.5 ${row.p97_5Ms} ms`,
  );
  return row;
}

const trpc = (input: object) => `/trpc/posts.responses?input=${encodeURIComponent(JSON.stringify(input))}`;
let rows: Awaited<ReturnType<typeof load>>[];
try {
  const { postId } = prepared;
  rows = [
    await load(
      'first page, most relevant (tRPC)',
      trpc({ postId, sort: 'MOST_RELEVANT', limit: RESPONSES_FIRST_PAGE_SIZE }),
    ),
    await load(
      'first page, newest (tRPC)',
      trpc({ postId, sort: 'NEWEST', limit: RESPONSES_FIRST_PAGE_SIZE }),
    ),
    await load('the responses page (HTML)', `/p/${postId}/responses`),
  ];
} finally {
  await server.stop();
}

const results = {
  date: new Date().toISOString(),
  machine: { cores: os.cpus().length, node: process.version },
  responses,
  duration,
  connections,
  rows,
};
const table = [
  `First thread page of a story with ${responses} responses (${connections} connections, ${duration} s each, loopback)`,
  '',
  '| Request | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | non-2xx |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p90Ms} | ${r.p97_5Ms} | ${r.p99Ms} | ${r.non2xx + r.errors} |`,
  ),
].join('\n');
writeResults('threads', results, table);
