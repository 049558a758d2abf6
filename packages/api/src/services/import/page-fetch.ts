import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { IMPORT_FETCH_TIMEOUT_MS, IMPORT_MAX_BYTES, IMPORT_MAX_REDIRECTS, importTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
// undici's major is Node's own (6 in Node 22): importing it installs its Agent as the global dispatcher that Node's
// fetch uses too (OAuth, captcha), and another major's Agent breaks that fetch.
import { Agent, fetch } from 'undici';

/**
 * How the server fetches from the web for a user (import's pages, images by address); tests inject a resolver,
 * or allow loopback to reach a local server. maxBytes is the page cap; an image's is the upload limit.
 */
export interface PageFetchSettings {
  /** Resolves a host name to its addresses (default: the system resolver, all addresses). */
  lookup: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Only for tests against a local server: private, loopback and link-local addresses are then allowed. */
  allowPrivateAddresses: boolean;
  /**
   * Only for tests: where the network delivers a connection to an address the guard checked (a pretend public
   * address routed to a local server). Unset, to that address.
   */
  route?: (address: string) => string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const defaultPageFetchSettings = (overrides: Partial<PageFetchSettings> = {}): PageFetchSettings => ({
  lookup: (host) => dnsLookup(host, { all: true, verbatim: true }),
  allowPrivateAddresses: false,
  timeoutMs: IMPORT_FETCH_TIMEOUT_MS,
  maxBytes: IMPORT_MAX_BYTES,
  maxRedirects: IMPORT_MAX_REDIRECTS,
  ...overrides,
});

/** Addresses no fetch may reach: private, loopback, link-local, shared, multicast and reserved ranges. */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address the server may not fetch (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

/** Why a guarded fetch refused: each caller words it (import's texts, image-by-address texts). */
export type FetchRefusalReason = 'badUrl' | 'blockedUrl' | 'fetchFailed' | 'wrongType' | 'tooLarge';

export class FetchRefusal extends Error {
  constructor(readonly reason: FetchRefusalReason) {
    super(`fetch refused: ${reason}`);
    this.name = 'FetchRefusal';
  }
}

/** What a caller of guardedFetch accepts. */
export interface FetchWanted {
  /** The request's Accept header. */
  accept: string;
  /** The response content types taken; any other is refused as wrongType. */
  contentType: RegExp;
  /** The largest body taken; a longer one is refused as tooLarge. */
  maxBytes: number;
  /** Ends the fetch early (fetchFailed), besides settings.timeoutMs: an import's deadline for its images. */
  signal?: AbortSignal;
}

/**
 * Refuses a URL that is not http(s), holds credentials, or names a blocked address itself. A host name is checked
 * where it is resolved, once, for the connection (`guardedLookup`).
 */
function checkTarget(url: URL, settings: PageFetchSettings): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusal('badUrl');
  if (url.username || url.password) throw new FetchRefusal('blockedUrl');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!settings.allowPrivateAddresses && isIP(host) && isBlockedAddress(host))
    throw new FetchRefusal('blockedUrl');
}

/**
 * The name lookup of a guarded fetch's connections: `settings.lookup`, refusing (blockedUrl) a name any of whose
 * addresses is blocked. The connection goes to an address this lookup checked: a name is resolved once, so one that
 * would answer a public address to a check and a private one to the connection (DNS rebinding) reaches nothing.
 */
function guardedLookup(settings: PageFetchSettings): LookupFunction {
  return (hostname, options, callback) => {
    settings.lookup(hostname).then(
      (addresses) => {
        const refused =
          !addresses.length ||
          (!settings.allowPrivateAddresses && addresses.some((a) => isBlockedAddress(a.address)));
        if (refused) return callback(new FetchRefusal('blockedUrl'), '', 0);
        const reached = addresses.map((a) => ({
          address: settings.route?.(a.address) ?? a.address,
          family: a.family,
        }));
        if (options.all) return callback(null, reached);
        callback(null, reached[0]!.address, reached[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Reads at most `max` bytes of a body; more is refused. */
async function readCapped(body: AsyncIterable<Uint8Array> | null, max: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > max) throw new FetchRefusal('tooLarge');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a resource from the web for a user: http(s) only, each hop's host resolved and refused when it is
 * private, loopback or link-local (SSRF), and its connection made only to an address so checked (`guardedLookup`),
 * at most a few redirects, a deadline, the caller's content types and size cap. Returns the final URL, the content
 * type and the body; refuses with a FetchRefusal.
 */
export async function guardedFetch(
  rawUrl: string,
  settings: PageFetchSettings,
  wanted: FetchWanted,
): Promise<{ url: string; contentType: string; body: Buffer }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefusal('badUrl');
  }
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = wanted.signal ? AbortSignal.any([timeout, wanted.signal]) : timeout;
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(settings) } });
  try {
    for (let hop = 0; ; hop++) {
      checkTarget(url, settings);
      const res = await fetch(url, {
        dispatcher,
        redirect: 'manual',
        signal,
        headers: { accept: wanted.accept, 'user-agent': 'Quire/1.0' },
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (hop >= settings.maxRedirects) throw new FetchRefusal('fetchFailed');
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new FetchRefusal('fetchFailed');
      }
      const contentType = res.headers.get('content-type') ?? '';
      if (!wanted.contentType.test(contentType)) {
        await res.body?.cancel();
        throw new FetchRefusal('wrongType');
      }
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > wanted.maxBytes) {
        await res.body?.cancel();
        throw new FetchRefusal('tooLarge');
      }
      return { url: url.toString(), contentType, body: await readCapped(res.body, wanted.maxBytes) };
    }
  } catch (e) {
    if (e instanceof FetchRefusal) throw e;
    // A connection the lookup refused fails the fetch with the refusal as its cause.
    if ((e as { cause?: unknown }).cause instanceof FetchRefusal) throw (e as { cause: FetchRefusal }).cause;
    throw new FetchRefusal('fetchFailed');
  } finally {
    void dispatcher.close();
  }
}

const PAGE_REFUSALS: Record<FetchRefusalReason, string> = {
  badUrl: importTexts.badUrl,
  blockedUrl: importTexts.blockedUrl,
  fetchFailed: importTexts.fetchFailed,
  wrongType: importTexts.notHtml,
  tooLarge: importTexts.tooLarge,
};

/** Fetches a web page to import (HTML, at most settings.maxBytes); refusals are 400s in import's words. */
export async function fetchPage(
  rawUrl: string,
  settings: PageFetchSettings,
): Promise<{ url: string; html: string }> {
  try {
    const page = await guardedFetch(rawUrl, settings, {
      accept: 'text/html,application/xhtml+xml;q=0.9',
      contentType: /^(text\/html|application\/xhtml\+xml)\b/i,
      maxBytes: settings.maxBytes,
    });
    return { url: page.url, html: page.body.toString('utf8') };
  } catch (e) {
    if (e instanceof FetchRefusal)
      throw new TRPCError({ code: 'BAD_REQUEST', message: PAGE_REFUSALS[e.reason] });
    throw e;
  }
}
