import type { DehydratedState } from '@tanstack/react-query';
import type { SearchScope } from './components/SearchBox';

/** Spec §3 client config: what the server tells the browser app at start. */
export interface ClientConfig {
  productName: string;
  authDomain: string;
  /** Where the GraphQL shim answers (spec §5: startup fails without it). */
  graphqlUri: string;
  trpcUri: string;
  /** Favicon set of this environment (spec §4 favicon). */
  faviconEnvironment: 'development' | 'production' | 'test';
  logLevel: number;
  imageUploadMaxSizeMb: number;
  /** Spec §3 client config: the search service's app id, search-only key, index prefix and host. */
  search: { appId: string; key: string; indexPrefix: string; host: string };
}

/** Everything the server injects into the page for hydration. */
export interface PreloadedState {
  config: ClientConfig;
  /** React Query cache as the server left it after rendering. */
  queries: DehydratedState;
  viewer: {
    id: string;
    name: string;
    username: string;
    imageId: string | null;
    email: string | null;
    /** False while the address is unverified (spec §8 'Verify your email to get full access…'). */
    emailVerified: boolean;
    isMember: boolean;
    /** A former member (spec §4: the upgrade prompt offers Resume Membership). */
    hasPastMemberships: boolean;
    /** Whether the account has a password (a link-only account sets one without a current password). */
    hasPassword: boolean;
    /** Spec §4 Toasts USER_SUSPENDED: the account is suspended. */
    isSuspended: boolean;
    /** Spec §3 dismissableFlags: the popovers this user dismissed, so the first render already leaves them out. */
    dismissableFlags: string[];
  } | null;
  /** The visitor's country (ISO alpha-2) from the edge geolocation header, for the EU privacy banner. */
  country: string | null;
  /** HTTP status the server answered with (404 pages hydrate as 404 pages). */
  status: number;
  /**
   * The site the page is served on: the main host, or a publication's or writer's own host (custom domain
   * or subdomain), whose pages show the legacy bar unless the global navigation is enabled there (spec §2, §6
   * enable_global_nav_on_legacy_lite).
   */
  site: SiteInfo;
  /** The lazily loaded page modules the server rendered; the browser loads them before hydrating. */
  pages: string[];
  /** The search box's scope on the path the server rendered (spec §2 scoped search). */
  search?: { path: string; scope: SearchScope | null };
}

export type SiteInfo =
  | { kind: 'main' }
  | {
      kind: 'collection' | 'user';
      name: string;
      legacyBar: boolean;
      /** The main (auth) domain's origin: links to pages that are not this site's go there. */
      mainOrigin: string;
    };
export const MAIN_SITE: SiteInfo = { kind: 'main' };

export const PRELOADED_STATE_ID = '__QUIRE_STATE__';

/** Spec §5 startup failures: the client refuses to start without its preloaded state, GraphQL URI or query state. */
export function readPreloadedState(doc: Document): PreloadedState {
  const el = doc.getElementById(PRELOADED_STATE_ID);
  if (!el?.textContent) throw new Error('Quire cannot start: the preloaded state is missing.');
  const state = JSON.parse(el.textContent) as PreloadedState;
  if (!state.config?.graphqlUri) throw new Error('Quire cannot start: the GraphQL URI is missing.');
  // The query cache the server rendered with (the spec's "Apollo state"): without it hydration cannot match.
  if (!state.queries || !Array.isArray(state.queries.queries)) {
    throw new Error('Quire cannot start: the query cache state is missing.');
  }
  return state;
}
