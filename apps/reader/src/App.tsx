import { useClientStore, useToastStore } from '@quire/client-state';
import { generalTexts, TOAST_DURATION_FOREVER } from '@quire/domain';
import { useEffect } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { Footer } from './components/Footer';
import { PrivacyBanner } from './components/PrivacyBanner';
import { GoogleOneTap, SusiModal } from './components/susi';
import { Toaster } from './components/Toaster';
import { TopBar } from './components/TopBar';
import { VerifyEmailBanner } from './components/VerifyEmailBanner';
import { NotFoundPage } from './pages/NotFoundPage';
import { type PageRoute, pageRoutes } from './routes';
import type { PreloadedState } from './state';

function RoutedPage({ route, viewer }: { route: PageRoute; viewer: PreloadedState['viewer'] }) {
  const params = useParams();
  return (
    <>
      {route.render({ params, signedIn: !!viewer, viewer })}
      {viewer ? null : <GoogleOneTap routeName={route.name} />}
    </>
  );
}

/** The reader app shell: top bar and the routed page. Server and browser render the same tree. */
export function App({ viewer, status }: { viewer: PreloadedState['viewer']; status: number }) {
  const markHydrated = useClientStore((s) => s.markHydrated);
  // Effects run only in the browser, after hydration commits: the page is interactive from here.
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, [markHydrated]);
  // Spec §4 Toasts USER_SUSPENDED: a suspended viewer is told so, for as long as the page lives.
  const suspended = !!viewer?.isSuspended;
  useEffect(() => {
    if (suspended) {
      useToastStore.getState().show(generalTexts.accountUnderInvestigation, {
        toastStyle: 'USER_SUSPENDED',
        duration: TOAST_DURATION_FOREVER,
      });
    }
  }, [suspended]);
  return (
    <>
      <TopBar viewer={viewer} />
      {viewer && !viewer.emailVerified ? <VerifyEmailBanner email={viewer.email} /> : null}
      {/* The server decided this URL names nothing; the browser shows the same page it rendered. */}
      {status === 404 ? (
        <NotFoundPage />
      ) : (
        <Routes>
          {pageRoutes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RoutedPage route={route} viewer={viewer} />}
            />
          ))}
        </Routes>
      )}
      {/* The overlay the top bar opens; pages that embed the modal render their own. */}
      <Footer />
      <PrivacyBanner signedIn={!!viewer} />
      <SusiModal />
      <Toaster />
    </>
  );
}
