// The smallest hydrating page the reader's libraries allow (bench only, never shipped): the UI runtime
// (Preact, as the reader's build aliases React), the router (wouter), React Query and the tRPC client, each
// used once. `pnpm bench` reports its size beside the real post page's, so the JavaScript budget can be read
// against what the libraries alone weigh.

import type { AppRouter } from '@quire/api';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { hydrateRoot } from 'react-dom/client';
import { Route, Switch } from 'wouter';

const { TRPCProvider } = createTRPCContext<AppRouter>();
const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] });
const queryClient = new QueryClient();

function Page() {
  const { data } = useQuery({ queryKey: ['floor'], queryFn: () => 'floor' });
  return <p>{data}</p>;
}

hydrateRoot(
  document.getElementById('root')!,
  <QueryClientProvider client={queryClient}>
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      <Switch>
        <Route path="*" component={Page} />
      </Switch>
    </TRPCProvider>
  </QueryClientProvider>,
);
