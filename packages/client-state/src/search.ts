import { RECENT_SEARCHES_MAX } from '@quire/domain';
import { create } from 'zustand';

/** Spec §3 client state / §4 Search request: a query is loading, then success or error. */
export type SearchQueryStatus = 'loading' | 'error' | 'success';

export interface SearchQueryEntry {
  status: SearchQueryStatus;
  /** The answer once status is success; null otherwise (a failed search shows nothing). */
  data: unknown;
}

/** Local storage key of the recent searches. */
export const RECENT_SEARCHES_STORAGE_KEY = 'quire.recentSearches';

/** The part of Storage the recent searches use (window.localStorage in the browser). */
export type RecentSearchStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface SearchStore {
  /** Search queries by query key (spec §3 client state). */
  queries: Record<string, SearchQueryEntry>;
  /** The newest searches first, at most RECENT_SEARCHES_MAX, no duplicates (spec §4). */
  recent: string[];
  /**
   * Sends the request only when no status exists for `key` (spec §4 Search request); a failed fetch
   * (status 400 or above, network failure) marks the query as error and nothing more (spec §8).
   */
  request(key: string, fetcher: () => Promise<unknown>): Promise<void>;
  /** Remembers a search as the newest; an earlier copy of the same text moves to the front. */
  addRecent(query: string, storage?: RecentSearchStorage | null): void;
  /** Loads the recent searches saved in local storage (a broken value gives the empty default). */
  loadRecent(storage: RecentSearchStorage | null): void;
}

/** The key of one search: the text (trimmed, case-folded) and its scope. */
export function searchQueryKey(query: string, scope = ''): string {
  return `${scope}|${query.replace(/\s+/g, ' ').trim().toLowerCase()}`;
}

/** Spec §4: the 10 newest, no duplicates (compared without case or surrounding space). */
export function withRecent(recent: readonly string[], query: string): string[] {
  const text = query.replace(/\s+/g, ' ').trim();
  if (!text) return [...recent];
  const folded = text.toLowerCase();
  return [text, ...recent.filter((r) => r.toLowerCase() !== folded)].slice(0, RECENT_SEARCHES_MAX);
}

export const useSearchStore = create<SearchStore>()((set, get) => ({
  queries: {},
  recent: [],
  async request(key, fetcher) {
    if (get().queries[key]) return;
    set((s) => ({ queries: { ...s.queries, [key]: { status: 'loading', data: null } } }));
    try {
      const data = await fetcher();
      set((s) => ({ queries: { ...s.queries, [key]: { status: 'success', data } } }));
    } catch {
      set((s) => ({ queries: { ...s.queries, [key]: { status: 'error', data: null } } }));
    }
  },
  addRecent(query, storage) {
    const recent = withRecent(get().recent, query);
    set({ recent });
    try {
      storage?.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(recent));
    } catch {
      // A full or blocked storage only loses the memory of recent searches.
    }
  },
  loadRecent(storage) {
    try {
      const raw = storage?.getItem(RECENT_SEARCHES_STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      const recent = Array.isArray(parsed)
        ? parsed.filter((r): r is string => typeof r === 'string').reduceRight<string[]>(withRecent, [])
        : [];
      set({ recent });
    } catch {
      // Spec §8: a local storage parse failure logs a warning and returns the default.
      console.warn('Recent searches could not be read; starting empty.');
      set({ recent: [] });
    }
  },
}));
