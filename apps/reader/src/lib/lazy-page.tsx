import { type ComponentType, createElement } from 'react';
import { lazyModule } from './lazy-module';

/*
 * Pages in their own chunks, so a story page loads no code of the search, profile or settings pages.
 * The server loads every page module once and renders synchronously, noting which lazy pages a render used;
 * it preloads their chunks in the HTML and lists them in the preloaded state, and the browser loads them
 * before hydrating, so the first client render matches the server's. Later pages load on first use.
 */

type Loader = ReturnType<typeof lazyModule<unknown>>;

/** Each lazy page by its id: the module path relative to the reader app, as Vite's manifest names it. */
const registry = new Map<string, Loader>();
let rendered: Set<string> | null = null;

/** A component of a module that loads on demand; `id` is the module's file, e.g. 'src/pages/PostPage.tsx'. */
export function lazyPage<M, P extends object>(
  id: string,
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  // Several components of one module share its loader: loading the id loads them all.
  const loader = (registry.get(id) ?? lazyModule(importer)) as ReturnType<typeof lazyModule<M>>;
  registry.set(id, loader as Loader);
  function LazyPage(props: P) {
    rendered?.add(id);
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

/** Loads every lazy page (the server, once, before its first render). */
export async function loadAllPages(): Promise<void> {
  await Promise.all([...registry.values()].map((loader) => loader.load()));
}

/** Loads the given pages (the browser, before hydrating what the server rendered). */
export async function loadPages(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => registry.get(id)?.load()));
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
