import type { RouterOutputs } from '@quire/api';
import { useSusiStore } from '@quire/client-state';
import { authUiTexts, BREAKPOINT_MIN_WIDTHS, susiTexts } from '@quire/domain';
import { CloseIcon } from '@quire/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isInAppBrowser, loadScript, navigateTo } from '../../lib/browser';
import { useTRPC } from '../../trpc';
import { socialHref } from './social';

const ENTRY_POINT = 'google_one_tap';
const DISMISSED_KEY = 'quire:oneTapDismissedAt';
/** The spec names a suppression window without its length: one day is this product's choice. */
const SUPPRESSION_MS = 24 * 60 * 60 * 1000;

interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    callback(response: { credential: string }): void;
    cancel_on_tap_outside?: boolean;
  }): void;
  prompt(listener?: (notification: { isDismissedMoment?(): boolean }) => void): void;
  cancel(): void;
}
const googleIdentity = () =>
  (window as unknown as { google?: { accounts: { id: GoogleIdentity } } }).google?.accounts.id;

function dismissedRecently(now: number): boolean {
  try {
    const at = Number(window.localStorage.getItem(DISMISSED_KEY) ?? 0);
    return now - at < SUPPRESSION_MS;
  } catch (error) {
    console.warn(error);
    return false;
  }
}

function rememberDismissal(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch (error) {
    console.warn(error);
  }
}

/** The email inside a Google ID token (a JWT); null when it cannot be read. */
function emailOfCredential(credential: string): string | null {
  try {
    const payload = credential.split('.')[1] ?? '';
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}

/** Google's one-tap prompt on a page where it may appear, and the register card for a new email (spec §4). */
export function OneTapPrompt({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showCard, setShowCard] = useState(false);

  useEffect(() => {
    if (isInAppBrowser(navigator.userAgent) || dismissedRecently(Date.now())) return;
    // Not for a narrow screen that arrived from another page: that visitor came to read, not to sign in.
    if (window.innerWidth < BREAKPOINT_MIN_WIDTHS.sm && document.referrer) return;
    let cancelled = false;
    const here = `${window.location.pathname}${window.location.search}`;
    loadScript('https://accounts.google.com/gsi/client')
      .then(() => {
        const identity = googleIdentity();
        if (cancelled || !identity) return;
        identity.initialize({
          client_id: clientId,
          cancel_on_tap_outside: true,
          callback: async ({ credential }) => {
            const email = emailOfCredential(credential);
            if (!email) return;
            try {
              const result: RouterOutputs['auth']['emailAvailability'] = await queryClient.fetchQuery(
                trpc.auth.emailAvailability.queryOptions({ email }),
              );
              if (result.emailAvailability) setShowCard(true);
              else navigateTo(socialHref('google', 'login', here, ENTRY_POINT));
            } catch (error) {
              console.warn(error);
            }
          },
        });
        identity.prompt((notification) => {
          if (notification.isDismissedMoment?.()) rememberDismissal();
        });
      })
      .catch((error: unknown) => console.warn(error));
    return () => {
      cancelled = true;
      googleIdentity()?.cancel();
    };
  }, [clientId, queryClient, trpc]);

  if (!showCard) return null;
  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  const dismiss = () => {
    rememberDismissal();
    setShowCard(false);
  };
  return (
    <aside className="q-one-tap" aria-labelledby="q-one-tap-title">
      <button type="button" className="q-susi-close" aria-label={authUiTexts.close} onClick={dismiss}>
        <CloseIcon size={20} />
      </button>
      <h2 id="q-one-tap-title">{susiTexts.continueToProduct}</h2>
      <a className="q-button q-button-dark" href={socialHref('google', 'register', here, ENTRY_POINT)}>
        {susiTexts.oneTapSignUp}
      </a>
      <button
        type="button"
        className="q-button"
        onClick={() => {
          setShowCard(false);
          useSusiStore.getState().open(undefined, 'login', ENTRY_POINT, { redirect: here });
        }}
      >
        {susiTexts.oneTapSignIn}
      </button>
    </aside>
  );
}
