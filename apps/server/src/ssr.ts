import { createHash } from 'node:crypto';
import { allows, appRouter, dismissedFlags, hasMembership, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import {
  edgeCacheDecision,
  errorPageTexts,
  type MembershipCurrency,
  type PlanPeriod,
  PRODUCT_NAME,
  planCode,
} from '@quire/domain';
import {
  BOOT_DATA_ID,
  BOOT_SCRIPT,
  type BootData,
  type ClientConfig,
  createServerQueryClient,
  type PageHead,
  PRELOADED_STATE_ID,
  type PreloadedState,
  pageReadsReaderSets,
  render,
  renderErrorPage,
} from '@quire/reader/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageAssets } from './assets';
import { planSettings, type ServerConfig } from './config';
import { contextFor, SESSION_COOKIE } from './context';
import { createFlagCache } from './flag-cache';
import { isUnavailable } from './health';
import { siteOf } from './hosts';
import { escapeHtml } from './html';
import { OSD_PATH } from './osd';
import {
  type CachedPage,
  compressedForOne,
  encodedBody,
  type PageCache,
  pageEncodingFor,
} from './page-cache';
import { siteIconTags } from './site-files';

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/** JSON safe to embed in a <script type="application/json"> block, escaped in one pass over the text. */
const embedJson = (value: unknown) =>
  JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => SCRIPT_ESCAPES[c]!);

/** Spec §3 client config payment plan ids and grace period in days, with each plan's price in cents. */
export interface MembershipClientConfig {
  paymentPlans: { id: string; period: PlanPeriod; currency: MembershipCurrency; amount: number }[];
  gracePeriodDays: number;
}

export function clientConfig(config: ServerConfig): ClientConfig & { membership: MembershipClientConfig } {
  return {
    productName: PRODUCT_NAME,
    authDomain: new URL(config.publicUrl).host,
    graphqlUri: '/_/graphql',
    trpcUri: '/trpc',
    faviconEnvironment: config.NODE_ENV,
    logLevel: config.NODE_ENV === 'production' ? 40 : 30,
    imageUploadMaxSizeMb: config.IMAGE_UPLOAD_MAX_SIZE_MB,
    search: {
      appId: config.SEARCH_APP_ID,
      key: config.SEARCH_API_KEY,
      indexPrefix: config.SEARCH_INDEX_PREFIX,
      host: config.publicUrl,
    },
    membership: {
      paymentPlans: planSettings(config).map((p) => ({
        id: planCode(p.period, p.currency),
        period: p.period,
        currency: p.currency,
        amount: p.amount,
      })),
      gracePeriodDays: config.MEMBERSHIP_GRACE_PERIOD_DAYS,
    },
  };
}

/** One head tag of a page: a meta property or name, a link, or a JSON-LD block. */
export type HeadTag =
  | { property: string; content: string }
  | { name: string; content: string }
  | { rel: string; href: string; type?: string; title?: string; sizes?: string }
  | { jsonLd: Record<string, unknown> };

const headTagHtml = (tag: HeadTag): string => {
  if ('jsonLd' in tag) return `<script type="application/ld+json">${embedJson(tag.jsonLd)}</script>`;
  if ('rel' in tag) {
    const type = tag.type ? ` type="${escapeHtml(tag.type)}"` : '';
    const title = tag.title ? ` title="${escapeHtml(tag.title)}"` : '';
    const sizes = tag.sizes ? ` sizes="${escapeHtml(tag.sizes)}"` : '';
    return `<link rel="${escapeHtml(tag.rel)}"${type}${title}${sizes} href="${escapeHtml(tag.href)}">`;
  }
  if ('property' in tag) {
    return `<meta property="${escapeHtml(tag.property)}" content="${escapeHtml(tag.content)}">`;
  }
  return `<meta name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`;
};

/** A page head's RSS feed link (`<link rel="alternate" type="application/rss+xml">`), when it has a feed. */
const feedTags = (head: PageHead, publicUrl: string): HeadTag[] =>
  head.feed
    ? [
        {
          rel: 'alternate',
          type: 'application/rss+xml',
          title: head.feed.title,
          href: `${publicUrl}${head.feed.path}`,
        },
      ]
    : [];

/** On every page: the OpenSearch description (browsers' site search, see osd.ts), then the page's feed. */
const siteTags = (head: PageHead, publicUrl: string): HeadTag[] => [
  {
    rel: 'search',
    type: 'application/opensearchdescription+xml',
    title: PRODUCT_NAME,
    href: `${publicUrl}${OSD_PATH}`,
  },
  ...feedTags(head, publicUrl),
];

/**
 * A page head's sharing tags: OpenGraph, Twitter card, canonical link, and for a story its oEmbed link and a
 * JSON-LD Article; and its RSS feed's link.
 */
export function pageHeadTags(head: PageHead, publicUrl: string): HeadTag[] {
  if (!head.canonicalPath) return siteTags(head, publicUrl);
  const url = `${publicUrl}${head.canonicalPath}`;
  const image = head.image ? new URL(head.image, `${publicUrl}/`).toString() : undefined;
  const tags: HeadTag[] = [
    { rel: 'canonical', href: head.canonicalUrl ?? url },
    ...siteTags(head, publicUrl),
  ];
  if (head.title) tags.push({ property: 'og:title', content: head.title });
  if (head.description) tags.push({ property: 'og:description', content: head.description });
  tags.push({ property: 'og:type', content: head.type ?? 'website' }, { property: 'og:url', content: url });
  if (image) tags.push({ property: 'og:image', content: image });
  tags.push({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  if (head.title) tags.push({ name: 'twitter:title', content: head.title });
  if (head.description) tags.push({ name: 'twitter:description', content: head.description });
  if (image) tags.push({ name: 'twitter:image', content: image });
  if (head.type === 'article') {
    // oEmbed discovery: a story's URL pasted into another site becomes its card (apps/server/src/embeds.ts).
    tags.push({
      rel: 'alternate',
      type: 'application/json+oembed',
      title: head.title,
      href: `${publicUrl}/oembed?url=${encodeURIComponent(url)}&format=json`,
    });
    tags.push({
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: head.title,
        ...(head.description ? { description: head.description } : {}),
        ...(head.author ? { author: { '@type': 'Person', name: head.author } } : {}),
        ...(head.publishedAt ? { datePublished: head.publishedAt } : {}),
        ...(image ? { image } : {}),
        url,
      },
    });
  }
  return tags;
}

/** The CSP source that allows the reader's inline boot script and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * The chunks the boot script preloads: those of the pages the server rendered, beyond the entry's own. The
 * entry's imports (React and the app) come with the boot script's `import()`s: preloading them as well made
 * Chromium spend a 400-600 ms task (CPU slowed 4x) on them after the first paint.
 */
function pageChunks(assets: PageAssets, state: PreloadedState): string[] {
  return [...new Set((state.pages ?? []).flatMap((id) => assets.chunks?.[id] ?? []))];
}

/** The HTML document around a rendered page: hashed CSS, preloads, state, and the entry script. */
export function htmlDocument(opts: {
  title: string;
  description?: string;
  /** Sharing tags (OpenGraph, Twitter, canonical, JSON-LD), after the description. */
  meta?: HeadTag[];
  body: string;
  assets: PageAssets;
  state?: PreloadedState;
}) {
  const { assets } = opts;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
${opts.description ? `<meta name="description" content="${escapeHtml(opts.description)}">` : ''}
${(opts.meta ?? []).map(headTagHtml).join('\n')}
${assets.inlineCss ? `<style>${assets.inlineCss}</style>` : ''}
<link rel="expect" href="#root" blocking="render">
${assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${opts.state ? `<script>${BOOT_SCRIPT}</script>` : ''}
</head>
<body>
<div id="root">${opts.body}</div>
${
  opts.state
    ? `<script type="application/json" id="${PRELOADED_STATE_ID}">${embedJson(opts.state)}</script>
<script type="application/json" id="${BOOT_DATA_ID}">${embedJson({ entry: assets.script, preload: pageChunks(assets, opts.state), stages: assets.stages } satisfies BootData)}</script>`
    : ''
}
</body>
</html>`;
}

/** Spec §2 Error page 500: status 500, or 409 when the message contains '409: Conflict'. */
export function errorStatusFor(error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(errorPageTexts.conflictMarker) ? 409 : 500;
}

export function sendErrorPage(reply: FastifyReply, assets: PageAssets | null, status: number) {
  const body = renderErrorPage(status);
  const html = assets
    ? htmlDocument({
        title: `${PRODUCT_NAME}`,
        body,
        assets: { ...assets, preloads: [], stages: [], script: '' },
      })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME}</title></head><body>${body}</body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Server-side renders reader pages for every GET that no other route claims. */
export function registerReaderPages(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
  assets: () => PageAssets,
  cache: PageCache | null,
) {
  const flags = createFlagCache(orm, config.FLAG_CACHE_TTL_MS);
  // The same for every page the process renders: made once.
  const client = clientConfig(config);
  const renderPage = async (req: FastifyRequest, reply: FastifyReply): Promise<CachedPage> => {
    const started = performance.now();
    const ctx = await contextFor(orm, config, env, req, reply, {
      readerSets: pageReadsReaderSets(new URL(req.url, 'http://localhost').pathname),
    });
    const queryClient = createServerQueryClient();
    const trpc = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient });
    const v = ctx.viewer;
    const viewer = v
      ? {
          id: v.id,
          name: v.name,
          username: v.username,
          imageId: v.imageId ?? null,
          email: v.email ?? v.unverifiedEmail ?? null,
          emailVerified: !!v.emailVerifiedAt,
          isMember: hasMembership(v),
          hasPastMemberships: v.hasPastMemberships,
          hasPassword: !!v.passwordHash,
          isSuspended: v.isSuspended,
          dismissableFlags: ctx.viewerDismissedFlags ?? (await dismissedFlags(ctx.em, v.id)),
        }
      : null;
    const flagValues = await flags.get();
    const host = siteOf(req);
    const site: PreloadedState['site'] =
      host.kind === 'main'
        ? { kind: 'main' }
        : {
            kind: host.kind,
            name: host.name ?? (host.kind === 'user' ? host.username : host.slug),
            legacyBar: !flagValues.enable_global_nav_on_legacy_lite,
            mainOrigin: new URL(config.publicUrl).origin,
          };
    const contextMs = performance.now() - started;
    const result = await render({ url: req.url, trpc, queryClient, viewer, site });
    const rendered = performance.now();
    // A page whose data could not be read for want of a database is a 503, not the "not found" it would render.
    const unreachable = queryClient
      .getQueryCache()
      .getAll()
      .find((query) => isUnavailable(query.state.error));
    if (unreachable) throw unreachable.state.error;
    const state: PreloadedState = {
      config: client,
      queries: result.queries,
      viewer,
      country: ctx.visitor.country,
      status: result.status,
      site,
      pages: result.pages,
      search: result.search,
    };
    const body = htmlDocument({
      title: result.title ? `${result.title} | ${PRODUCT_NAME}` : PRODUCT_NAME,
      description: result.description,
      meta: [...siteIconTags(host), ...pageHeadTags(result, config.publicUrl)],
      body: result.html,
      assets: assets(),
      state,
    });
    if (config.SERVER_TIMING) {
      const ms = (n: number) => n.toFixed(1);
      reply.header(
        'server-timing',
        `context;dur=${ms(contextMs)}, data;dur=${ms(result.timings.dataMs)}, render;dur=${ms(result.timings.renderMs)}, document;dur=${ms(performance.now() - rendered)}`,
      );
    }
    const page =
      result.edgeCachePage.kind === 'post'
        ? {
            ...result.edgeCachePage,
            viewerCanViewSuspendedContent: await allows(ctx.em, v, 'viewSuspendedContent'),
          }
        : result.edgeCachePage;
    // Spec §4: the edge cache decision; our in-process cache stands in for the edge.
    const decision = edgeCacheDecision(page, {
      edgeFlagSet: true,
      isSpoofed: ctx.sessionIsSpoofed ?? false,
      isInternalIp: flagValues.is_internal_ip,
      isStaff: !!v?.isStaff,
      disabledByFlag: flagValues.disable_edge_cache,
      usingCacheWorker: !!cache,
    });
    if (decision.reason) reply.header('x-edge-cache-reason', decision.reason);
    // A signed-in reader's page is theirs alone: never shared, whatever the page decision.
    const tags = !viewer && decision.group === 'Enabled' ? decision.tags : null;
    return { status: result.status, body, tags, storedAt: Date.now() };
  };

  const send = (
    req: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    cacheState: 'HIT' | 'MISS' | 'BYPASS',
  ) => {
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('vary', `Accept-Encoding, Cookie, ${config.GEO_HEADER}`)
      .header('x-cache', cacheState);
    const encoding = pageEncodingFor(req.headers['accept-encoding']);
    if (!page.tags) {
      reply.header('cache-control', 'private, no-store');
      // A reader's own page is compressed in one call (the compressor leaves an encoded body as it is).
      if (!encoding) return reply.send(page.body);
      return reply.header('content-encoding', encoding).send(compressedForOne(page.body, encoding));
    }
    reply
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('surrogate-key', page.tags.join(' '));
    // A shared page is compressed once and kept so.
    if (!encoding) return reply.send(page.body);
    return reply
      .header('content-encoding', encoding)
      .send(cache ? cache.encoded(page, encoding) : encodedBody(page, encoding));
  };

  const readerPage = async (req: FastifyRequest, reply: FastifyReply) => {
    // Only anonymous readers share pages; anyone with a session cookie gets their own render.
    if (!cache || req.cookies[SESSION_COOKIE])
      return send(req, reply, await renderPage(req, reply), 'BYPASS');
    // The page embeds the visitor's country (the EU privacy banner), so pages are kept per country.
    const country = req.headers[config.GEO_HEADER.toLowerCase()];
    const key = `${req.hostname}${req.url}|${typeof country === 'string' ? country.toUpperCase().slice(0, 2) : ''}`;
    const { page, hit } = await cache.get(key, () => renderPage(req, reply));
    return send(req, reply, page, hit ? 'HIT' : 'MISS');
  };
  app.get('/*', readerPage);
  // Reader pages shaped like the editor's '/{owner}/{postId}/edit': the series' edit pages (static segments win).
  app.get('/s/:sequenceSlug/edit', readerPage);
  app.get('/series/:postId/edit', readerPage);
}
