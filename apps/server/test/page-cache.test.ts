import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type CachedPage, encodedBody, PageCache, pageEncodingFor } from '../src/page-cache';

const page = (body: string, tags: string[] | null = ['t']): CachedPage => ({
  status: 200,
  body,
  tags,
  storedAt: 0,
});

function setup() {
  let now = 1000;
  const cache = new PageCache({ freshMs: 100, staleMs: 1000, maxEntries: 2, maxBytes: 1e6, now: () => now });
  return { cache, advance: (ms: number) => (now += ms), at: () => now };
}

describe('PageCache', () => {
  it('serves a fresh page without rendering again', async () => {
    const { cache, at } = setup();
    let renders = 0;
    const render = async () => ({ ...page(`v${++renders}`), storedAt: at() });
    expect((await cache.get('k', render)).hit).toBe(false);
    const second = await cache.get('k', render);
    expect(second).toEqual({ page: expect.objectContaining({ body: 'v1' }), hit: true });
    expect(renders).toBe(1);
  });

  it('serves a stale page once while a single refresh runs, then the new page', async () => {
    const { cache, advance, at } = setup();
    let renders = 0;
    const render = async () => ({ ...page(`v${++renders}`), storedAt: at() });
    await cache.get('k', render);
    advance(500);
    const [a, b] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
    expect([a.page.body, b.page.body]).toEqual(['v1', 'v1']);
    await new Promise((r) => setTimeout(r, 0));
    expect(renders).toBe(2);
    expect((await cache.get('k', render)).page.body).toBe('v2');
  });

  it('renders once for concurrent misses of the same key', async () => {
    const { cache, at } = setup();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { ...page('x'), storedAt: at() };
    };
    await Promise.all(Array.from({ length: 10 }, () => cache.get('k', render)));
    expect(renders).toBe(1);
  });

  // Regression: a reader whose free stories were used up got the text rendered for a fresh visitor beside them.
  it('never hands one request a page rendered for another when that page is not cacheable', async () => {
    const { cache, advance, at } = setup();
    let renders = 0;
    const renderFor = (reader: string) => async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 5));
      return page(`for ${reader}`, null);
    };
    const readers = Array.from({ length: 20 }, (_, i) => `reader-${i}`);
    const pages = await Promise.all(readers.map((reader) => cache.get('story', renderFor(reader))));
    expect(pages.map((p) => p.page.body)).toEqual(readers.map((reader) => `for ${reader}`));
    expect(renders).toBe(20);
    // Once known to be uncacheable, the key is rendered per request without waiting on another render.
    const again = await Promise.all(readers.map((reader) => cache.get('story', renderFor(reader))));
    expect(again.map((p) => p.page.body)).toEqual(readers.map((reader) => `for ${reader}`));
    // A key that becomes cacheable later is shared again.
    advance(2000);
    await cache.get('story', async () => ({ ...page('public'), storedAt: at() }));
    expect((await cache.get('story', renderFor('late'))).page.body).toBe('public');
  });

  it('never keeps a page without tags, drops pages by tag and evicts the oldest beyond the limit', async () => {
    const { cache, at } = setup();
    await cache.get('draft', async () => ({ ...page('d', null), storedAt: at() }));
    expect(cache.size).toBe(0);
    await cache.get('a', async () => ({ ...page('a', ['post-1']), storedAt: at() }));
    await cache.get('b', async () => ({ ...page('b', ['post-2']), storedAt: at() }));
    expect(cache.purgeTag('post-1')).toBe(1);
    await cache.get('c', async () => ({ ...page('c', ['post-3']), storedAt: at() }));
    await cache.get('d', async () => ({ ...page('d', ['post-4']), storedAt: at() }));
    expect(cache.size).toBe(2);
    expect(cache.purgeTag('post-2')).toBe(0);
    // After purges may have been missed, every page goes.
    expect(cache.purgeAll()).toBe(2);
    expect(cache.size).toBe(0);
    expect(
      (await cache.get('c', async () => ({ ...page('c2', ['post-3']), storedAt: at() }))).page.body,
    ).toBe('c2');
  });
});

describe('PageCache bounds', () => {
  const bounded = (maxBytes: number) => {
    let now = 1000;
    const cache = new PageCache({ freshMs: 100, staleMs: 1000, maxEntries: 100, maxBytes, now: () => now });
    const put = (key: string, body: string) =>
      cache.get(key, async () => ({ ...page(body, [`post-${key}`]), storedAt: now }));
    return { cache, put, advance: (ms: number) => (now += ms) };
  };

  // Regression: pages asked for with unique query strings filled 5,000 entries, gigabytes, whatever their size.
  it('keeps the pages and their compressed copies under maxBytes, dropping the oldest first', async () => {
    const { cache, put } = bounded(10_000);
    for (const key of ['a', 'b', 'c']) await put(key, key.repeat(3000));
    expect(cache.size).toBe(3);
    expect(cache.storedBytes).toBe(9000);
    await put('d', 'd'.repeat(3000));
    expect(cache.size).toBe(3);
    expect(cache.storedBytes).toBe(9000);
    // A compressed copy counts too: making one can push the oldest page out.
    const { page: d } = await put('d', 'unused');
    const br = cache.encoded(d, 'br');
    expect(cache.encoded(d, 'br')).toBe(br);
    expect(cache.storedBytes).toBe(9000 + br.length);
    await put('e', 'e'.repeat(1000 - br.length + 1));
    expect(cache.size).toBe(3); // b went

    expect(cache.storedBytes).toBeLessThanOrEqual(10_000);
    // Purged pages give their bytes back.
    expect(cache.purgeTag('post-d')).toBe(1);
    expect(cache.storedBytes).toBe(3000 + (1000 - br.length + 1)); // c and e
  });

  it('drops pages past their stale time when it stores another', async () => {
    const { cache, put, advance } = bounded(1e6);
    await put('a', 'old');
    await put('b', 'old');
    advance(1200);
    await put('c', 'new');
    expect(cache.size).toBe(1);
    expect(cache.storedBytes).toBe(3);
  });
});

describe('compressed copies of shared pages', () => {
  it('picks the best encoding a client accepts, honouring q=0 and the wildcard', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('gzip, deflate')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncodingFor('*')).toBe('br');
    expect(pageEncodingFor('identity')).toBeNull();
    expect(pageEncodingFor(undefined)).toBeNull();
  });

  it('compresses a page once per encoding and keeps the bytes with it', () => {
    const p = page('<p>A page every reader shares.</p>'.repeat(50));
    const br = encodedBody(p, 'br');
    expect(encodedBody(p, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(p.body);
    expect(gunzipSync(encodedBody(p, 'gzip')).toString()).toBe(p.body);
    expect(br.length).toBeLessThan(p.body.length);
  });
});
