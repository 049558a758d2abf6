// biome-ignore lint/style/noRestrictedImports: the one place the library's useMutation is taken
import { MutationObserver, QueryClient, useMutation as useLibraryMutation } from '@tanstack/react-query';

let idle: object | undefined;

/**
 * A mutation as the server's render shows it: idle (the state a browser's mutation starts in, so hydration
 * matches), with nothing to run; made once, from the library's own idle result.
 */
const idleMutation = () =>
  (idle ??= Object.freeze({
    ...new MutationObserver(new QueryClient(), {}).getCurrentResult(),
    mutate: () => {},
    mutateAsync: () => Promise.reject(new Error('No mutation runs during server rendering.')),
  }));

/**
 * React Query's useMutation in the browser. In the server's render no mutation can run, so it answers the idle
 * state without making an observer, a state hook and a subscription for every button of the page.
 */
export const useMutation: typeof useLibraryMutation =
  typeof window === 'undefined' ? (idleMutation as unknown as typeof useLibraryMutation) : useLibraryMutation;
