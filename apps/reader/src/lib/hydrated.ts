import { createContext, useContext } from 'react';

/**
 * Whether the page has hydrated, for the parts only the browser renders. App flips it in a transition after
 * hydration commits, so that second render yields to the browser; the client store's `hydrated` flag (spec §3)
 * is a subscription that would re-render every reader of it in one blocking task.
 */
export const HydratedContext = createContext(false);

export const useHydrated = (): boolean => useContext(HydratedContext);
