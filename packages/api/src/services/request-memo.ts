import type { EntityManager } from '@mikro-orm/postgresql';

/** Per request (one EntityManager fork each), what its procedures looked up, by key. */
const memos = new WeakMap<EntityManager, Map<string, Promise<unknown>>>();

/**
 * `load()` once per request for `key`: a page's procedures ask for the same rows (a profile's header and stories its
 * writer, a topic page's parts its tag, For you and the home column the reader's sets). A failed load is not kept.
 * A caller whose row may change within the request checks that the kept row still matches; a mutation forgets
 * them all (`forgetRequestLookups`).
 */
export function oncePerRequest<T>(em: EntityManager, key: string, load: () => Promise<T>): Promise<T> {
  const memo = memoOf(em);
  let found = memo.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    found.catch(() => memo.delete(key));
    memo.set(key, found);
  }
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

/** Keeps `value` as the request's lookup for `key`, read by a statement that read something else as well. */
export function keepForRequest<T>(em: EntityManager, key: string, value: T): void {
  memoOf(em).set(key, Promise.resolve(value));
}

/** Forgets what the request looked up: after it changed something, its later calls (a batch's) read again. */
export function forgetRequestLookups(em: EntityManager): void {
  memos.delete(em);
}
