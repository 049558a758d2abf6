import type { AppRouter } from '@quire/api';
import { readCookie, rememberViewerLoggedIn, useClientStore, useSessionStore } from '@quire/client-state';
import { CLIENT_COOKIES_PATH, isBotUserAgent } from '@quire/domain';
import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { rememberSearchScope } from './components/SearchBox';
import { loadAuthUi } from './components/susi/lazy';
import { loadPages } from './lib/lazy-page';
import { setTrpcBase } from './lib/trpc-url';
import { routeFor } from './routes';
import { MAIN_SITE, readPreloadedState } from './state';
import type { SeenError } from './telemetry';
import { TRPCProvider } from './trpc';
import '@quire/ui/tokens.css';
import '@quire/ui/ui.css';
import './styles.css';
import './auth.css';
import './social.css';
import './discovery.css';
import './account.css';
import './your-pages.css';
import './home.css';
import './lists.css';
import './stats.css';
import './developer.css';
import './pages/developer-apps/developer-apps.css';

/**
 * Reads what the server sent, hydrates its HTML and starts the page's telemetry. The boot script calls it in a
 * task of its own once the modules are evaluated, so the browser gets a turn in between; evaluating the modules
 * starts nothing (no request, timer or listener from their top level); telemetry comes in a chunk of its own.
 */
export async function start(): Promise<void> {
  const state = readPreloadedState(document);
  if (state.search) rememberSearchScope(state.search.path, state.search.scope);
  const xsrfCookie = () => readCookie(document.cookie, 'xsrf');
  useSessionStore.getState().setSession({ xsrf: xsrfCookie(), isLoggedIn: !!state.viewer });
  // A page from a shared cache carries no cookies: a first-time visitor gets theirs from an uncached path.
  const cookiesReady: Promise<void> = xsrfCookie()
    ? Promise.resolve()
    : fetch(CLIENT_COOKIES_PATH, { credentials: 'same-origin', cache: 'no-store' }).then(
        () => useSessionStore.getState().setSession({ xsrf: xsrfCookie() }),
        () => {},
      );

  setTrpcBase(state.config.trpcUri);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: state.config.trpcUri,
        headers: async () => {
          await cookiesReady;
          const xsrf = useSessionStore.getState().xsrf;
          return xsrf ? { 'x-xsrf-token': xsrf } : {};
        },
      }),
    ],
  });

  // The route modules and pages the server rendered, so hydration finds the same tree (their chunks are preloaded
  // in the HTML); then, if the server rendered the sign-in screens on this page, their chunk.
  await loadPages(state.pages ?? []);
  if (routeFor(window.location.pathname).route.authUi) await loadAuthUi();

  // Uncaught errors wait for the telemetry chunk (it loads while the page hydrates), then go to its reporter.
  const seen: SeenError[] = [];
  let report = (error: SeenError): void => {
    seen.push(error);
  };
  addEventListener('error', (e) =>
    report({ error: e.error ?? e.message, at: { url: e.filename, line: e.lineno, column: e.colno } }),
  );
  addEventListener('unhandledrejection', (e) => report({ error: e.reason }));

  // Preact hydrates the server's HTML in one pass; the parts with little to click wait (HydrateLater).
  hydrateRoot(
    document.getElementById('root')!,
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <HydrationBoundary state={state.queries}>
          <App viewer={state.viewer} status={state.status} site={state.site ?? MAIN_SITE} />
        </HydrationBoundary>
      </TRPCProvider>
    </QueryClientProvider>,
  );

  // Spec §7/§9 telemetry, in a chunk of its own.
  import('./telemetry').then(
    ({ startTelemetry }) => {
      report = startTelemetry({
        routeName: routeFor(window.location.pathname).route.name,
        xsrf: () => useSessionStore.getState().xsrf,
        seen,
      });
    },
    (error: unknown) => console.warn(error),
  );
  // Spec §4 client viewing counters: whether the viewer was signed in, kept locally.
  try {
    rememberViewerLoggedIn(window.localStorage, !!state.viewer);
  } catch {
    // No local storage (privacy modes): nothing to remember.
  }
  // Spec §6 Bot: crawlers and headless browsers send no click analytics.
  useClientStore.setState({ viewerIsBot: isBotUserAgent(navigator.userAgent) });
}
