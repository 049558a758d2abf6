import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { IMPORT_FETCH_TIMEOUT_MS, IMPORT_MAX_BYTES, IMPORT_MAX_REDIRECTS, importTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';

/** How an import fetches web pages; tests inject a resolver, or allow loopback to reach a local server. */
export interface PageFetchSettings {
  /** Resolves a host name to its addresses (default: the system resolver, all addresses). */
  lookup: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Only for tests against a local server: private, loopback and link-local addresses are then allowed. */
  allowPrivateAddresses: boolean;
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

/** Addresses no import may reach: private, loopback, link-local, shared, multicast and reserved ranges. */
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

/** True for an address an import may not fetch (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** Refuses a URL that is not http(s) or whose host resolves to any blocked address. */
async function checkTarget(url: URL, settings: PageFetchSettings): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(importTexts.badUrl);
  if (url.username || url.password) throw refuse(importTexts.blockedUrl);
  if (settings.allowPrivateAddresses) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await settings.lookup(host);
  } catch {
    throw refuse(importTexts.fetchFailed);
  }
  if (!addresses.length || addresses.some((a) => isBlockedAddress(a.address)))
    throw refuse(importTexts.blockedUrl);
}

/** Reads at most `max` bytes of a body; more is refused. */
async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > max) throw refuse(importTexts.tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Fetches a web page to import: http(s) only, each hop's host resolved and refused when it is private, loopback
 * or link-local (SSRF), at most a few redirects, a deadline and a size cap. Returns the final URL and the HTML.
 * (The connection resolves the name again; a host that changes its answer in between is a remaining gap.)
 */
export async function fetchPage(
  rawUrl: string,
  settings: PageFetchSettings,
): Promise<{ url: string; html: string }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refuse(importTexts.badUrl);
  }
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      await checkTarget(url, settings);
      const res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9', 'user-agent': 'QuireImport/1.0' },
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (hop >= settings.maxRedirects) throw refuse(importTexts.fetchFailed);
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw refuse(importTexts.fetchFailed);
      }
      const type = res.headers.get('content-type') ?? '';
      if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
        await res.body?.cancel();
        throw refuse(importTexts.notHtml);
      }
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > settings.maxBytes) {
        await res.body?.cancel();
        throw refuse(importTexts.tooLarge);
      }
      return { url: url.toString(), html: await readCapped(res.body, settings.maxBytes) };
    }
  } catch (e) {
    if (e instanceof TRPCError) throw e;
    throw refuse(importTexts.fetchFailed);
  }
}
