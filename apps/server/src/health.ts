import { isDatabaseUnavailable, type Orm } from '@quire/db';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/** Every request is answered within this (Fastify's handlerTimeout): 503 with Retry-After when it runs over. */
export const REQUEST_DEADLINE_MS = 10_000;
/** Seconds a client should wait before retrying a request the database could not serve. */
export const RETRY_AFTER_SECONDS = 5;
/** The health check's own limit, well under a load balancer's usual probe timeout. */
const HEALTH_TIMEOUT_MS = 800;

/** Whether a request failed because the database is unreachable or its deadline passed, not on a defect. */
export function isUnavailable(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === 'FST_ERR_HANDLER_TIMEOUT' || isDatabaseUnavailable(error)
  );
}

/** tRPC's responseMeta: a call that failed on an unreachable database answers 503 with Retry-After. */
export function unavailableResponseMeta({ errors }: { errors: readonly unknown[] }) {
  return errors.some(isUnavailable)
    ? { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } }
    : {};
}

/**
 * GET /_/health: 200 `{ ok: true, database: 'up' }`, or 503 `{ ok: false, database: 'down' }` within
 * HEALTH_TIMEOUT_MS. It checks on a connection of its own, so a pool busy with requests cannot delay it.
 */
export function registerHealth(app: FastifyInstance, orm: Orm) {
  const probe = databaseProbe(String(orm.config.get('clientUrl')));
  app.addHook('onClose', () => probe.close());
  app.get('/_/health', { logLevel: 'warn' }, async (_req, reply) => {
    if (await probe.check()) return { ok: true, database: 'up' };
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ ok: false, database: 'down' });
  });
}

/** `select 1` on one kept connection, replaced after any failure; concurrent checks share one probe. */
function databaseProbe(url: string) {
  let client: pg.Client | null = null;
  let running: Promise<boolean> | null = null;
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    c.end().catch(() => {});
  };
  const run = async () => {
    const c = client ?? new pg.Client({ connectionString: url, connectionTimeoutMillis: HEALTH_TIMEOUT_MS });
    if (!client) {
      client = c;
      c.on('error', () => drop(c));
      await c.connect();
    }
    await c.query('select 1');
  };
  const attempt = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([run(), timedOut.then(() => Promise.reject(new Error('health check timed out')))]);
      return true;
    } catch {
      if (client) drop(client);
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    check() {
      running ??= attempt().finally(() => {
        running = null;
      });
      return running;
    },
    async close() {
      if (client) drop(client);
    },
  };
}
