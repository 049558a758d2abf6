import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import {
  appRouter,
  errorMessage,
  loadDevPaymentState,
  purgeAllSharedReads,
  purgeSharedReads,
  refreshCandidatesEvery,
  type ServiceEnvironment,
  zodMessage,
} from '@quire/api';
import type { Orm } from '@quire/db';
import { errorPageTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { ZodError } from 'zod';
import { registerActionRoutes } from './action-routes';
import { editorDist, type PageAssets, readerDist, readReaderAssets } from './assets';
import { registerAuthRoutes } from './auth-routes';
import { listenForCachePurges } from './cache-purge';
import { registerClientCookies } from './client-cookies';
import { type ServerConfig, serviceEnvironment } from './config';
import { contextFor, hasValidXsrf } from './context';
import { registerDevMail } from './dev-mail';
import { registerEmailSettingsRoutes } from './email-settings-routes';
import { registerEmbeds } from './embeds';
import { registerExportRoutes } from './export-routes';
import { registerFeeds } from './feeds';
import { GRAPHQL_PATH, registerGraphQL } from './graphql';
import {
  isUnavailable,
  REQUEST_DEADLINE_MS,
  RETRY_AFTER_SECONDS,
  registerHealth,
  unavailableResponseMeta,
} from './health';
import { refuseUndecodablePath, registerHostileInputGuard } from './hostile-input';
import { registerHostRouting } from './hosts';
import { registerIfttt } from './ifttt';
import { registerImportRoutes } from './import-routes';
import { registerLegacyRedirects } from './legacy-redirects';
import { registerListEmbed } from './list-embed';
import { importedImageStorer, registerMedia } from './media';
import { LocalDiskMediaStore } from './media-store';
import { registerNewsletterAdminRoutes } from './newsletter-admin-routes';
import { registerNewsletterEmailRoutes } from './newsletter-email-routes';
import { registerNewsletterSubscribeRoutes } from './newsletter-subscribe-routes';
import { registerOAuthRoutes } from './oauth-routes';
import { registerOpenSearch } from './osd';
import { registerOutboundRedirect } from './outbound-redirect';
import { PageCache, PER_RESPONSE_BROTLI_QUALITY } from './page-cache';
import { registerPublicationIdRedirects } from './publication-id-redirects';
import { registerReadingRoutes } from './reading-routes';
import { registerSearchService } from './search';
import { registerSiteFiles } from './site-files';
import { BOOT_SCRIPT_SOURCE, errorStatusFor, registerReaderPages, sendErrorPage } from './ssr';
import { registerStatsRoutes } from './stats-routes';
import { registerStripeWebhook } from './stripe-webhook';
import { registerTelemetry } from './telemetry';
import { usageCountStore } from './throttle-store';
import { registerUnreadStream } from './unread-stream';
import { registerUsernameRedirects } from './username-redirects';
import { registerV1Api } from './v1-api';
import { registerWriterEntryRedirects } from './writer-entry-redirects';

/** Largest JSON body any endpoint accepts; uploads get their own limit on their own route. */
export const BODY_LIMIT_BYTES = 256 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route does not need the anti-forgery token (a third party posts to it). */
    xsrf?: boolean;
  }
  interface FastifyInstance {
    /** The anonymous-page micro-cache; null when PAGE_CACHE_FRESH_MS is 0. */
    pageCache: PageCache | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Builds the one Fastify server: tRPC, GraphQL shim, reader SSR, editor shell, static assets. */
/** Helmet's headers that apply to documents, not to scripts and stylesheets. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function buildApp(opts: {
  orm: Orm;
  config: ServerConfig;
  env?: ServiceEnvironment;
  logger?: boolean;
}) {
  const { orm, config } = opts;
  // The test-mode payment provider picks up the sessions and subscriptions stored before a restart.
  const devPaymentState =
    opts.env || config.STRIPE_SECRET_KEY ? undefined : await loadDevPaymentState(orm.em.fork());
  const baseEnv = opts.env ?? serviceEnvironment(config, { devPaymentState });
  // One media store for the media routes and imports' images, which are stored as uploads are.
  const mediaStore = new LocalDiskMediaStore(path.join(config.DATA_DIR, 'media'));
  const env: ServiceEnvironment = {
    ...baseEnv,
    storeImageFromUrl: baseEnv.storeImageFromUrl ?? importedImageStorer(config, baseEnv, mediaStore),
  };
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    frameworkErrors: refuseUndecodablePath,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 500 },
    handlerTimeout: REQUEST_DEADLINE_MS,
  });

  let assets: PageAssets | null = null;
  const pageAssets = () => {
    assets ??= readReaderAssets();
    return assets;
  };
  // First of all hooks: text the database cannot store never reaches a route.
  registerHostileInputGuard(app);

  await app.register(fastifyCookie);
  registerHostRouting(app, orm, config);
  // HTML forms and Apple's form_post callback send urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Security headers from helmet, its middleware made once (the Fastify plugin makes it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The reader's one inline script (it starts the app after the first paint), allowed by its hash only.
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        frameSrc: ['https:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // Pages rendered per reader are compressed on every response: brotli's quality 2 takes about 1 ms for a 150 KB
  // page and still beats gzip -6 in size (shared pages are compressed once, harder; see ssr.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PER_RESPONSE_BROTLI_QUALITY } },
  });
  // Routes that the spec rate-limits (sign-in lockouts, account creation) opt in per route.
  // The throttles of search, uploads, telemetry and the token endpoint count in PostgreSQL, across processes.
  await app.register(fastifyRateLimit, { global: false, store: usageCountStore(orm) });

  registerClientCookies(app, config);
  // Headers that only mean something on a document are dropped from hashed scripts and styles, which a
  // story page loads about twenty of (nosniff and the resource policy stay).
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/static/')) return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  });

  // Every state-changing request needs the anti-forgery token, except GraphQL (checked per operation).
  app.addHook('preValidation', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const url = req.routeOptions.url;
    if (url === GRAPHQL_PATH || url === '/_/batch') return;
    if (req.routeOptions.config?.xsrf === false) return;
    if (!hasValidXsrf(req)) {
      return reply
        .code(403)
        .send({ error: { message: 'Invalid or missing anti-forgery token.', code: 'FORBIDDEN' } });
    }
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const clientStatus =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : null;
    if (error instanceof ZodError) return reply.code(400).send({ error: { message: zodMessage(error) } });
    // A procedure called from a plain route (action endpoints): its client errors keep their status.
    if (error instanceof TRPCError && getHTTPStatusCodeFromError(error) < 500) {
      return reply
        .code(getHTTPStatusCodeFromError(error))
        .send({ error: { message: errorMessage(error), code: error.code } });
    }
    if (clientStatus)
      return reply.code(clientStatus).send({ error: { message: error.message, code: error.code } });
    // The database is unreachable or the deadline passed: 503, which a client may retry shortly.
    const unavailable = isUnavailable(error);
    if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    else req.log.error({ err: error }, 'request failed');
    const status = unavailable ? 503 : errorStatusFor(error);
    if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
      let pageAssetsOrNull: PageAssets | null = null;
      try {
        pageAssetsOrNull = pageAssets();
      } catch {}
      return sendErrorPage(reply, pageAssetsOrNull, status);
    }
    return reply.code(status).send({ error: { message: errorPageTexts.serverError } });
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }: { req: FastifyRequest; res: FastifyReply }) =>
        contextFor(orm, config, env, req, res),
      responseMeta: unavailableResponseMeta,
      onError: ({ error, path }: { error: Error & { code?: string }; path?: string }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path }, 'tRPC procedure failed');
      },
    },
  });

  await registerGraphQL(app, orm, config, env);
  await registerAuthRoutes(app, orm, config, env);

  await app.register(fastifyStatic, {
    root: readerDist,
    prefix: '/static/reader/',
    index: false,
    // The build's .br and .gz copies (best compression, made once) go out as they are.
    preCompressed: true,
    wildcard: true,
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes('/assets/') ? LONG_CACHE : 'public, max-age=300');
    },
  });
  await app.register(fastifyStatic, {
    root: editorDist,
    prefix: '/static/editor/',
    index: false,
    preCompressed: true,
    decorateReply: false,
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes('/assets/') ? LONG_CACHE : 'public, max-age=300');
    },
  });

  // The editor app's shell (spec §2 Writing paths); the editor itself fills it in the browser.
  const editorShell = async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.sendFile('index.html', editorDist);
  // Never cached: the static plugin's setHeaders would make it public for 5 minutes, and a cached shell
  // skips the response that issues the anti-forgery cookie the editor's first mutation needs.
  const noStore = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('cache-control', 'no-store');
    return payload;
  };
  for (const path of [
    '/new-story',
    '/p/:postId/edit',
    '/:collectionSlug/new-story',
    '/:owner/:postId/edit',
    '/p/:postId/revert/:versionId/:baseRev',
  ]) {
    app.get(path, { onSend: noStore }, editorShell);
  }

  await registerMedia(app, orm, config, env, mediaStore);
  registerDevMail(app, orm, config);
  registerFeeds(app, orm, config);
  registerListEmbed(app, orm, config);
  registerEmbeds(app, orm, config);
  registerReadingRoutes(app, orm, config, env);
  registerActionRoutes(app, orm, config, env);
  registerNewsletterSubscribeRoutes(app, orm, config, env);
  registerEmailSettingsRoutes(app, orm, config, env);
  registerNewsletterEmailRoutes(app, orm, config, env);
  registerExportRoutes(app, orm, config, env);
  await registerV1Api(app, orm, config, env);
  registerImportRoutes(app, orm, config, env);
  registerIfttt(app, orm, config, env);
  registerOpenSearch(app, config);
  registerSiteFiles(app, config);
  registerOutboundRedirect(app, config);
  registerWriterEntryRedirects(app);
  registerOAuthRoutes(app, orm);
  await registerNewsletterAdminRoutes(app, orm, config, env);
  registerStatsRoutes(app, orm, config, env);
  registerSearchService(app, orm, config, env);
  registerTelemetry(app, orm);
  await registerUnreadStream(app, orm);
  await registerStripeWebhook(app, orm, env);

  registerHealth(app, orm);

  // For you and the home modules rank the newest stories, which a timer keeps loaded (no request waits for them).
  if (env.forYouCacheMs) {
    const stopRefresh = refreshCandidatesEvery(
      () => orm.em.fork(),
      env.forYouCacheMs,
      (error) => app.log.warn({ err: error }, 'the For you candidates could not be refreshed'),
    );
    app.addHook('onClose', async () => stopRefresh());
  }

  const pageCache =
    config.PAGE_CACHE_FRESH_MS > 0
      ? new PageCache({
          freshMs: config.PAGE_CACHE_FRESH_MS,
          staleMs: config.PAGE_CACHE_STALE_MS,
          maxEntries: 5000,
          maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
        })
      : null;
  app.decorate('pageCache', pageCache);
  // A change's purge reaches this process's page cache and the reads it shares between requests (kept stories).
  if (pageCache || env.forYouCacheMs) {
    const purger = {
      purgeTag: (tag: string) => {
        pageCache?.purgeTag(tag);
        purgeSharedReads(tag);
      },
      purgeAll: () => {
        pageCache?.purgeAll();
        purgeAllSharedReads();
      },
    };
    const purges = listenForCachePurges(String(orm.config.get('clientUrl')), purger, (m) => app.log.warn(m));
    await purges.ready;
    app.addHook('onClose', () => purges.stop());
  }
  registerLegacyRedirects(app);
  registerUsernameRedirects(app, orm);
  registerPublicationIdRedirects(app, orm);
  registerReaderPages(app, orm, config, env, pageAssets, pageCache);
  return app;
}
