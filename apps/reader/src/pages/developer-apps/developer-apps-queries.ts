import type { OAuthAuthorizeQuery } from '@quire/domain';
import type { useTRPC } from '../../trpc';

// The application pages' queries, apart from the pages: the route table prefetches them without loading the pages.

type Trpc = ReturnType<typeof useTRPC>;

/** The authorize request's parameters, from the page's query string (the first of each). */
export function authorizeQueryOf(query: URLSearchParams): OAuthAuthorizeQuery {
  const keys = [
    'client_id',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
    'code_challenge',
    'code_challenge_method',
  ] as const;
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = query.get(key);
      return value === null ? [] : [[key, value]];
    }),
  ) as OAuthAuthorizeQuery;
}

/** The queries of the application pages and the consent screen. */
export function developerAppQueries(trpc: Trpc) {
  return {
    list: () => trpc.oauth.list.queryOptions(undefined, { staleTime: 0 }),
    byId: (applicationId: string) =>
      trpc.oauth.byId.queryOptions({ applicationId }, { staleTime: 0, retry: false }),
    consent: (query: OAuthAuthorizeQuery) => trpc.oauth.consent.queryOptions(query, { retry: false }),
  };
}
