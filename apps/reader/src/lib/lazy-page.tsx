import { type ComponentType, createElement } from 'react';
import { lazyModule } from './lazy-module';

/*
 * Pages in their own chunks, so a story page loads no code of the search, profile or settings pages.
 * The server loads every page module once and renders synchronously, noting which lazy pages a render used;
 * it preloads their chunks in the HTML and lists them in the preloaded state, and the browser loads them
 * before hydrating, so the first client render matches the server's. Later pages load on first use.
 * Route modules load the same way (lib/lazy-route-group.tsx), and register their own pages when they load.
 */

type Loader = ReturnType<typeof lazyModule<unknown>>;

/** Each lazy module by its id: the module path relative to the reader app, as Vite's manifest names it. */
const registry = new Map<string, Loader>();
let rendered: Set<string> | null = null;

/** The loader of a lazily loaded module, one per id: several components of one module share it. */
export function registeredModule<M>(id: string, importer: () => Promise<M>) {
  const loader = (registry.get(id) ?? lazyModule(importer)) as ReturnType<typeof lazyModule<M>>;
  registry.set(id, loader as Loader);
  return loader;
}

/** Notes that the render in progress (if the server is collecting) used the module `id`. */
export function markRendered(id: string): void {
  rendered?.add(id);
}

/** A component of a module that loads on demand; `id` is the module's file, e.g. 'src/pages/PostPage.tsx'. */
export function lazyPage<M, P extends object>(
  id: string,
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const loader = registeredModule(id, importer);
  function LazyPage(props: P) {
    markRendered(id);
    const module = loader.use();
    // Not loaded yet (a later client-side page): nothing until the chunk arrives, then the page.
    return module ? createElement(pick(module), props) : null;
  }
  LazyPage.displayName = `LazyPage(${id})`;
  return LazyPage;
}

// A component's props; one that takes none gets an empty object.
type PropsOf<C> = C extends (props: infer P) => unknown
  ? P extends object
    ? P
    : Record<string, never>
  : never;

/** `lazyPage` for several components of one module: `pages('TopicsPage')`. */
export function lazyPages<M>(id: string, importer: () => Promise<M>) {
  return <K extends keyof M>(name: K) =>
    lazyPage(id, importer, (module: M) => module[name] as unknown as ComponentType<PropsOf<M[K]>>);
}

/** Every registered page module's id. */
export const lazyPageIds = (): string[] => [...registry.keys()];

/** Loads every lazy module (the server, once, before its first render), those the loaded ones register included. */
export async function loadAllPages(): Promise<void> {
  await loadPages(() => [...registry.keys()]);
}

/**
 * Loads the given modules (the browser, before hydrating what the server rendered). A page of a route module is
 * registered only once its route module has loaded, so the ids are tried again until no new one can load.
 */
export async function loadPages(ids: readonly string[] | (() => readonly string[])): Promise<void> {
  const wanted = typeof ids === 'function' ? ids : () => ids;
  const started = new Set<string>();
  for (;;) {
    const next = wanted().filter((id) => !started.has(id) && registry.has(id));
    if (next.length === 0) return;
    for (const id of next) started.add(id);
    await Promise.all(next.map((id) => registry.get(id)!.load()));
  }
}

/** Runs a synchronous render and returns which lazy pages it used. */
export function collectPages<T>(render: () => T): { result: T; pages: string[] } {
  rendered = new Set();
  try {
    const result = render();
    return { result, pages: [...rendered] };
  } finally {
    rendered = null;
  }
}
