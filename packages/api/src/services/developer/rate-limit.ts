import { API_RATE_LIMIT, API_RATE_WINDOW_MS } from '@quire/domain';

/** What one request's hit of the limit found: whether it may go on, and the X-RateLimit-* values. */
export interface RateWindow {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends (X-RateLimit-Reset, in Unix seconds). */
  resetAt: Date;
}

/**
 * A fixed-window request counter per key (a /v1 token), kept in this process. `hit` reads and increments in one
 * synchronous step, so concurrent requests in the process are counted exactly (Node runs one at a time between
 * awaits). Chosen over a PostgreSQL counter because the schema has no table for it and a counter row per token
 * per minute would be a write per API call; with several app processes each counts its own share, so the
 * effective limit is at most limit × processes (a shared table, `insert … on conflict do update set n = n + 1
 * returning n`, would make it exact across processes).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit = API_RATE_LIMIT,
    readonly windowMs = API_RATE_WINDOW_MS,
  ) {}

  hit(key: string, now: Date): RateWindow {
    const at = now.getTime();
    const start = at - (at % this.windowMs);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (this.windows.size > 10_000) this.sweep(start);
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count < this.limit;
    if (allowed) window.count += 1;
    return {
      allowed,
      limit: this.limit,
      remaining: this.limit - window.count,
      resetAt: new Date(start + this.windowMs),
    };
  }

  /** Forgets windows that ended, so idle tokens take no memory. */
  private sweep(currentStart: number) {
    for (const [key, window] of this.windows) if (window.start < currentStart) this.windows.delete(key);
  }
}
