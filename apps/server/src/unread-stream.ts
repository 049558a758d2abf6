import type { ServerResponse } from 'node:http';
import { accountRefusal, sessionFromToken, UNREAD_COUNT_CHANNEL, unreadCount } from '@quire/api';
import type { Orm } from '@quire/db';
import { accessTexts, UNREAD_STREAM_EVENT, UNREAD_STREAM_PATH } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './context';
import { listenOnChannel } from './pg-listen';

/** Not from the spec: a comment line this often keeps proxies and browsers from closing a quiet stream. */
export const UNREAD_STREAM_HEARTBEAT_MS = 25_000;
/** Not from the spec: open streams per account (tabs and devices); one more closes the oldest. */
export const UNREAD_STREAMS_PER_USER_MAX = 20;
/** Not from the spec: how long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;
/** Counts read from the database at once when many readers' counts changed together. */
const COUNT_CONCURRENCY = 8;

const countEvent = (count: number) => `event: ${UNREAD_STREAM_EVENT}\ndata: ${count}\n\n`;

/**
 * This process's open streams by account. A change announced on UNREAD_COUNT_CHANNEL (by any process, in
 * the transaction that made it) is read once per account and written to each of its streams; an open
 * stream holds no database connection.
 */
export class UnreadStreams {
  private readonly byUser = new Map<string, Set<ServerResponse>>();
  private readonly pending = new Set<string>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly countOf: (userId: string) => Promise<number>,
    private readonly log: (m: string) => void,
  ) {}

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private add(userId: string, res: ServerResponse) {
    const set = this.byUser.get(userId) ?? new Set<ServerResponse>();
    this.byUser.set(userId, set);
    // A Set keeps insertion order: the first is the oldest.
    const oldest = set.size >= UNREAD_STREAMS_PER_USER_MAX ? set.values().next().value : undefined;
    if (oldest) {
      set.delete(oldest);
      oldest.end();
    }
    set.add(res);
  }

  private remove(userId: string, res: ServerResponse) {
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(res);
    if (!set.size) this.byUser.delete(userId);
  }

  /** Starts the stream on `res` with the count now; it stays open until the browser leaves. */
  open(res: ServerResponse, userId: string, count: number) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n${countEvent(count)}`);
    this.add(userId, res);
    // Only the id and the response stay referenced while the stream is open, not the request's entities.
    res.on('close', () => this.remove(userId, res));
  }

  /** The count of `userId` may have changed: read it and send it to their streams (batched per tick). */
  changed(userId: string) {
    if (!this.byUser.has(userId)) return;
    this.pending.add(userId);
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flush())
      .finally(() => {
        this.flushing = null;
        if (this.pending.size) this.changed(this.pending.values().next().value!);
      });
  }

  /** After the listener lost its connection, every count may have changed unheard. */
  everyoneChanged() {
    for (const userId of this.byUser.keys()) this.changed(userId);
  }

  heartbeat() {
    for (const set of this.byUser.values()) for (const res of set) res.write(':\n\n');
  }

  closeAll() {
    for (const set of this.byUser.values()) for (const res of set) res.end();
    this.byUser.clear();
  }

  private async flush() {
    const users = [...this.pending];
    this.pending.clear();
    for (let i = 0; i < users.length; i += COUNT_CONCURRENCY) {
      await Promise.all(
        users.slice(i, i + COUNT_CONCURRENCY).map(async (userId) => {
          try {
            const event = countEvent(await this.countOf(userId));
            for (const res of this.byUser.get(userId) ?? []) res.write(event);
          } catch (error) {
            // The streams stay open; the next change (or the browser's polling) brings the count.
            this.log(`unread stream: ${(error as Error).message}`);
          }
        }),
      );
    }
  }
}

/**
 * GET UNREAD_STREAM_PATH: the signed-in reader's unread count now, then again whenever it changes, as
 * server-sent events. Every app process listens on UNREAD_COUNT_CHANNEL, so a change made through any
 * process reaches streams held by all of them.
 */
export async function registerUnreadStream(app: FastifyInstance, orm: Orm) {
  const streams = new UnreadStreams(
    (userId) => unreadCount(orm.em.fork(), userId),
    (m) => app.log.warn(m),
  );
  const listener = listenOnChannel({
    url: String(orm.config.get('clientUrl')),
    channel: UNREAD_COUNT_CHANNEL,
    onPayload: (userId) => streams.changed(userId),
    onReconnect: () => streams.everyoneChanged(),
    log: (m) => app.log.warn(m),
  });
  await listener.ready;
  const heartbeat = setInterval(() => streams.heartbeat(), UNREAD_STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  // Open streams never finish by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    streams.closeAll();
  });
  app.addHook('onClose', () => listener.stop());

  app.get(UNREAD_STREAM_PATH, async (req, reply) => {
    const em = orm.em.fork();
    const session = await sessionFromToken(em, req.cookies[SESSION_COOKIE], new Date());
    const viewer = session?.user ?? null;
    // The policy's rule for reading one's own things: a signed-in account.
    const refused = accountRefusal(viewer, false);
    if (refused || !viewer) {
      const { code, message } = refused ?? { code: 'UNAUTHORIZED', message: accessTexts.signIn };
      return reply
        .code(code === 'UNAUTHORIZED' ? 401 : 403)
        .header('cache-control', 'no-store')
        .send({ error: { message, code } });
    }
    const count = await unreadCount(em, viewer.id);
    reply.hijack();
    streams.open(reply.raw, viewer.id, count);
  });
  return streams;
}
