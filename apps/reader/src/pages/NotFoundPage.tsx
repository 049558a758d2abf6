import { errorPageTexts, quireRoutes } from '@quire/domain';
import { useLocation } from 'react-router';
import { routeFor } from '../routes';

const staticSegments = (path: string) =>
  path.split('/').filter((s) => s && !s.includes('{') && !s.includes(':') && s !== '*').length;

/**
 * The capability a not-yet-built page belongs to: the path names a route of the spec's route table
 * (not a redirect) that no reader page serves. A reader page serves it when it matched the path at least as
 * specifically (a catch-all like /:owner/:slug does not serve /me/lists).
 */
export function comingSoonFor(pathname: string): string | undefined {
  const match = quireRoutes.match(pathname);
  if (!match || match.entry.redirectTo) return undefined;
  const { route } = routeFor(pathname);
  if (route.name !== 'NotFound' && staticSegments(route.path) >= staticSegments(match.entry.pattern)) {
    return undefined;
  }
  return match.entry.capability;
}

/** The 404 page (the spec has none; see docs/FEATURES.md); a known but unbuilt route says what is coming. */
export function NotFoundPage({ comingSoon }: { comingSoon?: string }) {
  const { pathname } = useLocation();
  const capability = comingSoon ?? comingSoonFor(pathname);
  return (
    <main className="q-column q-error-page">
      <p className="q-error-code">{errorPageTexts.notFoundCode}</p>
      <h1>{errorPageTexts.notFoundTitle}</h1>
      <p>{errorPageTexts.notFoundMessage}</p>
      {capability ? <p className="q-coming-soon">{`Coming soon: ${capability}.`}</p> : null}
      <a href="/">Go to the home page</a>
    </main>
  );
}
