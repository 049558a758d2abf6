import { createHash } from 'node:crypto';
import { countHit } from '@quire/api';
import type { Orm } from '@quire/db';
import type { RouteOptions } from 'fastify';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** usage_counts keys are at most 120 characters: a longer one (a long route and an IPv6 address) is hashed. */
const MAX_KEY = 120;

/**
 * @fastify/rate-limit's store on usage_counts: a caller's requests to a throttled route (search, uploads,
 * telemetry, the OAuth token endpoint) are counted in fixed windows in PostgreSQL, so every web process and
 * machine counts against one allowance, where the plugin's own store counted in each process.
 */
export function usageCountStore(orm: Orm) {
  return class UsageCountStore {
    // The plugin builds the store with its settings, which this one does not need.
    constructor(
      _settings?: unknown,
      private readonly prefix = 'throttle:',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      const now = new Date();
      const full = `${this.prefix}${key}`;
      const stored =
        full.length <= MAX_KEY ? full : `throttle:${createHash('sha256').update(full).digest('hex')}`;
      countHit(orm.em.fork(), stored, now, timeWindow).then(
        ({ hits, endsAt }) => done(null, { current: hits, ttl: endsAt.getTime() - now.getTime() }),
        (error: Error) => done(error),
      );
    }

    /** Each throttled route counts apart (the plugin passes the route as `routeInfo`, beside what it types). */
    child(options: RouteOptions & { routeInfo?: Partial<RouteOptions> }) {
      const route = options.routeInfo ?? options;
      return new UsageCountStore(undefined, `${this.prefix}${String(route.method)} ${route.url ?? ''}:`);
    }
  };
}
