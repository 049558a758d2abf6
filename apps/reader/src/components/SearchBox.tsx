import type { RouterOutputs } from '@quire/api';
import { searchQueryKey, track, useSearchStore } from '@quire/client-state';
import { LAYOUT, quireRoutes } from '@quire/domain';
import { SearchIcon } from '@quire/ui';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useHydrated } from '../lib/hydrated';
import { lazyModule } from '../lib/lazy-module';
import { useNavigate, usePageLocation } from '../lib/location';
import { useMutation } from '../lib/mutation';
import { useTRPC } from '../trpc';
import type { PickedHit } from './SearchPopover';

/** The results popover, in a chunk of its own that loads when the reader starts typing. */
const popover = lazyModule(() => import('./SearchPopover'));

export type SearchData = RouterOutputs['search']['query'];
/** A page's search scope (spec §2: scoped to the entity and slug). */
export type SearchScope = { collectionSlug: string } | { username: string };

/**
 * Scopes already known, by path: the server sends the one of the page it rendered, so hydrating the search box
 * does not derive the whole route table.
 */
const knownScopes = new Map<string, SearchScope | null>();

/** Keeps the server's answer of searchScopeFor for the path it rendered. */
export function rememberSearchScope(pathname: string, scope: SearchScope | null): void {
  knownScopes.set(pathname, scope);
}

/** Spec §2 Paths: the publication or profile a page belongs to, for scoped search; null elsewhere. */
export function searchScopeFor(pathname: string): SearchScope | null {
  const known = knownScopes.get(pathname);
  if (known !== undefined) return known;
  const match = quireRoutes.match(pathname);
  if (!match) return null;
  if (match.entry.table === 'user' && match.params.username) return { username: match.params.username };
  const slug = match.entry.table === 'collection' ? match.params.collectionSlug : undefined;
  if (!slug) return null;
  // '/@ada/…' matches the collection patterns too: it is a profile.
  return slug.startsWith('@')
    ? slug.length > 1
      ? { username: slug.slice(1) }
      : null
    : { collectionSlug: slug };
}

export const scopeKey = (scope: SearchScope | null) =>
  !scope ? '' : 'collectionSlug' in scope ? `collection:${scope.collectionSlug}` : `user:${scope.username}`;

/** Spec §2: Enter goes to the full search page for the query, scoped to the entity and slug. */
export function fullSearchPath(q: string, scope: SearchScope | null, category?: string): string {
  const query = q.trim();
  if (!scope) {
    const name = category
      ? `ShowSearch${category.charAt(0).toUpperCase()}${category.slice(1)}`
      : 'ShowSearch';
    return quireRoutes.build(name, { q: query });
  }
  const collectionSlug = 'collectionSlug' in scope ? scope.collectionSlug : `@${scope.username}`;
  const path = category
    ? quireRoutes.build('ShowByCollectionSlugSearchByCategory', { collectionSlug, category, q: query })
    : quireRoutes.build('ShowByCollectionSlugSearch', { collectionSlug, q: query });
  // Profile paths keep their literal '@' (spec §2 URL shapes: /@{username}).
  return path.replace(/^\/%40/, '/@');
}

/** Spec §2: Up and Down move focus cyclically through results; -1 is the input itself. */
export function cycleFocus(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** Spec §5: results show only when the query is non-empty and at least one section has hits. */
export const hasResults = (q: string, data: SearchData | null | undefined) =>
  q.trim() !== '' && !!data && data.results.some((r) => r.hits.length > 0);

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Spec §2 predictive search in the top bar, and the search icon that replaces it on small screens. */
export function SearchBox() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = usePageLocation();
  const hydrated = useHydrated();
  const scope = searchScopeFor(location.pathname);
  const onSearchPage = /(^|\/)search(\/|$)/.test(location.pathname);
  // Spec §2: the box starts empty unless initialised from the q URL parameter.
  const [text, setText] = useState(() =>
    onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '') : '',
  );
  const [open, setOpen] = useState(false);
  const items = useRef<(HTMLAnchorElement | null)[]>([]);
  const key = searchQueryKey(text, scopeKey(scope));
  const entry = useSearchStore((s) => s.queries[key]);
  const data = entry?.status === 'success' ? (entry.data as SearchData) : null;
  const click = useMutation(trpc.search.click.mutationOptions());

  useEffect(() => {
    if (hydrated) useSearchStore.getState().loadRecent(browserStorage());
  }, [hydrated]);

  const request = (q: string) => {
    const input = {
      q,
      scope,
      entities: scope
        ? (['post', 'user', 'collection', 'tag'] as const)
        : (['user', 'collection', 'tag'] as const),
    };
    void useSearchStore.getState().request(searchQueryKey(q, scopeKey(scope)), () =>
      queryClient.fetchQuery({
        ...trpc.search.query.queryOptions({ ...input, entities: [...input.entities] }),
        retry: false,
      }),
    );
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setText(next);
    // Spec §4 Search popover: opens on typing, closes on empty; a request on each change.
    if (!next.trim()) {
      setOpen(false);
      return;
    }
    if (!open) track('search.predictiveOpened');
    setOpen(true);
    track('search.predictiveQueried', { scoped: scope ? 1 : 0 });
    request(next);
  };

  const focusItem = (direction: 1 | -1) => {
    const list = items.current.filter((el): el is HTMLAnchorElement => !!el);
    const current = list.indexOf(document.activeElement as HTMLAnchorElement);
    const next = cycleFocus(current, list.length, direction);
    list[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!open || !hasResults(text, data)) return;
      e.preventDefault();
      focusItem(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape') {
      setOpen(false);
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement && text.trim()) {
      e.preventDefault();
      useSearchStore.getState().addRecent(text, browserStorage());
      setOpen(false);
      navigate(fullSearchPath(text, scope));
    }
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  const onPick = (hit: PickedHit, e: MouseEvent<HTMLAnchorElement>) => {
    track('search.predictiveResultClicked', { index: hit.position, entity: hit.entity });
    // Spec §7 searchClickEvent: position is index + 1.
    click.mutate({
      queryId: hit.queryId,
      indexName: hit.entity,
      objectIds: [hit.objectID],
      positions: [hit.position],
    });
    useSearchStore.getState().addRecent(text, browserStorage());
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(false);
    navigate(hit.href);
  };

  const Popover = popover.use(open)?.SearchPopoverContent;
  const showPopover = open && hasResults(text, data) && data && Popover;
  return (
    <search className="q-search" onKeyDown={onKeyDown} onBlur={onBlur}>
      <a className="q-search-icon" href={quireRoutes.build('ShowSearch')}>
        <span className="q-visually-hidden">Search</span>
        <SearchIcon size={24} />
      </a>
      <form className="q-search-form" action={fullSearchPath('', scope).split('?')[0]} method="get">
        <input
          className="q-search-input"
          type="search"
          name="q"
          placeholder="Search"
          aria-label="Search"
          autoComplete="off"
          value={text}
          onChange={onChange}
          style={{ width: LAYOUT.searchInputWidth }}
        />
      </form>
      {showPopover ? (
        <div className="q-popover q-search-popover" style={{ width: LAYOUT.searchPopoverWidth }}>
          <Popover
            q={text}
            data={data}
            scope={scope}
            onPick={onPick}
            itemRef={(i, el) => {
              items.current[i] = el;
            }}
          />
        </div>
      ) : null}
    </search>
  );
}
