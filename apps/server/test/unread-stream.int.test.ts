import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { appRouter, createContextInner, type NotifyInput, notify } from '@quire/api';
import type { User } from '@quire/db';
import { accessTexts, UNREAD_STREAM_PATH } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_STREAMS_PER_USER_MAX } from '../src/unread-stream';
import { buildAppBeside, useTestApp } from './helpers';

const t = useTestApp();
let origin = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** An open unread stream: the counts received so far, the next one, and whether the server ended it. */
interface Stream {
  counts: number[];
  next(): Promise<number>;
  ended: Promise<void>;
  close(): void;
}

/** Opens the unread stream as a browser's EventSource would, with a session cookie. */
function openStream(token: string, base = origin): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${UNREAD_STREAM_PATH}`, { headers: { cookie: `sid=${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      const counts: number[] = [];
      const waiting: ((n: number) => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (!lines.includes('event: unread')) continue;
          const count = Number(lines.find((l) => l.startsWith('data: '))?.slice(6));
          counts.push(count);
          waiting.shift()?.(count);
        }
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      let read = 0;
      resolve({
        counts,
        ended,
        // Counts in order: each call returns the one after the previous call's.
        next: () =>
          new Promise<number>((done, fail) => {
            const index = read++;
            if (index < counts.length) return done(counts[index]!);
            const timer = setTimeout(() => fail(new Error('no count within 2 s')), 2_000);
            waiting.push(() => {
              clearTimeout(timer);
              done(counts[index]!);
            });
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** Records notifications the way a feature does: inside the transaction of its change. */
const record = (...inputs: NotifyInput[]) =>
  t.db.em().transactional(async (em: EntityManager) => {
    for (const input of inputs) await notify(em, input);
  });

const followed = (recipient: User, actor: User): NotifyInput => ({
  recipient,
  actor,
  type: 'users_following_you',
});

async function reader() {
  const user = await buildUser(t.db.em());
  return { user, token: await buildSession(t.db.em(), user) };
}

describe('the live unread count', () => {
  it('refuses a visitor without a session, with the sign-in message', async () => {
    const res = await t.app.inject({ url: UNREAD_STREAM_PATH });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { message: accessTexts.signIn, code: 'UNAUTHORIZED' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the count at once, then each change committed by any process, and only the reader’s own', async () => {
    const me = await reader();
    const [ada, bob] = [await buildUser(t.db.em()), await buildUser(t.db.em())];
    await record(followed(me.user, ada));
    const stream = await openStream(me.token);
    expect(await stream.next()).toBe(1);

    // Someone else's notification sends nothing here; a rolled-back one sends nothing at all.
    await record(followed(ada, bob));
    await expect(
      t.db.em().transactional(async (em: EntityManager) => {
        await notify(em, followed(me.user, bob));
        throw new Error('changed our mind');
      }),
    ).rejects.toThrow('changed our mind');
    await record(followed(me.user, bob));
    expect(await stream.next()).toBe(2);
    expect(stream.counts).toEqual([1, 2]);
    stream.close();
  });

  it('zeroes every tab of the reader when one opens the bell', async () => {
    const me = await reader();
    await record(followed(me.user, await buildUser(t.db.em())));
    const [tab1, tab2] = [await openStream(me.token), await openStream(me.token)];
    expect([await tab1.next(), await tab2.next()]).toEqual([1, 1]);
    const caller = appRouter.createCaller(
      createContextInner({
        em: t.db.em(),
        viewer: me.user,
        sessionId: null,
        visitor: { id: 'livecountvisitor', isBot: false, country: null },
        ip: '192.0.2.1',
      }),
    );
    await caller.notifications.markViewed();
    expect([await tab1.next(), await tab2.next()]).toEqual([0, 0]);
    tab1.close();
    tab2.close();
  });

  it('holds no database connection per open stream', async () => {
    const me = await reader();
    const connections = async () =>
      Number(
        (
          await t.db
            .em()
            .getConnection()
            .execute<{ n: string }[]>(
              'select count(*) as n from pg_stat_activity where datname = current_database()',
            )
        )[0]!.n,
      );
    const first = await openStream(me.token);
    const before = await connections();
    const more: Stream[] = [];
    for (let i = 0; i < 15; i++) more.push(await openStream(me.token));
    expect(await connections()).toBe(before);
    for (const s of [first, ...more]) s.close();
  });

  it(`keeps at most ${UNREAD_STREAMS_PER_USER_MAX} streams per account, ending the oldest`, async () => {
    const me = await reader();
    const streams: Stream[] = [];
    for (let i = 0; i < UNREAD_STREAMS_PER_USER_MAX; i++) streams.push(await openStream(me.token));
    const newest = await openStream(me.token);
    await streams[0]!.ended;
    // The others stay open and still hear changes.
    await record(followed(me.user, await buildUser(t.db.em())));
    expect(await newest.next()).toBe(0);
    expect(await newest.next()).toBe(1);
    expect(await streams[1]!.next()).toBe(0);
    expect(await streams[1]!.next()).toBe(1);
    for (const s of [...streams, newest]) s.close();
  });
});

describe('a second server process', () => {
  let other: FastifyInstance;
  let otherOrigin = '';
  beforeAll(async () => {
    other = await buildAppBeside(t);
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  });
  afterAll(() => other.close());

  it('hears a change made through the first, and ends its streams when it shuts down', async () => {
    const me = await reader();
    const here = await openStream(me.token, otherOrigin);
    expect(await here.next()).toBe(0);
    // Through the first server's HTTP API: another reader follows me.
    const fan = await reader();
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/social.followUser',
      headers: {
        cookie: `sid=${fan.token}; xsrf=x`,
        'x-xsrf-token': 'x',
        'content-type': 'application/json',
      },
      payload: { targetUserId: me.user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await here.next()).toBe(1);

    const closing = other.close();
    await here.ended;
    await closing;
  });
});
