import type { AppRouter } from '@quire/api';
import type { EdgeCachePage } from '@quire/domain';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './App';
import { searchScopeFor } from './components/SearchBox';
import { loadAuthUi } from './components/susi/lazy';
import { KEPT_PART_MARKER, KeptParts } from './kept-parts';
import { KeptPartsContext } from './lib/kept';
import { collectPages, loadAllPages } from './lib/lazy-page';
import { ErrorPage } from './pages/ErrorPage';
import { type PageHead, routeFor } from './routes';
import { MAIN_SITE, type PreloadedState } from './state';
import { TRPCProvider } from './trpc';

export { BOOT_DATA_ID, BOOT_SCRIPT, type BootData } from './boot-script';
export type { PageHead } from './routes';
export { comingSoonFor, pageReadsReaderSets } from './routes';
export type { ClientConfig, PreloadedState } from './state';
export { PRELOADED_STATE_ID } from './state';

export interface RenderRequest {
  url: string;
  /** Options proxy bound to the request's context: prefetches call procedures in-process. */
  trpc: TRPCOptionsProxy<AppRouter>;
  queryClient: QueryClient;
  viewer: PreloadedState['viewer'];
  /** The site the page is served on (spec §2 legacy bar); the main host when not given. */
  site?: PreloadedState['site'];
}

/** The page's head (title, description, and the story's canonical path, image, type, author, date). */
export interface RenderResult extends PageHead {
  status: number;
  html: string;
  routeName: string;
  /** What kind of page this was for the spec §4 edge cache decision (the server decides). */
  edgeCachePage: EdgeCachePage;
  queries: PreloadedState['queries'];
  /** The lazy page modules the render used: the page preloads them and the browser loads them first. */
  pages: string[];
  /** Milliseconds spent loading the page's data (its prefetch) and rendering it to HTML. */
  timings: { dataMs: number; renderMs: number };
  search: NonNullable<PreloadedState['search']>;
}

// During server rendering every query is already in the cache; a fetch here would be a bug.
const noNetworkClient = createTRPCClient<AppRouter>({
  links: [
    () => () =>
      observable((observer) => {
        observer.error(new TRPCClientError('No network during server rendering.'));
      }),
  ],
});

/** Creates the per-request QueryClient the server prefetches into. */
export function createServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
}

/** `<!--$-->` and `<!--/$-->`, found in one pass over the page (two replaceAll passes cost 0.6 ms on 220 KB). */
const SUSPENSE_MARKER = /<!--(\/?)\$-->/g;

/**
 * React marks each Suspense boundary of its HTML with `<!--$-->` … `<!--/$-->`; the browser's runtime (Preact)
 * finds a boundary that waits during hydration by `<!--$s-->` … `<!--/$s-->`, and keeps exactly that range
 * (a HydrateLater part) until it hydrates. Text is escaped in React's HTML, so these markers are only React's.
 */
export const asHydrationRanges = (html: string): string => html.replace(SUSPENSE_MARKER, '<!--$1$$s-->');

/** The process's parts rendered once: about 16 MB of HTML at most. */
const KEPT_PARTS_MAX_CHARS = 8_000_000;
export const keptParts = new KeptParts(KEPT_PARTS_MAX_CHARS, asHydrationRanges);

/** Suspense markers and kept parts' markers, in one pass (a kept part's key needs no escaping). */
const PAGE_MARKER = new RegExp(`${SUSPENSE_MARKER.source}|${KEPT_PART_MARKER}`, 'g');

/**
 * A page's HTML as the browser gets it: `element` rendered with the kept parts in place of their markers (each
 * part's hoisted hints at the start, where React puts them) and the Suspense markers as hydration ranges. The same
 * HTML as rendering every part in the page.
 */
export function renderPageHtml(element: ReactElement, keep: KeptParts | null): string {
  if (!keep) return asHydrationRanges(renderToString(element));
  const parts = keep.forRender();
  const html = renderToString(<KeptPartsContext.Provider value={parts}>{element}</KeptPartsContext.Provider>);
  let hoisted = '';
  const body = html.replace(
    PAGE_MARKER,
    (_, slash: string | undefined, key: string | undefined, slot: string | undefined) => {
      if (key === undefined) return `<!--${slash}$s-->`;
      const part = keep.take(key, parts.renders);
      hoisted += part.hoisted;
      return part.after === null ? part.before : part.before + asHydrationRanges(slot ?? '') + part.after;
    },
  );
  return hoisted + body;
}

/** Renders a reader URL to HTML after loading its data; the status says 200 or 404. */
export async function render(req: RenderRequest): Promise<RenderResult> {
  const pathname = new URL(req.url, 'http://localhost').pathname;
  // The path as the router sees it (not normalised), which the search box works its scope out from.
  const searchPath = req.url.split(/[?#]/, 1)[0] ?? '/';
  const { route, params } = routeFor(pathname);
  const prefetchContext = {
    trpc: req.trpc,
    queryClient: req.queryClient,
    query: new URL(req.url, 'http://localhost').searchParams,
  };
  // Rendered synchronously below: the sign-in screens and the pages must be in memory (loaded once per process).
  await Promise.all([loadAuthUi(), loadAllPages()]);
  const started = performance.now();
  const status = route.prefetch ? await route.prefetch(prefetchContext, params) : 200;
  const loaded = performance.now();
  const head = route.head?.(prefetchContext, params) ?? {};
  const edgeCachePage: EdgeCachePage =
    status === 200
      ? (route.edgeCachePage?.(prefetchContext, params) ?? { kind: 'other' })
      : { kind: 'other' };
  const { result: html, pages } = collectPages(() =>
    renderPageHtml(
      <QueryClientProvider client={req.queryClient}>
        <TRPCProvider trpcClient={noNetworkClient} queryClient={req.queryClient}>
          <Router ssrPath={req.url}>
            <App viewer={req.viewer} status={status} site={req.site ?? MAIN_SITE} />
          </Router>
        </TRPCProvider>
      </QueryClientProvider>,
      keptParts,
    ),
  );
  return {
    status,
    html,
    routeName: route.name,
    ...head,
    edgeCachePage,
    queries: dehydrate(req.queryClient),
    pages,
    timings: { dataMs: loaded - started, renderMs: performance.now() - loaded },
    search: { path: searchPath, scope: searchScopeFor(searchPath) },
  };
}

/** Renders the spec's 500 page body (or 409), for errors outside the React tree. */
export function renderErrorPage(status: number): string {
  return renderToString(<ErrorPage status={status} />);
}
