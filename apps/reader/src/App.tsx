import { useClientStore } from '@quire/client-state';
import { useEffect } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { TopBar } from './components/TopBar';
import { NotFoundPage } from './pages/NotFoundPage';
import { type PageRoute, pageRoutes } from './routes';
import type { PreloadedState } from './state';

function RoutedPage({ route, signedIn }: { route: PageRoute; signedIn: boolean }) {
  const params = useParams();
  return <>{route.render({ params, signedIn })}</>;
}

/** The reader app shell: top bar and the routed page. Server and browser render the same tree. */
export function App({ viewer, status }: { viewer: PreloadedState['viewer']; status: number }) {
  const markHydrated = useClientStore((s) => s.markHydrated);
  // Effects run only in the browser, after hydration commits: the page is interactive from here.
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, [markHydrated]);
  return (
    <>
      <TopBar viewer={viewer} />
      {/* The server decided this URL names nothing; the browser shows the same page it rendered. */}
      {status === 404 ? (
        <NotFoundPage />
      ) : (
        <Routes>
          {pageRoutes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RoutedPage route={route} signedIn={!!viewer} />}
            />
          ))}
        </Routes>
      )}
    </>
  );
}
