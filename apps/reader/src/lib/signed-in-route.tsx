import type { ReactNode } from 'react';
import { SignInToSee } from '../components/SignInToSee';
import type { PageProps, PageRoute } from '../routes';

/** The tRPC error code of a failed call, whether the server called the router directly or over HTTP. */
function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; data?: { code?: unknown } } | null;
  const code = e?.data?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Loads a signed-in page's query; a visitor's page asks them to sign in (200), a missing thing is a 404. */
export async function prefetchSignedIn(load: () => Promise<unknown>): Promise<number> {
  try {
    await load();
    return 200;
  } catch (error) {
    return errorCode(error) === 'UNAUTHORIZED' ? 200 : 404;
  }
}

/**
 * A signed-in page: a visitor is asked to sign in and brought back. `server.head` is given as an object literal's
 * field where the route is defined, so the client build leaves it (and the texts only its title uses) out.
 */
export function signedInRoute(
  path: string,
  name: string,
  what: string,
  server: Pick<PageRoute, 'head'>,
  page: (props: PageProps) => ReactNode,
  prefetch: PageRoute['prefetch'],
): PageRoute {
  return {
    path,
    name,
    render: (props) =>
      props.viewer ? page(props) : <SignInToSee what={what} redirect={concretePath(path, props.params)} />,
    prefetch,
    head: server.head,
  };
}

/** A route pattern with its params filled in: where a visitor returns after signing in. */
function concretePath(pattern: string, params: PageProps['params']): string {
  return pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
