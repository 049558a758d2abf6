import { useEffect, useState } from 'react';

type AuthUi = typeof import('./ui');

let loaded: AuthUi | null = null;
let loading: Promise<AuthUi> | null = null;

/**
 * Loads the sign-in screens and account forms (their own chunk, with the zod schemas). The server awaits it
 * before rendering; the browser awaits it before hydrating a page that shows them (see `needsAuthUi`), and
 * otherwise when the modal opens or a Sign In / Sign up button is pointed at.
 */
export function loadAuthUi(): Promise<AuthUi> {
  loading ??= import('./ui').then((ui) => {
    loaded = ui;
    return ui;
  });
  return loading;
}

/** The loaded module, or null until it has loaded (then the component re-renders). */
export function useAuthUi(wanted = true): AuthUi | null {
  const [ui, setUi] = useState<AuthUi | null>(loaded);
  useEffect(() => {
    if (ui || !wanted) return;
    let live = true;
    loadAuthUi().then(
      (module) => live && setUi(module),
      (error: unknown) => console.warn(error),
    );
    return () => {
      live = false;
    };
  }, [ui, wanted]);
  return ui;
}
