import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';

/*
 * The reader's router: the few things the pages need (the location, the matched route's params, query
 * parameters, navigating) over the History API, and route matching with the usual ranking (static
 * segments before dynamic ones before a splat, then declaration order). Links are plain anchors; only
 * search navigates in place.
 */

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

export type RouteParams = Record<string, string | undefined>;

const EMPTY: RouterLocation = { pathname: '/', search: '', hash: '' };
/** The server's location (a rendered request); absent in the browser, which reads window.location. */
const StaticLocation = createContext<RouterLocation | null>(null);
const Params = createContext<RouteParams>({});

function parseLocation(url: string): RouterLocation {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}

const listeners = new Set<() => void>();
let snapshot: RouterLocation | null = null;
let snapshotHref = '';

function browserLocation(): RouterLocation {
  const { href, pathname, search, hash } = window.location;
  // The same object while the URL is unchanged, as useSyncExternalStore requires.
  if (href !== snapshotHref || !snapshot) {
    snapshotHref = href;
    snapshot = { pathname, search, hash };
  }
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Renders `children` at a fixed location (server rendering). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => parseLocation(location), [location]);
  return <StaticLocation.Provider value={value}>{children}</StaticLocation.Provider>;
}

/** The current location: the server's request, or the browser's, updated on navigation. */
export function useLocation(): RouterLocation {
  const fixed = useContext(StaticLocation);
  const server = () => fixed ?? (typeof window === 'undefined' ? EMPTY : browserLocation());
  const live = useSyncExternalStore(subscribe, browserLocation, server);
  return fixed ?? live;
}

/** Goes to `to` on this site without a page load (the new page renders from the route table). */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

export function useNavigate(): (to: string) => void {
  return navigate;
}

/** The current URL's query parameters (read only). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** The params the matched route took from the path. */
export function useParams(): RouteParams {
  return useContext(Params);
}

export function ParamsProvider({ params, children }: { params: RouteParams; children: ReactNode }) {
  return <Params.Provider value={params}>{children}</Params.Provider>;
}

// ---------------------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------------------

const PARAM = /^:[\w-]+$/;

/** '/me/stories/:filterBy?' stands for '/me/stories' and '/me/stories/:filterBy'. */
function expandOptional(pattern: string): string[] {
  const segments = pattern.split('/');
  const optional = segments.findIndex((s) => s.endsWith('?'));
  if (optional < 0) return [pattern];
  const required = segments.map((s, i) => (i === optional ? s.slice(0, -1) : s)).join('/');
  const without = segments.filter((_, i) => i !== optional).join('/') || '/';
  return [...expandOptional(without), ...expandOptional(required)];
}

/** Static segments weigh most, then params; a splat costs; longer paths break ties. */
function score(pattern: string): number {
  const segments = pattern.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0);
  for (const s of segments) {
    if (s === '*') continue;
    total += PARAM.test(s) ? 3 : s === '' ? 1 : 10;
  }
  return total;
}

function matchPattern(pattern: string, pathname: string): RouteParams | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment === '*') {
      params['*'] = have.slice(i).map(decode).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (PARAM.test(segment)) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return have.length === want.length ? params : null;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Ranks route patterns once; `match` then finds the best route for a path, with its params. */
export function createMatcher<R extends { path: string }>(routes: readonly R[]) {
  const branches = routes
    .flatMap((route, order) => expandOptional(route.path).map((pattern) => ({ route, pattern, order })))
    .map((branch) => ({ ...branch, score: score(branch.pattern) }))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname: string): { route: R; params: RouteParams } | null => {
    for (const branch of branches) {
      const params = matchPattern(branch.pattern, pathname);
      if (params) return { route: branch.route, params };
    }
    return null;
  };
}
