import { useToastStore } from '@quire/client-state';
import { generalTexts, TOAST_DURATION_FOREVER } from '@quire/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Footer, MinimalFooter } from './components/Footer';
import { LegacyBar } from './components/LegacyBar';
import { OpenInAppStrip } from './components/OpenInAppStrip';
import { PartnerToasts } from './components/PartnerToasts';
import { PreloadContext } from './components/PreloadLink';
import { PrivacyBanner } from './components/PrivacyBanner';
import { GoogleOneTap, SusiModal } from './components/susi';
import { Toaster } from './components/Toaster';
import { TopBar } from './components/TopBar';
import { VerifyEmailBanner } from './components/VerifyEmailBanner';
import { HydratedProvider } from './lib/hydrated';
import { usePageLocation } from './lib/location';
import { PRELOADABLE_ROUTES, preloadUrl } from './lib/preload';
import { ComingSoonContext, NotFoundPage } from './pages/NotFoundPage';
import {
  comingSoonFor,
  friendLinkKey,
  matchPageRoute,
  type PageProps,
  type PageRoute,
  routeFor,
  storyIdAt,
} from './routes';
import type { PreloadedState, SiteInfo } from './state';
import { useTRPC } from './trpc';

function RoutedPage({
  route,
  params,
  search,
  viewer,
}: {
  route: PageRoute;
  params: PageProps['params'];
  search: string;
  viewer: PreloadedState['viewer'];
}) {
  const query = new URLSearchParams(search);
  return (
    <>
      {route.render({ params, signedIn: !!viewer, viewer, query })}
      {viewer ? null : <GoogleOneTap routeName={route.name} />}
    </>
  );
}

/**
 * Spec §2 preloading: a link to a preloadable page loads that route's queries (its server prefetch) into
 * the React Query cache. Links elsewhere, and other pages, are left alone.
 */
function usePreloadPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (href: string) => {
      const url = preloadUrl(href, window.location.origin);
      if (!url) return;
      const { route, params } = routeFor(url.pathname);
      if (!PRELOADABLE_ROUTES.has(route.name) || !route.prefetch) return;
      route.prefetch({ trpc, queryClient, query: new URLSearchParams(url.search) }, params).catch(() => {});
    },
    [trpc, queryClient],
  );
}

/** The reader app shell: top bar and the routed page. Server and browser render the same tree. */
export function App({
  viewer,
  status,
  site,
}: {
  viewer: PreloadedState['viewer'];
  status: number;
  site: SiteInfo;
}) {
  const preloadPage = usePreloadPage();
  const location = usePageLocation();
  const routeName = routeFor(location.pathname).route.name;
  const { matched, params } = matchPageRoute(location.pathname);
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
    <PreloadContext.Provider value={preloadPage}>
      <HydratedProvider>
        <ComingSoonContext.Provider value={comingSoonFor}>
          <OpenInAppStrip
            signedIn={!!viewer}
            routeName={routeName}
            path={`${location.pathname}${location.search}`}
          />
          {site.kind !== 'main' && site.legacyBar ? (
            <LegacyBar
              viewer={viewer}
              site={site}
              postId={storyIdAt(location.pathname)}
              shareKey={friendLinkKey(new URLSearchParams(location.search))}
            />
          ) : (
            <TopBar viewer={viewer} />
          )}
          {viewer && !viewer.emailVerified ? <VerifyEmailBanner email={viewer.email} /> : null}
          {/* The server decided this URL names nothing; the browser shows the same page it rendered. */}
          {status === 404 ? (
            <NotFoundPage />
          ) : (
            // The route is matched once per path (cached), with the page's params.
            <RoutedPage route={matched} params={params} search={location.search} viewer={viewer} />
          )}
          {routeName === 'ShowSignin' ? <MinimalFooter /> : <Footer />}
          <PrivacyBanner signedIn={!!viewer} />
          {/* The overlay the top bar opens; pages that embed the modal render their own. */}
          <SusiModal />
          <Toaster />
          {viewer ? <PartnerToasts routeName={routeName} /> : null}
        </ComingSoonContext.Provider>
      </HydratedProvider>
    </PreloadContext.Provider>
  );
}
