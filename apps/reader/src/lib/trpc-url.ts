/** Where the tRPC endpoint answers (the client config's trpcUri), for the requests that must outlive the page. */
let base = '/trpc';

export function setTrpcBase(uri: string): void {
  base = uri.replace(/\/+$/, '');
}

/** The URL of one procedure called alone (no batching): its input is the request's JSON body. */
export const trpcUrl = (procedure: string): string => `${base}/${procedure}`;
