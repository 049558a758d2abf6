import type { PreloadedState } from '../state';

/** Spec §2 top bar: logo, Write, and Sign up / Sign In or the viewer's avatar. */
export function TopBar({ viewer }: { viewer: PreloadedState['viewer'] }) {
  return (
    <header className="q-topbar">
      <a className="q-logo" href="/" aria-label="Quire home">
        Quire
      </a>
      <nav className="q-topbar-actions">
        <a href="/new-story">Write</a>
        {viewer ? (
          <a href={`/@${viewer.username}`} className="q-avatar" title={viewer.name}>
            {viewer.name.slice(0, 1)}
          </a>
        ) : (
          <>
            <a href="/m/signin?operation=register" className="q-button q-button-dark">
              Sign up
            </a>
            <a href="/m/signin">Sign In</a>
          </>
        )}
      </nav>
    </header>
  );
}
