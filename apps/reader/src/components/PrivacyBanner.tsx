import { track, usePrivacyStore } from '@quire/client-state';
import { dialogTexts, PRODUCT_NAME, privacyBannerText, TOAST_WIDTHS } from '@quire/domain';
import { useEffect } from 'react';
import { useHydrated } from '../lib/hydrated';
import { readPreloadedState } from '../state';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The visitor's country as the server put it in the preloaded state. */
function preloadedCountry(): string | null {
  try {
    return readPreloadedState(document).country ?? null;
  } catch {
    return null;
  }
}

/**
 * Spec §4 EU privacy banner: once per visit, in the browser, for a logged-out visitor in the EU or GB who
 * has not accepted the policy; 'Got it' stores the acceptance (value 1 under the key dated 201805).
 */
export function PrivacyBanner({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated();
  const visible = usePrivacyStore((s) => s.visible);
  useEffect(() => {
    if (!hydrated) return;
    usePrivacyStore
      .getState()
      .evaluate({ loggedIn: signedIn, country: preloadedCountry(), storage: localStorageOrNull() });
  }, [hydrated, signedIn]);
  useEffect(() => {
    if (visible) track('privacyBanner.shown');
  }, [visible]);
  if (!visible) return null;
  return (
    <section
      className="q-privacy-banner"
      aria-label="Privacy"
      data-testid="privacy-banner"
      style={{ width: `min(${TOAST_WIDTHS.md}px, calc(100vw - 32px))` }}
    >
      <span>{privacyBannerText(PRODUCT_NAME)}</span>
      <button
        type="button"
        className="q-button"
        onClick={() => {
          usePrivacyStore.getState().accept(localStorageOrNull());
          track('privacyBanner.accepted');
        }}
      >
        {dialogTexts.gotIt}
      </button>
    </section>
  );
}
