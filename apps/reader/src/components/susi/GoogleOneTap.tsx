import type { RouterOutputs } from '@quire/api';
import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '../../lib/hydrated';
import { lazyModule } from '../../lib/lazy-module';
import { useTRPC } from '../../trpc';

/** Spec §4 Google one-tap: the routes it may appear on. */
const ONE_TAP_ROUTES = new Set([
  'ShowHome',
  'ShowPost',
  'ShowPostUnderUser',
  'ShowPostUnderCollection',
  'ShowUser',
  'ShowSequenceLibrary',
  'ShowSequencePost',
  'ShowCollectionHome',
]);

/** Google's prompt and the register card, in a chunk of their own: only a site with one-tap set up loads them. */
const prompt = lazyModule(() => import('./OneTapPrompt'));

/**
 * Spec §4 Google one-tap for signed-out visitors: the credential's email is checked for availability; an
 * available email shows the register card, a known one goes straight to the Google sign-in.
 */
export function GoogleOneTap({ routeName }: { routeName: string }) {
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const allowedRoute = ONE_TAP_ROUTES.has(routeName);
  const options = useQuery(
    trpc.auth.options.queryOptions(undefined, {
      enabled: hydrated && allowedRoute,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
  const data: RouterOutputs['auth']['options'] | undefined = options.data;
  const clientId = data?.oneTap.enabled && data.providers.includes('google') ? data.oneTap.clientId : null;
  const Prompt = prompt.use(allowedRoute && !!clientId)?.OneTapPrompt;
  return Prompt && clientId ? <Prompt clientId={clientId} /> : null;
}
