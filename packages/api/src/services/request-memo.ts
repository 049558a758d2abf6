import type { EntityManager } from '@mikro-orm/postgresql';

/** Per request (one EntityManager fork each), what its procedures looked up, by key. */
const memos = new WeakMap<EntityManager, Map<string, Promise<unknown>>>();

/**
 * `load()` once per request for `key`: a page's procedures ask for the same rows (a profile's header and stories its
 * writer, a topic page's parts its tag, For you and the home column the reader's sets). A failed load is not kept.
 * A caller whose row may change within the request checks that the kept row still matches.
 */
export function oncePerRequest<T>(em: EntityManager, key: string, load: () => Promise<T>): Promise<T> {
  return (memoOf(em).get(key) as Promise<T> | undefined) ?? loadForRequest(em, key, load);
}

/** `load()` now, whatever the request kept for `key`, and kept in its place for later `oncePerRequest` calls. */
export function loadForRequest<T>(em: EntityManager, key: string, load: () => Promise<T>): Promise<T> {
  const memo = memoOf(em);
  const found = load();
  found.catch(() => {
    if (memo.get(key) === found) memo.delete(key);
  });
  memo.set(key, found);
  return found;
}

function memoOf(em: EntityManager): Map<string, Promise<unknown>> {
  let memo = memos.get(em);
  if (!memo) {
    memo = new Map();
    memos.set(em, memo);
  }
  return memo;
}
