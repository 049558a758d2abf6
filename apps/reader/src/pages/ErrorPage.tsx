import { errorPageTexts } from '@quire/domain';

/** Spec §2 Error page 500: code, apology, and the ways forward. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <main className="q-column q-error-page">
      <p className="q-error-code">{status}</p>
      <h1>{errorPageTexts.serverError}</h1>
      <p>
        Try refreshing the page, check <a href="/status">our site status</a>, or{' '}
        <a href="/">find something interesting to read</a>.
      </p>
    </main>
  );
}
