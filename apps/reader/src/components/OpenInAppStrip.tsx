import { track } from '@quire/client-state';
import { BREAKPOINT_MIN_WIDTHS, topBarTexts } from '@quire/domain';
import { useEffect } from 'react';
import { useHydrated } from '../lib/hydrated';

/** Where the app's deep link lands; the route table's /m/app. */
const APP_PATH = '/m/app';
/** Spec §2: pages without the Open in app button. */
const NO_APP_BUTTON_ROUTES = new Set(['ShowCollectionNewsletterLanding']);
/** The strip shows below the sm breakpoint (552px): small screens only. */
export const OPEN_IN_APP_MEDIA = `(max-width: ${BREAKPOINT_MIN_WIDTHS.sm - 1}px)`;

/** Spec §2: open-in-app links are tagged with the signed-in state, the entry point and the route. */
export function openInAppHref(opts: { signedIn: boolean; routeName: string; path: string }): string {
  const query = new URLSearchParams({
    signedIn: opts.signedIn ? 'true' : 'false',
    entryPoint: 'openInAppStrip',
    route: opts.routeName,
    path: opts.path,
  });
  return `${APP_PATH}?${query}`;
}

/**
 * Spec §2 top bar: on small screens an Open in app strip (41px, spec §9) sits above the top bar. It is
 * rendered on the server for every width and hidden by CSS above the breakpoint, so no layout shifts.
 */
export function OpenInAppStrip({
  signedIn,
  routeName,
  path,
}: {
  signedIn: boolean;
  routeName: string;
  path: string;
}) {
  const hydrated = useHydrated();
  const hidden = NO_APP_BUTTON_ROUTES.has(routeName);
  useEffect(() => {
    if (hydrated && !hidden && window.matchMedia(OPEN_IN_APP_MEDIA).matches) {
      track('openInApp.viewed', { route: routeName });
    }
  }, [hydrated, hidden, routeName]);
  if (hidden) return null;
  return (
    <aside className="q-open-in-app" aria-label="Open in app" data-testid="open-in-app">
      <a
        href={openInAppHref({ signedIn, routeName, path })}
        onClick={() => track('openInApp.clicked', { route: routeName })}
      >
        {topBarTexts.openInApp}
      </a>
    </aside>
  );
}
