/**
 * Reads that answer the same for every reader, kept by the process for a few seconds as the For you candidates
 * are (`forYouCacheMs`): one load at a time per key, the least recently stored dropped past `max` keys, and a
 * load that fails is not kept.
 */
export class SharedReads<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  constructor(private readonly max: number) {}

  get(key: string, keepMs: number, load: () => Promise<T>): Promise<T> {
    if (keepMs <= 0) return load();
    const now = Date.now();
    const kept = this.fresh(key, now);
    if (kept) return kept;
    const value = load();
    this.keep(key, value, now + keepMs);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
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
      this.keep(key, Promise.resolve(value), now + keepMs);
      found.set(key, value);
    }
    return found;
  }

  private fresh(key: string, now: number): Promise<T> | undefined {
    const kept = this.entries.get(key);
    return kept && kept.expiresAt > now ? kept.value : undefined;
  }

  private keep(key: string, value: Promise<T>, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
  }
}
