import { EmptyState } from '@quire/ui';
import type { ReactNode } from 'react';
import { useLoadMore } from './useLoadMore';

/** Not from the spec: the fallback button under a list that loads its next page. */
export const SHOW_MORE_LABEL = 'Show more';
export const LOADING_LABEL = 'Loading…';

/** What a list needs to know of its infinite query to load its next page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of a keyset-paged list: spec §9 scroll-to-load (the sentinel comes within 1.5 viewport heights) and a
 * visible 'Show more' button for readers whose browser does not load on scroll (or who are faster than it).
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label = SHOW_MORE_LABEL,
}: NextPage & { label?: string }) {
  const sentinel = useLoadMore({
    enabled: hasNextPage && !isFetchingNextPage,
    onLoadMore: () => void fetchNextPage(),
  });
  if (!hasNextPage) return null;
  return (
    <div className="q-load-more" ref={sentinel}>
      <button
        type="button"
        className="q-button"
        disabled={isFetchingNextPage}
        onClick={() => fetchNextPage()}
      >
        {isFetchingNextPage ? LOADING_LABEL : label}
      </button>
    </div>
  );
}

/**
 * A keyset-paged list's body: its empty text when it has no items, the items (in a `<ul>` when `listClass` is
 * given) and, with `next`, the LoadMore at its end. `empty` null shows nothing (the list has not loaded yet).
 */
export function PagedItems<T>({
  items,
  empty,
  listClass,
  wrapClass,
  next,
  nextLabel,
  children,
}: {
  items: T[];
  empty: string | null;
  listClass?: string;
  /** Items that are not list items (cards) laid out together, as a grid. */
  wrapClass?: string | undefined;
  next?: NextPage;
  nextLabel?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  const shown = items.map((item, index) => children(item, index));
  return (
    <>
      {items.length === 0 && empty !== null ? <EmptyState title={empty} /> : null}
      {listClass ? (
        <ul className={listClass}>{shown}</ul>
      ) : wrapClass ? (
        <div className={wrapClass}>{shown}</div>
      ) : (
        shown
      )}
      {next ? <LoadMore {...next} label={nextLabel} /> : null}
    </>
  );
}
