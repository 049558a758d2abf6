import type { AppRouter } from '@quire/api';
import { useQuery } from '@tanstack/react-query';
import { createTRPCContext } from '@trpc/tanstack-react-query';

/**
 * The typed React hooks over Quire's routers, as the reader makes them (apps/reader/src/trpc.ts): wrap the app in
 * `<QueryClientProvider>` and `<TRPCProvider trpcClient={…} queryClient={…}>`, then ask `useTRPC()` for query options.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** A list of the newest stories: the query's input and its data are typed from the router. */
export function LatestStories({ limit = 5 }: { limit?: number }) {
  const trpc = useTRPC();
  const latest = useQuery(trpc.posts.latest.queryOptions({ limit }));
  if (!latest.data) return <p>Loading…</p>;
  return (
    <ul>
      {latest.data.posts.map((story) => (
        <li key={story.id}>
          <a href={story.mediumUrl}>{story.title}</a>
        </li>
      ))}
    </ul>
  );
}
