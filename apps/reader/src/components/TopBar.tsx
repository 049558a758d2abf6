import { useClientStore, useSessionStore, useSusiStore } from '@quire/client-state';
import { accountMenuTexts, logTexts, type SusiOperation, topBarTexts } from '@quire/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PreloadedState } from '../state';
import { loadAuthUi } from './susi';

const preload = () => void loadAuthUi().catch(() => {});

/** Spec §2 account menu: Sign out only with an anti-forgery token (else 'No xsrf token found.' is logged). */
function SignOut({ email }: { email: string | null }) {
  const xsrf = useSessionStore((s) => s.xsrf);
  const hydrated = useClientStore((s) => s.hydrated);
  useEffect(() => {
    if (hydrated && !useSessionStore.getState().xsrf) console.warn(logTexts.noXsrfToken);
  }, [hydrated]);
  if (!xsrf) return null;
  return (
    <a className="q-menu-item" href={`/m/signout/${encodeURIComponent(xsrf)}`}>
      {accountMenuTexts.signOut}
      {email ? <span className="q-menu-secondary">{email}</span> : null}
    </a>
  );
}

/**
 * Sign up / Sign In: links to /m/signin until the page is interactive (they work without JavaScript), then
 * buttons that open the modal over the current page.
 */
function SusiEntry({
  operation,
  className,
  children,
}: {
  operation: SusiOperation;
  className?: string;
  children: string;
}) {
  const hydrated = useClientStore((s) => s.hydrated);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const onSigninPage = location.pathname === '/m/signin';
  if (hydrated) {
    return (
      <button
        type="button"
        className={className ?? 'q-link-button'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() =>
          useSusiStore.getState().open(undefined, operation, null, { redirect: onSigninPage ? null : here })
        }
      >
        {children}
      </button>
    );
  }
  const query = new URLSearchParams();
  if (operation === 'register') query.set('operation', operation);
  if (!onSigninPage && here !== '/') query.set('redirect', here);
  const search = query.toString();
  return (
    <a href={`/m/signin${search ? `?${search}` : ''}`} className={className}>
      {children}
    </a>
  );
}

/** Spec §2 top bar: logo, Write, and Sign up / Sign In or the viewer's avatar menu. */
export function TopBar({ viewer }: { viewer: PreloadedState['viewer'] }) {
  return (
    <header className="q-topbar">
      <a className="q-logo" href="/" aria-label="Quire home">
        Quire
      </a>
      <nav className="q-topbar-actions">
        <a href="/new-story">{topBarTexts.write}</a>
        {viewer ? (
          <details className="q-avatar-menu">
            <summary className="q-avatar" title={viewer.name}>
              {viewer.name.slice(0, 1)}
            </summary>
            <div className="q-menu">
              <a className="q-menu-item" href={`/@${viewer.username}`}>
                {accountMenuTexts.profile}
              </a>
              <SignOut email={viewer.email} />
            </div>
          </details>
        ) : (
          <>
            <SusiEntry operation="register" className="q-button q-button-dark">
              {topBarTexts.signUp}
            </SusiEntry>
            <SusiEntry operation="login">{topBarTexts.signIn}</SusiEntry>
          </>
        )}
      </nav>
    </header>
  );
}
