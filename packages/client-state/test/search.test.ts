import { RECENT_SEARCHES_MAX } from '@quire/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_SEARCHES_STORAGE_KEY, searchQueryKey, useSearchStore, withRecent } from '../src/search';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
};

beforeEach(() => useSearchStore.setState({ queries: {}, recent: [] }));

describe('search queries (spec §4 Search request, §8 silent failures)', () => {
  it('goes loading, then success with the data', async () => {
    let resolve: (v: unknown) => void = () => {};
    const pending = useSearchStore.getState().request('k', () => new Promise((r) => (resolve = r)));
    expect(useSearchStore.getState().queries.k).toEqual({ status: 'loading', data: null });
    resolve({ hits: ['ada'] });
    await pending;
    expect(useSearchStore.getState().queries.k).toEqual({ status: 'success', data: { hits: ['ada'] } });
  });

  it('sends a request only when no status exists for the query key', async () => {
    const fetcher = vi.fn(async () => 'answer');
    await useSearchStore.getState().request(searchQueryKey('Ada'), fetcher);
    await useSearchStore.getState().request(searchQueryKey('  ada '), fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await useSearchStore.getState().request(searchQueryKey('ada', 'collection:engines'), fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('marks a failed fetch as error with no data, and does not retry it on its own', async () => {
    const fetcher = vi.fn(async () => {
      throw new Error('HTTP 500');
    });
    await useSearchStore.getState().request('k', fetcher);
    await useSearchStore.getState().request('k', fetcher);
    expect(useSearchStore.getState().queries.k).toEqual({ status: 'error', data: null });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('recent searches (spec §4, §9: 10 newest, no duplicates)', () => {
  it('keeps the newest first and moves a repeated search to the front', () => {
    expect(withRecent(['b', 'a'], 'A')).toEqual(['A', 'b']);
    expect(withRecent(['a'], '   ')).toEqual(['a']);
  });

  it(`keeps only the ${RECENT_SEARCHES_MAX} newest and saves them`, () => {
    const storage = memoryStorage();
    for (let i = 1; i <= 12; i++) useSearchStore.getState().addRecent(`query ${i}`, storage);
    const { recent } = useSearchStore.getState();
    expect(recent).toHaveLength(RECENT_SEARCHES_MAX);
    expect(recent[0]).toBe('query 12');
    expect(recent).not.toContain('query 2');
    expect(JSON.parse(storage.values.get(RECENT_SEARCHES_STORAGE_KEY) ?? '[]')).toEqual(recent);
  });

  it('loads saved searches, and falls back to none (with a warning) on a broken value', () => {
    useSearchStore
      .getState()
      .loadRecent(memoryStorage({ [RECENT_SEARCHES_STORAGE_KEY]: JSON.stringify(['b', 'a', 'B', 7]) }));
    expect(useSearchStore.getState().recent).toEqual(['b', 'a']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    useSearchStore.getState().loadRecent(memoryStorage({ [RECENT_SEARCHES_STORAGE_KEY]: '{not json' }));
    expect(useSearchStore.getState().recent).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
