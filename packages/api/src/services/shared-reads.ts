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
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + keepMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
