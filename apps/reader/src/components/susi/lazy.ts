import { lazyModule } from '../../lib/lazy-module';

/**
 * The sign-in screens and account forms (their own chunk, with the zod schemas). The server awaits it
 * before rendering; the browser awaits it before hydrating a page that shows them (see `needsAuthUi`), and
 * otherwise when the modal opens or a Sign In / Sign up button is pointed at.
 */
const authUi = lazyModule(() => import('./ui'));

export const loadAuthUi = authUi.load;

/** The loaded module, or null until it has loaded (then the component re-renders). */
export const useAuthUi = authUi.use;
