import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { authRouter } from './routers/auth';
import { flagsRouter } from './routers/flags';
import { postsRouter } from './routers/posts';
import { publicationsRouter } from './routers/publications';
import { viewerRouter } from './routers/viewer';
import { createCallerFactory, router } from './trpc';

/** Every tRPC router; the reader, editor and GraphQL shim all go through this one. */
export const appRouter = router({
  auth: authRouter,
  viewer: viewerRouter,
  posts: postsRouter,
  flags: flagsRouter,
  publications: publicationsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Calls procedures in-process (the GraphQL shim and server-side rendering use this). */
export const createCaller = createCallerFactory(appRouter);
