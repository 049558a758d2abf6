import type { AppRouter } from '@quire/api';
import { readCookie, rememberViewerLoggedIn, useClientStore, useSessionStore } from '@quire/client-state';
import { CLIENT_COOKIES_PATH, isBotUserAgent } from '@quire/domain';
import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { loadAuthUi } from './components/susi/lazy';
import { loadPages } from './lib/lazy-page';
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

/**
 * Reads what the server sent, hydrates its HTML and starts the page's telemetry. The boot script calls it in a
 * task of its own once the modules are evaluated, so the browser gets a turn in between; evaluating the modules
 * starts nothing (no request, timer or listener from their top level); telemetry comes in a chunk of its own.
 */
export async function start(): Promise<void> {
  const state = readPreloadedState(document);
  const xsrfCookie = () => readCookie(document.cookie, 'xsrf');
  useSessionStore.getState().setSession({ xsrf: xsrfCookie(), isLoggedIn: !!state.viewer });
  // A page from a shared cache carries no cookies: a first-time visitor gets theirs from an uncached path.
  const cookiesReady: Promise<void> = xsrfCookie()
    ? Promise.resolve()
    : fetch(CLIENT_COOKIES_PATH, { credentials: 'same-origin', cache: 'no-store' }).then(
        () => useSessionStore.getState().setSession({ xsrf: xsrfCookie() }),
        () => {},
      );

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

  // The server rendered the sign-in screens on this page: their chunk must be here before hydration matches.
  if (routeFor(window.location.pathname).route.authUi) await loadAuthUi();
  // The pages the server rendered, so hydration finds the same tree (their chunks are preloaded in the HTML).
  await loadPages(state.pages ?? []);

  // Errors seen before the telemetry chunk has loaded wait for it.
  const seen: SeenError[] = [];
  let reportError = (error: unknown): void => {
    seen.push({ error });
  };
  const onError = (e: ErrorEvent) =>
    seen.push({ error: e.error ?? e.message, at: { url: e.filename, line: e.lineno, column: e.colno } });
  const onRejection = (e: PromiseRejectionEvent) => seen.push({ error: e.reason });
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);

  // Hydration as a transition renders in slices that yield to the browser, so the page stays responsive while
  // it becomes interactive instead of freezing for one long task.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <HydrationBoundary state={state.queries}>
            <App viewer={state.viewer} status={state.status} site={state.site ?? MAIN_SITE} />
          </HydrationBoundary>
        </TRPCProvider>
      </QueryClientProvider>,
      {
        // A page that hydrated differently from the server's HTML is a bug: logged and reported, not hidden.
        onRecoverableError: (error) => {
          console.error(error);
          reportError(error);
        },
      },
    );
  });

  // Spec §7/§9 telemetry loads in its own chunk while the page hydrates.
  import('./telemetry').then(
    ({ startTelemetry }) => {
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
      reportError = startTelemetry({
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
