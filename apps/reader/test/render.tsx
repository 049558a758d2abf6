import type { AppRouter } from '@quire/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TRPCProvider } from '../src/trpc';

// Rendering must not touch the network.
const client = createTRPCClient<AppRouter>({
  links: [() => () => observable((o) => o.error(new TRPCClientError('no network in this test')))],
});

/** Static markup of a node inside the query and tRPC providers the reader's components need. */
export function renderWithProviders(node: ReactNode): string {
  const queryClient = new QueryClient();
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {node}
      </TRPCProvider>
    </QueryClientProvider>,
  );
}
