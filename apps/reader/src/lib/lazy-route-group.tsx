import type { PageProps, PageRoute } from '../routes';
import { markRendered, registeredModule } from './lazy-page';

/** A route's pattern and name as the route index lists them (route-index.gen.ts). */
export type IndexedRoute = readonly [path: string, name: string];

/**
 * The routes of a module that loads on demand, matched before it loads: the route index gives their patterns
 * and names, in the module's order, and each stands for the module's route at the same place. Rendering one
 * loads the module (the server loads every module before it renders, the browser those the server's page used
 * before it hydrates: see lib/lazy-page.tsx); the route's data loading waits for it; its head, edge cache kind,
 * sign-in screens and dispatch are the loaded route's.
 */
export function lazyRouteGroup(
  id: string,
  load: () => Promise<PageRoute[]>,
  index: readonly IndexedRoute[],
): PageRoute[] {
  const loader = registeredModule(id, load);
  const loaded = (at: number): PageRoute | undefined => loader.peek()?.[at];
  return index.map(([path, name], at) => {
    function LazyRoute(props: PageProps) {
      markRendered(id);
      const routes = loader.use();
      // Not loaded yet (a later client-side page): nothing until the chunk arrives, then the page.
      return routes ? routes[at]!.render(props) : null;
    }
    LazyRoute.displayName = `LazyRoute(${name})`;
    return {
      path,
      name,
      render: (props) => <LazyRoute {...props} />,
      prefetch: async (ctx, params) => {
        const route = (await loader.load())[at]!;
        return route.prefetch ? route.prefetch(ctx, params) : 200;
      },
      get head() {
        return loaded(at)?.head;
      },
      get edgeCachePage() {
        return loaded(at)?.edgeCachePage;
      },
      get authUi() {
        return loaded(at)?.authUi;
      },
      get dispatch() {
        return loaded(at)?.dispatch;
      },
    };
  });
}
