import type { AppRouter } from '@quire/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { TRPCProvider } from '../src/trpc';

// Rendering must not touch the network.
const client = createTRPCClient<AppRouter>({
  links: [() => () => observable((o) => o.error(new TRPCClientError('no network in this test')))],
});

/**
 * Static markup of a node inside the query and tRPC providers the reader's components need; `seed` puts
 * query results in the cache first, as the server's prefetch would.
 */
export function renderWithProviders(
  node: ReactNode,
  seed?: (trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient) => void,
  location = '/',
): string {
  const queryClient = new QueryClient();
  seed?.(createTRPCOptionsProxy<AppRouter>({ client, queryClient }), queryClient);
  return renderToStaticMarkup(
    <Router ssrPath={location}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={client} queryClient={queryClient}>
          {node}
        </TRPCProvider>
      </QueryClientProvider>
    </Router>,
  );
}
