import { errorPageTexts } from '@quire/domain';
import { createContext, useContext } from 'react';
import { usePageLocation } from '../lib/location';

/** What a known but unbuilt path is coming as (the app provides the route table's answer). */
export const ComingSoonContext = createContext<(pathname: string) => string | undefined>(() => undefined);

/** The 404 page (the spec has none; see docs/FEATURES.md); a known but unbuilt route says what is coming. */
export function NotFoundPage({ comingSoon }: { comingSoon?: string }) {
  const { pathname } = usePageLocation();
  const comingSoonFor = useContext(ComingSoonContext);
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
