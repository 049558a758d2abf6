import type { AppRouter } from '@quire/api';
import { createTRPCContext } from '@trpc/tanstack-react-query';

/** Typed React Query hooks over the tRPC routers (types only: no server code reaches the bundle). */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
