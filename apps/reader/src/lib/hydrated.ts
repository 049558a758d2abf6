import { useClientStore } from '@quire/client-state';
import {
  createContext,
  createElement,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from 'react';
import { pageHydrated } from './hydrate-later';

/**
 * Whether the page has hydrated, for the parts only the browser renders. `HydratedProvider` flips it after
 * hydration commits; the client store's `hydrated` flag (spec §3) is a subscription that would re-render every
 * reader of it in one blocking task.
 */
export const HydratedContext = createContext(false);

export const useHydrated = (): boolean => useContext(HydratedContext);

/**
 * Effects run only in the browser, after hydration commits: then the browser-only parts render, and once they
 * are committed the page is marked interactive (`data-hydrated` on `<html>`). Only the readers of the context
 * render again: the page under the provider is the same element, so nothing else is rendered a second time.
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const markHydrated = useClientStore((s) => s.markHydrated);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (!hydrated) {
      pageHydrated();
      startTransition(() => setHydrated(true));
      return;
    }
    markHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, [hydrated, markHydrated]);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}
