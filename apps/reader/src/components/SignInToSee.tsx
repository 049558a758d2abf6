/** What a signed-out visitor sees on a page of their own things: a way to sign in and come back. */
export function SignInToSee({ what, redirect }: { what: string; redirect: string }) {
  return (
    <main className="q-column q-error-page">
      <h1>Sign in to see {what}.</h1>
      <a className="q-button q-button-dark" href={`/m/signin?redirect=${encodeURIComponent(redirect)}`}>
        Sign in
      </a>
    </main>
  );
}
