/** Every store of shared reads that can be told a change's surrogate keys (`purgeSharedReads`). */
const purgeable = new Set<{ purgeTag(tag: string): void; purgeAll(): void }>();

/**
 * Drops what any store of shared reads keeps under the surrogate key `tag` (a changed story's `post-…`, its writer's
 * `user-…`): the purges that reach the page cache reach these too, so a kept read does not outlive the change.
 */
export function purgeSharedReads(tag: string): void {
  for (const reads of purgeable) reads.purgeTag(tag);
}

/** Drops everything the stores with surrogate keys keep: after purges may have been missed. */
export function purgeAllSharedReads(): void {
  for (const reads of purgeable) reads.purgeAll();
}

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
  /** The surrogate keys of the value once it is read; none while it is being read. */
  tags: readonly string[] | null;
}

/**
 * Reads that answer the same for every reader, kept by the process for a few seconds as the For you candidates
 * are (`forYouCacheMs`): one load at a time per key, the least recently stored dropped past `max` keys, and a
 * load that fails is not kept, nor a value `keeps` refuses. With `tagsOf`, a purge of one of a value's surrogate
 * keys drops it at once, and a purge drops every read still under way (it may have read the rows as they were
 * before the change).
 */
export class SharedReads<T> {
  private readonly entries = new Map<string, Entry<T>>();

  private readonly tagsOf: ((value: T) => readonly string[]) | null;
  private readonly keeps: (value: T) => boolean;

  constructor(
    private readonly max: number,
    opts: {
      /** A value's surrogate keys: a purge of any of them drops it. */
      tagsOf?: (value: T) => readonly string[];
      /** Whether a value read is kept at all (one that changes without a purge is not). */
      keeps?: (value: T) => boolean;
    } = {},
  ) {
    this.tagsOf = opts.tagsOf ?? null;
    this.keeps = opts.keeps ?? (() => true);
    if (this.tagsOf) purgeable.add(this);
  }

  get(key: string, keepMs: number, load: () => Promise<T>): Promise<T> {
    if (keepMs <= 0) return load();
    const now = Date.now();
    const kept = this.fresh(key, now);
    if (kept) return kept;
    const value = load();
    const entry = this.keep(key, value, now + keepMs, null);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((read) => {
      if (this.keeps(read)) entry.tags = this.tagsOf?.(read) ?? [];
      else drop();
    }, drop);
    return value;
  }

  /**
   * `get` for many keys: `loadMissing` reads the ones not kept in one go, and what it answers is kept (a key it
   * does not answer is not, and is left out).
   */
  async getMany(
    keys: readonly string[],
    keepMs: number,
    loadMissing: (keys: readonly string[]) => Promise<Map<string, T>>,
  ): Promise<Map<string, T>> {
    if (keepMs <= 0) return loadMissing(keys);
    const now = Date.now();
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const key of keys) {
      const kept = this.fresh(key, now);
      if (kept) found.set(key, await kept);
      else missing.push(key);
    }
    if (!missing.length) return found;
    for (const [key, value] of await loadMissing(missing)) {
      if (this.keeps(value)) this.keep(key, Promise.resolve(value), now + keepMs, this.tagsOf?.(value) ?? []);
      found.set(key, value);
    }
    return found;
  }

  /** Drops every value kept and every read under way. */
  purgeAll(): void {
    this.entries.clear();
  }

  /** Drops the values kept under surrogate key `tag`, and the reads under way. */
  purgeTag(tag: string): void {
    for (const [key, entry] of this.entries) {
      if (!entry.tags || entry.tags.includes(tag)) this.entries.delete(key);
    }
  }

  private fresh(key: string, now: number): Promise<T> | undefined {
    const kept = this.entries.get(key);
    return kept && kept.expiresAt > now ? kept.value : undefined;
  }

  private keep(key: string, value: Promise<T>, expiresAt: number, tags: readonly string[] | null): Entry<T> {
    const entry = { value, expiresAt, tags };
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
    return entry;
  }
}

/** `value` and everything it holds, frozen: a value every request shares, which none may change. */
export function deepFrozen<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner !== null && typeof inner === 'object' && !Object.isFrozen(inner)) deepFrozen(inner);
  }
  return Object.freeze(value);
}
