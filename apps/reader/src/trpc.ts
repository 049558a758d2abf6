import type { AppRouter } from '@quire/api';
import { createTRPCContext, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';

/** Typed React Query hooks over the tRPC routers (types only: no server code reaches the bundle). */
const context = createTRPCContext<AppRouter>();
export const { TRPCProvider, useTRPCClient } = context;

/** What `mutationOptions()` gives in the server's render, where `useMutation` makes nothing of it (lib/mutation.ts). */
const NO_MUTATION_OPTIONS = Object.freeze({});
const noMutationOptions = () => NO_MUTATION_OPTIONS;

/**
 * The options proxy with each step of a path made once per render (the library makes a proxy at every step of
 * every `trpc.a.b.queryOptions(…)`), and `mutationOptions()` answering nothing: no mutation runs on the server.
 */
function serverProxy<T extends object>(node: T): T {
  const steps = new Map<PropertyKey, unknown>();
  return new Proxy(node, {
    get(target, key) {
      if (key === 'mutationOptions') return noMutationOptions;
      let step = steps.get(key);
      if (step === undefined) {
        const value = Reflect.get(target, key);
        step = typeof value === 'function' ? serverProxy(value) : value;
        steps.set(key, step);
      }
      return step;
    },
  });
}

const serverProxies = new WeakMap<object, TRPCOptionsProxy<AppRouter>>();

function useServerTRPC(): TRPCOptionsProxy<AppRouter> {
  const trpc = context.useTRPC();
  let proxy = serverProxies.get(trpc);
  if (!proxy) {
    proxy = serverProxy(trpc);
    serverProxies.set(trpc, proxy);
  }
  return proxy;
}

/** The options proxy of the page's TRPCProvider; in the server's render, `serverProxy` over it. */
export const useTRPC: () => TRPCOptionsProxy<AppRouter> =
  typeof window === 'undefined' ? useServerTRPC : context.useTRPC;
