import type { AppRouter, RouterOutputs } from '@quire/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';

/** A story as `posts.latest` answers it: the router's own output type, so a changed procedure fails the build. */
export type LatestStory = RouterOutputs['posts']['latest']['posts'][number];

/**
 * A typed tRPC client for a Node service: `baseUrl` is Quire's origin (the API answers at `/trpc`). Calls are
 * batched into one request per tick, as the reader's are. Procedures that change something also need the session
 * cookie and its `x-xsrf-token` header, which `headers` can add.
 */
export function quireClient(baseUrl: string, headers: () => Record<string, string> = () => ({})) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${baseUrl.replace(/\/+$/, '')}/trpc`, headers })],
  });
}

/** The titles of the newest stories, e.g. for a digest service. */
export async function latestTitles(baseUrl: string, limit = 5): Promise<string[]> {
  const page = await quireClient(baseUrl).posts.latest.query({ limit });
  return page.posts.map((story: LatestStory) => story.title);
}
