// `pnpm bench:live [--connections N] [--events N]`: the live unread count. Opens N server-sent-event streams
// (one per reader, 2,000 unless told) on a production server over loopback, reports the server's memory per
// open stream, then has other readers follow `events` of them through the HTTP API (20 at a time) and times
// each follow from the request to the new count arriving on the followed reader's stream.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { hashToken, randomToken, SESSION_TTL_MS } from '@quire/api';
import { FollowUser, Notification, Session, User } from '@quire/db';
import { UNREAD_STREAM_PATH } from '@quire/domain';
import { numberOption, startSeededServer, writeResults } from './setup';

const connections = numberOption('connections', 2000);
const events = numberOption('events', 1000);
const concurrency = 20;
if (connections < 2 || events < 1 || events > connections / 2) {
  console.error('--connections needs at least 2, and --events from 1 to half the connections');
  process.exit(2);
}
const readers = connections + events;

const { server, prepared } = await startSeededServer({
  dataName: 'bench-live',
  label: 'live',
  port: numberOption('port', 3906),
  pgPort: numberOption('pg-port', 54340),
  env: { RUN_JOBS: 'false' },
  prepare: async (orm) => {
    const em = orm.em.fork();
    const have = await em.count(User, { username: { $like: 'live-bench-%' } });
    for (let i = have; i < readers; i++) {
      em.create(User, {
        name: `Live Bench ${i}`,
        username: `live-bench-${i}`,
        email: `live-bench-${i}@example.com`,
      });
    }
    await em.flush();
    const users = await em.find(
      User,
      { username: { $like: 'live-bench-%' } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    // Each run starts from nothing unread and nobody followed, so every follow below is one new notification.
    const ids = users.map((u) => u.id);
    await em.nativeDelete(Session, { user: { $in: ids } });
    await em.nativeDelete(FollowUser, { follower: { $in: ids } });
    await em.nativeDelete(Notification, { recipient: { $in: ids } });
    // Fresh sessions each run: only their hashes are stored, so the old ones cannot be signed in with.
    const tokens = users.slice(0, readers).map((user) => {
      const token = randomToken();
      em.create(Session, {
        tokenHash: hashToken(token),
        user,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      return { id: user.id, token };
    });
    await em.flush();
    return tokens;
  },
});

/** The server's resident memory in bytes (Linux). */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

interface Stream {
  /** Resolves with the arrival time of the next count at or above `count`. */
  whenCount(count: number): Promise<number>;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function openStream(token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.origin}${UNREAD_STREAM_PATH}`,
      { agent, headers: { cookie: `sid=${token}` } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let last = -1;
        const waiting: { count: number; done: (t: number) => void }[] = [];
        let buffer = '';
        let opened = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            buffer = buffer.slice(end + 2);
            if (!data) continue;
            last = Number(data.slice(6));
            for (const w of waiting.filter((w) => last >= w.count)) {
              waiting.splice(waiting.indexOf(w), 1);
              w.done(now);
            }
            if (!opened) {
              opened = true;
              resolve({
                whenCount: (count) =>
                  new Promise((done) =>
                    last >= count ? done(performance.now()) : waiting.push({ count, done }),
                  ),
                close: () => req.destroy(),
              });
            }
          }
        });
      },
    );
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const listeners = prepared.slice(0, connections);
const followers = prepared.slice(connections);
const streams: Stream[] = [];
let results: Record<string, unknown>;
try {
  const rssBefore = rssOf(server.pid);
  const openStarted = performance.now();
  for (let i = 0; i < listeners.length; i += 100) {
    streams.push(...(await Promise.all(listeners.slice(i, i + 100).map((l) => openStream(l.token)))));
  }
  const openMs = performance.now() - openStarted;
  await new Promise((r) => setTimeout(r, 1000));
  const rssOpen = rssOf(server.pid);

  // Follower i follows listener i: each follow is one new notification on one stream.
  const fromRequest: number[] = [];
  const fromResponse: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < events) {
      const i = next++;
      const arrived = streams[i]!.whenCount(1);
      const sent = performance.now();
      const res = await fetch(`${server.origin}/trpc/social.followUser`, {
        method: 'POST',
        headers: {
          cookie: `sid=${followers[i]!.token}; xsrf=bench`,
          'x-xsrf-token': 'bench',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ targetUserId: listeners[i]!.id }),
      });
      const answered = performance.now();
      if (!res.ok) throw new Error(`follow answered ${res.status}: ${await res.text()}`);
      const at = await arrived;
      fromRequest.push(at - sent);
      fromResponse.push(Math.max(0, at - answered));
    }
  };
  const burstStarted = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const burstMs = performance.now() - burstStarted;
  fromRequest.sort((a, b) => a - b);
  fromResponse.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 10) / 10;
  results = {
    date: new Date().toISOString(),
    machine: { cores: os.cpus().length, node: process.version },
    connections,
    events,
    concurrency,
    openSeconds: ms(openMs / 1000),
    serverRssBeforeMb: ms(rssBefore / 2 ** 20),
    serverRssOpenMb: ms(rssOpen / 2 ** 20),
    bytesPerConnection: Math.round((rssOpen - rssBefore) / connections),
    followsPerSecond: ms(events / (burstMs / 1000)),
    requestToCountMs: {
      p50: ms(percentile(fromRequest, 50)),
      p95: ms(percentile(fromRequest, 95)),
      p99: ms(percentile(fromRequest, 99)),
      max: ms(fromRequest.at(-1)!),
    },
    responseToCountMs: {
      p50: ms(percentile(fromResponse, 50)),
      p95: ms(percentile(fromResponse, 95)),
      p99: ms(percentile(fromResponse, 99)),
      max: ms(fromResponse.at(-1)!),
    },
  };
} finally {
  for (const s of streams) s.close();
  await server.stop();
}

const r = results as {
  requestToCountMs: Record<string, number>;
  responseToCountMs: Record<string, number>;
} & Record<string, number | string>;
const table = [
  `Live unread count ${r.date} · ${connections} open streams (one per reader), ${events} follows through the HTTP API, ${concurrency} at a time, production server on loopback`,
  '',
  '| measure | value |',
  '|---|---:|',
  `| streams opened in | ${r.openSeconds} s |`,
  `| server memory (RSS) before / with the streams open | ${r.serverRssBeforeMb} MB / ${r.serverRssOpenMb} MB |`,
  `| memory per open stream | ${(Number(r.bytesPerConnection) / 1024).toFixed(1)} KB |`,
  `| follows per second | ${r.followsPerSecond} |`,
  `| follow sent → new count on the stream, p50 / p95 / p99 / max | ${Object.values(r.requestToCountMs).join(' / ')} ms |`,
  `| follow answered → new count on the stream, p50 / p95 / p99 / max | ${Object.values(r.responseToCountMs).join(' / ')} ms |`,
].join('\n');
writeResults('live-count', results, table);
