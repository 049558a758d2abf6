import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One cached anonymous page. */
export interface CachedPage {
  status: number;
  body: string;
  /** Surrogate keys of the page; null when the page must not be cached (drafts, locked stories…). */
  tags: readonly string[] | null;
  storedAt: number;
  /** The body compressed for each encoding a client asked for, made once per page (cacheable pages only). */
  encoded?: Partial<Record<PageEncoding, Buffer>>;
}

/** The encodings a shared page is kept in, best first. */
const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** The best encoding an Accept-Encoding header allows (q=0 refuses one; `*` allows any), or null. */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const allowed = new Map<string, boolean>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) allowed.set(name.trim(), q === undefined || Number(q.slice(2)) > 0);
  }
  return PAGE_ENCODINGS.find((e) => allowed.get(e) ?? allowed.get('*') ?? false) ?? null;
}

/**
 * Brotli's quality for responses compressed each time they are sent (a reader's own page, API answers). Quality 1
 * against 2 on a signed-in story page (52 KB) and home (96 KB): 0.17 against 0.32 ms and 0.22 against 0.38 ms, for
 * 6 % and 4 % more bytes; quality 0 against 1 on the story page: 80 against 130 µs, for 3 % more (12.7 KB).
 */
export const PER_RESPONSE_BROTLI_QUALITY = 0;
/** Brotli's quality for a shared page, compressed once and kept. */
const KEPT_BROTLI_QUALITY = 6;

/**
 * Brotli's window for a body: no larger than the body (at least 64 KB). The default 4 MB window is allocated on every
 * call, a third of quality 2's time on a 52 KB page, and reaches back no further on a page this size.
 */
const brotliWindowFor = (body: string) => Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1))));

/** `body` in `encoding` in one call: brotli at `brotliQuality`, gzip at its default level (6). */
const compressed = (body: string, encoding: PageEncoding, brotliQuality: number): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);

/** A reader's own page compressed as the compressor would each response, without its stream. */
export const compressedForOne = (body: string, encoding: PageEncoding): Buffer =>
  compressed(body, encoding, PER_RESPONSE_BROTLI_QUALITY);

/**
 * A shared page's body in `encoding`, compressed the first time a client asks for it and kept with the page:
 * every later reader of the page is sent the same bytes without compressing them again.
 */
export function encodedBody(page: CachedPage, encoding: PageEncoding): Buffer {
  page.encoded ??= {};
  page.encoded[encoding] ??= compressed(page.body, encoding, KEPT_BROTLI_QUALITY);
  return page.encoded[encoding];
}

/**
 * In-process micro-cache for anonymous page GETs (spec §4 edge cache decision: the pages the edge
 * may cache, by the same tags). Fresh entries are served as they are; stale ones are served while a
 * single refresh runs, so a burst of requests never renders the same page more than once at a time.
 * Only cacheable pages are shared: a page whose tags are null may depend on its reader, so a request that
 * waited on such a render renders its own, and a key found uncacheable is rendered per request for a while.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** What each stored page counts against maxBytes: its body's characters and the encodings made of it. */
  private readonly costs = new WeakMap<CachedPage, number>();
  private bytes = 0;
  private readonly refreshing = new Map<string, Promise<CachedPage>>();
  /** Keys whose last render was not cacheable, until when they are rendered per request without waiting. */
  private readonly uncacheableUntil = new Map<string, number>();

  constructor(
    private readonly opts: {
      freshMs: number;
      staleMs: number;
      maxEntries: number;
      /** The pages' bodies and encodings together stay under this (pages asked for with unique query strings). */
      maxBytes: number;
      now?: () => number;
    },
  ) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  /**
   * The page for `key`: from the cache when fresh, else rendered by `render`; a page whose tags are
   * null is returned but not kept, and is never handed to another request. Concurrent misses for one key
   * share one render when that render turns out cacheable.
   */
  async get(key: string, render: () => Promise<CachedPage>): Promise<{ page: CachedPage; hit: boolean }> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age < this.opts.freshMs) return { page: entry, hit: true };
    if (entry && age < this.opts.freshMs + this.opts.staleMs) {
      void this.refresh(key, render).catch(() => {});
      return { page: entry, hit: true };
    }
    if ((this.uncacheableUntil.get(key) ?? 0) > this.now()) {
      return { page: await render().then((page) => this.keep(key, page)), hit: false };
    }
    const pending = this.refreshing.get(key);
    if (pending) {
      const shared = await pending.catch(() => null);
      // Tags mean the page depends on nothing but the key; anything else was rendered for its own reader.
      if (shared?.tags) return { page: shared, hit: false };
      return { page: await render().then((page) => this.keep(key, page)), hit: false };
    }
    return { page: await this.refresh(key, render), hit: false };
  }

  /** Stores a cacheable page, or remembers that the key is not cacheable now; returns the page. */
  private keep(key: string, page: CachedPage): CachedPage {
    if (page.tags) {
      this.uncacheableUntil.delete(key);
      this.store(key, page);
    } else {
      this.drop(key);
      this.markUncacheable(key);
    }
    return page;
  }

  /** A stored page's body in `encoding` (encodedBody), counted against maxBytes the first time it is made. */
  encoded(page: CachedPage, encoding: PageEncoding): Buffer {
    if (page.encoded?.[encoding]) return page.encoded[encoding];
    const body = encodedBody(page, encoding);
    const cost = this.costs.get(page);
    if (cost !== undefined) {
      this.costs.set(page, cost + body.length);
      this.bytes += body.length;
      this.evict();
    }
    return body;
  }

  private drop(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= this.costs.get(page) ?? 0;
    this.costs.delete(page);
  }

  private refresh(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const pending = this.refreshing.get(key);
    if (pending) return pending;
    const run = render()
      .then((page) => this.keep(key, page))
      .finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, run);
    return run;
  }

  private markUncacheable(key: string) {
    this.uncacheableUntil.delete(key);
    this.uncacheableUntil.set(key, this.now() + this.opts.freshMs + this.opts.staleMs);
    while (this.uncacheableUntil.size > this.opts.maxEntries) {
      const oldest = this.uncacheableUntil.keys().next().value;
      if (oldest === undefined) break;
      this.uncacheableUntil.delete(oldest);
    }
  }

  private store(key: string, page: CachedPage) {
    this.drop(key);
    this.entries.set(key, page);
    const cost = page.body.length;
    this.costs.set(page, cost);
    this.bytes += cost;
    this.evict();
  }

  /**
   * Drops the least recently stored pages while over either bound, and any past its stale time (no request can
   * be served it any more). Map iteration order is insertion order: the first key is the least recently stored.
   */
  private evict() {
    const expired = this.now() - this.opts.freshMs - this.opts.staleMs;
    for (const [key, page] of this.entries) {
      const over = this.entries.size > this.opts.maxEntries || this.bytes > this.opts.maxBytes;
      if (!over && page.storedAt > expired) break;
      this.drop(key);
    }
  }

  /** Drops every page: what changed while the purges could not be heard is not known. */
  purgeAll(): number {
    const purged = this.entries.size;
    for (const key of [...this.entries.keys()]) this.drop(key);
    return purged;
  }

  /** Drops every page carrying `tag` (e.g. post-{id} when that story changes). */
  purgeTag(tag: string): number {
    let purged = 0;
    for (const [key, page] of this.entries) {
      if (page.tags?.includes(tag)) {
        this.drop(key);
        purged += 1;
      }
    }
    return purged;
  }

  get size() {
    return this.entries.size;
  }

  /** The characters and encoded bytes the stored pages count against maxBytes. */
  get storedBytes() {
    return this.bytes;
  }
}
