import { useEffect, useState } from 'react';

/**
 * A module in its own chunk, loaded once on demand: `load()` starts (or joins) the import, `use()` gives the
 * module to a component, re-rendering it once loaded (null until then).
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const load = (): Promise<T> => {
    loading ??= importer().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  function use(wanted = true): T | null {
    const [module, setModule] = useState<T | null>(loaded);
    useEffect(() => {
      if (module || !wanted) return;
      let live = true;
      load().then(
        (m) => live && setModule(m),
        // Spec §8 silent failures: a chunk that fails to load is reported and the feature stays closed.
        (error: unknown) => console.warn(error),
      );
      return () => {
        live = false;
      };
    }, [module, wanted]);
    return module;
  }
  /** The module when it has loaded, without waiting. */
  const peek = (): T | null => loaded;
  return { load, use, peek };
}
