import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CustomDomain, type Orm, User } from '@quire/db';
import { isSiteFilePath, PRODUCT_NAME, userUrl } from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { listenForCachePurges } from './cache-purge';
import type { ServerConfig } from './config';
import { LocalDiskMediaStore, type MediaStore } from './media-store';

/*
 * Host routing (spec §2 URL shapes).
 *
 * Approach: an onRequest hook resolves the Host header (cached in-process) and, for a page GET on a user's
 * or publication's own host, puts the stripped prefix back (`/{postSlug}` → `/{collectionSlug}/{postSlug}`
 * or `/@{username}/{postSlug}`). Fastify has already routed the request when onRequest runs, so the hook
 * re-dispatches it: it rewrites the raw URL, hijacks the first reply and hands the raw request back to
 * `app.routing`, which routes the new URL through the full lifecycle (hooks included; the second pass is
 * marked so it is not rewritten twice). Page GETs carry no body, so nothing is lost. This keeps the lookup
 * asynchronous (no need for a synchronous host map in the constructor's `rewriteUrl`) and app.ts changes by
 * one call.
 */

/** Not from the spec: the answer on a host that is neither ours nor a live custom domain. */
export const hostTexts = {
  notConnected: `This domain is not connected to ${PRODUCT_NAME}.`,
  noPublication: 'No such publication.',
};

export type HostEntity =
  | { kind: 'main' }
  | { kind: 'user'; username: string; userId: string; name?: string }
  | { kind: 'collection'; slug: string; collectionId: string; name?: string };

/** Paths served the same on every host: assets, media, the API, internal endpoints, legacy ids. */
const PASS_THROUGH = ['/static/', '/media/', '/trpc', '/_/', '/m/', '/u/'];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The lower-cased host name of a Host header, without the port. */
export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0]!.replace(/\.$/, '');
}

const mainHostnameOf = (config: Pick<ServerConfig, 'publicUrl'>) => new URL(config.publicUrl).hostname;

/**
 * Which site a Host header belongs to: the main host (PUBLIC_URL's, or localhost), a LIVE custom domain
 * (a user's or a publication's; it wins over a subdomain), or `{username}.{main host}` for a user with
 * hasSubdomain. Null: the host is not connected.
 */
export async function resolveHost(
  em: EntityManager,
  hostHeader: string | undefined,
  config: Pick<ServerConfig, 'publicUrl'>,
): Promise<HostEntity | null> {
  const hostname = hostnameOf(hostHeader);
  const main = mainHostnameOf(config);
  if (!hostname || hostname === main || LOCAL_HOSTS.has(hostname)) return { kind: 'main' };

  const custom = await em.findOne(
    CustomDomain,
    { domain: hostname, status: 'LIVE' },
    { populate: ['user', 'collection'] },
  );
  if (custom?.collection) {
    const { slug, id, name } = custom.collection;
    return { kind: 'collection', slug, collectionId: id, name };
  }
  if (custom?.user?.username) {
    return { kind: 'user', username: custom.user.username, userId: custom.user.id, name: custom.user.name };
  }

  for (const parent of new Set([main, 'localhost'])) {
    if (!hostname.endsWith(`.${parent}`)) continue;
    const label = hostname.slice(0, -(parent.length + 1));
    // A label no username could be (the column holds 50 characters) is not looked up.
    if (!/^[a-z0-9_-]{1,50}$/.test(label)) continue;
    // Host names are lower-case; usernames keep their case and are unique without it.
    const username = { $ilike: label.replace(/[\\%_]/g, (c) => `\\${c}`) };
    const user = await em.findOne(User, { username, hasSubdomain: true });
    if (user?.username) return { kind: 'user', username: user.username, userId: user.id, name: user.name };
  }
  return null;
}

/**
 * A small in-process cache of host lookups (unknown hosts included), with one lookup per host at a time. Cache
 * purges (cache-purge.ts, from every process) drop what they name, so a domain going live or removed, or a
 * subdomain turned on or off, is served accordingly at once: `host-{hostname}`, `subdomain-{username}` (any
 * `{username}.…` host), `user-{id}` and `collection-{id}` (the hosts resolved to them).
 */
export class HostCache {
  private readonly entries = new Map<string, { value: HostEntity | null; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<HostEntity | null>>();
  /** Bumped by each purge: a lookup that started before one is answered but not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1000,
  ) {}

  async get(hostname: string, load: () => Promise<HostEntity | null>): Promise<HostEntity | null> {
    const hit = this.entries.get(hostname);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    let inflight = this.pending.get(hostname);
    if (!inflight) {
      const generation = this.generation;
      inflight = load()
        .then((value) => {
          if (generation !== this.generation) return value;
          this.entries.delete(hostname);
          if (this.entries.size >= this.maxEntries) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
          this.entries.set(hostname, { value, expiresAt: Date.now() + this.ttlMs });
          return value;
        })
        .finally(() => {
          if (this.pending.get(hostname) === inflight) this.pending.delete(hostname);
        });
      this.pending.set(hostname, inflight);
    }
    return inflight;
  }

  /** Drops the hosts a purge tag names (see the class comment); other tags name no host. */
  purgeTag(tag: string): void {
    const dash = tag.indexOf('-');
    const kind = tag.slice(0, dash);
    const id = tag.slice(dash + 1);
    if (dash < 1 || !['host', 'subdomain', 'user', 'collection'].includes(kind)) return;
    this.generation += 1;
    this.pending.clear();
    for (const [hostname, { value }] of this.entries) {
      const named =
        (kind === 'host' && hostname === id) ||
        (kind === 'subdomain' && hostname.startsWith(`${id}.`)) ||
        (kind === 'user' && value?.kind === 'user' && value.userId === id) ||
        (kind === 'collection' && value?.kind === 'collection' && value.collectionId === id);
      if (named) this.entries.delete(hostname);
    }
  }
}

/** Spec §2: the path a page on a user's or publication's own host stands for on the main host. */
export function pathForHost(url: string, entity: HostEntity): string {
  if (entity.kind === 'main') return url;
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  const search = query < 0 ? '' : url.slice(query);
  if (PASS_THROUGH.some((prefix) => pathname.startsWith(prefix))) return url;
  if (entity.kind === 'collection' && pathname === '/favicon.ico') {
    return `/_/favicon/${encodeURIComponent(entity.slug)}${search}`;
  }
  if (isSiteFilePath(pathname)) return url;
  const prefix =
    entity.kind === 'collection'
      ? `/${encodeURIComponent(entity.slug)}`
      : `/@${encodeURIComponent(entity.username)}`;
  // Already the full path (a link built for the main host): leave it.
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return url;
  return `${pathname === '/' ? prefix : prefix + pathname}${search}`;
}

// ---------------------------------------------------------------------------------------------------------
// Favicons (spec §4)
// ---------------------------------------------------------------------------------------------------------

export const FAVICON_COLOURS: Record<ServerConfig['NODE_ENV'], string> = {
  development: '#c2410c',
  test: '#6d28d9',
  production: '#191919',
};

/** The letter Q drawn as shapes (no fonts needed) on the environment's colour. */
export function defaultFaviconSvg(env: ServerConfig['NODE_ENV']): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="12" fill="${FAVICON_COLOURS[env]}"/>
<circle cx="31" cy="30" r="15" fill="none" stroke="#fff" stroke-width="7"/>
<line x1="36" y1="36" x2="49" y2="50" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
</svg>`;
}

/** An ICO file holding PNG images (every current browser reads PNG-in-ICO). */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function defaultFavicon(env: ServerConfig['NODE_ENV']): Promise<Buffer> {
  const svg = Buffer.from(defaultFaviconSvg(env));
  const images = await Promise.all(
    [16, 32, 64].map(async (size) => ({ size, png: await sharp(svg).resize(size, size).png().toBuffer() })),
  );
  return icoFromPngs(images);
}

export const FAVICON_CACHE = 'public, max-age=604800';
const FAVICON_SIDE = 128;

// ---------------------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------------------

const REWRITTEN = Symbol('quire.hostRewritten');
const SITE = Symbol('quire.site');
type MarkedRequest = { [REWRITTEN]?: true; [SITE]?: HostEntity };

/** The site a request was routed to: the main host, or a user's or publication's own host. */
export function siteOf(req: FastifyRequest): HostEntity {
  return (req.raw as MarkedRequest)[SITE] ?? { kind: 'main' };
}

/** Host routing, `/u/{id}` redirects and favicons; register before any other onRequest hook that replies. */
export function registerHostRouting(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  store: MediaStore = new LocalDiskMediaStore(path.join(config.DATA_DIR, 'media')),
) {
  const hosts = new HostCache();
  const mainHostname = mainHostnameOf(config);
  // Every process hears the purges, so a change is served at once everywhere (see HostCache).
  const purges = listenForCachePurges(String(orm.config.get('clientUrl')), hosts, (m) => app.log.warn(m));
  app.addHook('onReady', () => purges.ready);
  app.addHook('onClose', () => purges.stop());

  app.addHook('onRequest', async (req, reply) => {
    if ((req.raw as MarkedRequest)[REWRITTEN]) return;
    const url = req.url;
    if (PASS_THROUGH.some((prefix) => url.startsWith(prefix))) return;
    const hostname = hostnameOf(req.host);
    if (!hostname || hostname === mainHostname || LOCAL_HOSTS.has(hostname)) return;

    const entity = await hosts.get(hostname, () => resolveHost(orm.em.fork(), hostname, config));
    if (!entity) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(hostTexts.notConnected);
    }
    (req.raw as MarkedRequest)[SITE] = entity;
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const target = pathForHost(url, entity);
    if (target === url) return;
    // Route the request again under its main-host path (see the note at the top of the file).
    req.raw.url = target;
    (req.raw as MarkedRequest)[REWRITTEN] = true;
    reply.hijack();
    app.routing(req.raw, reply.raw);
  });

  // Spec §2: /u/{id} is the id form of a profile URL; it answers the canonical profile URL.
  app.get<{ Params: { id: string } }>('/u/:id', async (req, reply) => {
    const em = orm.em.fork();
    const user = await em.findOne(User, { id: req.params.id });
    if (!user?.username) return reply.callNotFound();
    const custom = await em.findOne(CustomDomain, { user: user.id, status: 'LIVE' });
    const publicUrl = new URL(config.publicUrl);
    const target = userUrl({
      id: user.id,
      username: user.username,
      hasSubdomain: user.hasSubdomain,
      customDomain: custom?.domain ?? null,
      host: publicUrl.host,
      protocol: publicUrl.protocol === 'http:' ? 'http' : 'https',
    });
    const query = req.url.indexOf('?');
    return reply.redirect(query < 0 ? target : target + req.url.slice(query), 301);
  });

  // Spec §4 Favicon: the environment's default, drawn once at start.
  const fallback = defaultFavicon(config.NODE_ENV);
  fallback.catch((error) => app.log.error({ err: error }, 'could not draw the default favicon'));
  const sendDefault = async (reply: FastifyReply) =>
    reply
      .type('image/x-icon')
      .header('cache-control', FAVICON_CACHE)
      .send(await fallback);

  app.get('/favicon.ico', async (_req, reply) => sendDefault(reply));

  // Spec §4 Favicon: a publication's own favicon as a 128×128 crop, or the default when it has none.
  const rendered = new Map<string, Buffer>();
  app.get<{ Params: { slug: string } }>('/_/favicon/:slug', async (req, reply) => {
    const em = orm.em.fork();
    const slug = req.params.slug;
    const collection = await em.findOne(Collection, { $or: [{ slug }, { domain: slug.toLowerCase() }] });
    if (!collection) return reply.code(404).send({ error: { message: hostTexts.noPublication } });
    const id = collection.faviconId;
    if (!id || id.includes('..') || id.includes('/')) return sendDefault(reply);
    let png = rendered.get(id);
    if (!png) {
      const original = await store.get(id);
      if (!original) return sendDefault(reply);
      try {
        png = await sharp(original, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize(FAVICON_SIDE, FAVICON_SIDE, { fit: 'cover', position: 'centre' })
          .png()
          .toBuffer();
      } catch {
        return sendDefault(reply);
      }
      if (rendered.size >= 200) rendered.clear();
      rendered.set(id, png);
    }
    return reply.type('image/png').header('cache-control', FAVICON_CACHE).send(png);
  });
}
