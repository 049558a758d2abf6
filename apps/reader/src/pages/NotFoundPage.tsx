import { errorPageTexts } from '@quire/domain';

/** The 404 page (the spec has none; see docs/FEATURES.md). */
export function NotFoundPage() {
  return (
    <main className="q-column q-error-page">
      <p className="q-error-code">{errorPageTexts.notFoundCode}</p>
      <h1>{errorPageTexts.notFoundTitle}</h1>
      <p>{errorPageTexts.notFoundMessage}</p>
      <a href="/">Go to the home page</a>
    </main>
  );
}
