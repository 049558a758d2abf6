import {
  API_SCOPES,
  APP_LINK_EXCLUDED_PATHS,
  APPLE_TOUCH_ICON_SIZE,
  CHANGE_PASSWORD_TARGET,
  OAUTH_SERVER_FEATURES as oauth,
  SITE_FILE_PATHS as paths,
  robotsTxt,
  SITE_MANIFEST,
  securityTxt,
  siteFileTexts,
} from '@quire/domain';
import { COLORS } from '@quire/ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { ServerConfig } from './config';
import { defaultFaviconSvg, FAVICON_CACHE, FAVICON_COLOURS, type HostEntity, siteOf } from './hosts';
import type { HeadTag } from './ssr';

/*
 * Spec §2 "Static asset and well-known association paths" (see packages/domain/src/site-files.ts): robots.txt,
 * the icons and the web app manifest, and the /.well-known/ files. Absolute URLs name the configured public origin.
 */

/** Documents that change with configuration or a release only. */
const DAY_CACHE = 'public, max-age=86400';
/** A missing file: a CDN may keep the answer a little, and sees the file soon after it is configured. */
const MISSING_CACHE = 'public, max-age=300';
const JSON_TYPE = 'application/json; charset=utf-8';

const originOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/**
 * The icon and manifest links of a page's head, as paths of the host that served the page: every host answers
 * them, and the manifest is fetched under the page's `default-src 'self'`. A publication's own host keeps its
 * favicon (that host's /favicon.ico, spec §4) and gets no other icon a browser would prefer; the manifest is the
 * main site's alone, since an installed site opens at the manifest's start URL.
 */
export function siteIconTags(site: HostEntity): HeadTag[] {
  if (site.kind === 'collection') return [{ rel: 'icon', href: paths.faviconIco }];
  return [
    // The ICO names its size, or Chromium would take it over the SVG.
    { rel: 'icon', href: paths.faviconIco, sizes: '32x32' },
    { rel: 'icon', type: 'image/svg+xml', href: paths.faviconSvg },
    { rel: 'apple-touch-icon', href: paths.appleTouchIcon },
    ...(site.kind === 'main' ? [{ rel: 'manifest', href: paths.manifest }] : []),
  ];
}

/** The web app manifest: name, where the installed site opens, its colours (the top bar's) and icons. */
export function webManifest(config: ServerConfig) {
  const origin = originOf(config.publicUrl);
  return {
    name: SITE_MANIFEST.name,
    short_name: SITE_MANIFEST.shortName,
    description: SITE_MANIFEST.description,
    id: `${origin}/`,
    start_url: `${origin}/`,
    scope: `${origin}/`,
    display: SITE_MANIFEST.display,
    theme_color: COLORS.light.bg,
    background_color: COLORS.light.bg,
    icons: [
      { src: `${origin}${paths.faviconSvg}`, sizes: 'any', type: 'image/svg+xml' },
      {
        src: `${origin}${paths.appleTouchIcon}`,
        sizes: `${APPLE_TOUCH_ICON_SIZE}x${APPLE_TOUCH_ICON_SIZE}`,
        type: 'image/png',
      },
    ],
  };
}

/** RFC 8414 metadata of the OAuth 2 server, stating only what /m/oauth/authorize and /m/token do. */
export function oauthServerMetadata(config: ServerConfig) {
  const issuer = originOf(config.publicUrl);
  return {
    issuer,
    authorization_endpoint: `${issuer}${oauth.authorizationPath}`,
    token_endpoint: `${issuer}${oauth.tokenPath}`,
    revocation_endpoint: `${issuer}${oauth.revocationPath}`,
    scopes_supported: API_SCOPES,
    response_types_supported: oauth.responseTypes,
    response_modes_supported: oauth.responseModes,
    grant_types_supported: oauth.grantTypes,
    token_endpoint_auth_methods_supported: oauth.clientAuthMethods,
    revocation_endpoint_auth_methods_supported: oauth.clientAuthMethods,
    code_challenge_methods_supported: oauth.codeChallengeMethods,
  };
}

/** Apple's association: universal links to every page but files, media and APIs, and shared sign-in credentials. */
export function appleAppSiteAssociation(appIds: readonly string[]) {
  return {
    applinks: {
      details: [
        {
          appIDs: appIds,
          components: [
            ...APP_LINK_EXCLUDED_PATHS.map((path) => ({ '/': path, exclude: true })),
            { '/': '/*' },
          ],
        },
      ],
    },
    webcredentials: { apps: appIds },
  };
}

/** Digital Asset Links: the Android app opens the site's links and shares its sign-in credentials. */
export function assetLinks(packageName: string, fingerprints: readonly string[]) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
      target: { namespace: 'android_app', package_name: packageName, sha256_cert_fingerprints: fingerprints },
    },
  ];
}

/** The home-screen icon: the favicon's mark on a full square (iOS rounds the corners itself). */
async function appleTouchIcon(env: ServerConfig['NODE_ENV']): Promise<Buffer> {
  const svg = Buffer.from(defaultFaviconSvg(env));
  // Drawn at the icon's size rather than scaled up from the mark's 64 px.
  return sharp(svg, { density: (72 * APPLE_TOUCH_ICON_SIZE) / 64 })
    .resize(APPLE_TOUCH_ICON_SIZE, APPLE_TOUCH_ICON_SIZE)
    .flatten({ background: FAVICON_COLOURS[env] })
    .png()
    .toBuffer();
}

const missing = (reply: FastifyReply, text: string) =>
  reply.code(404).type('text/plain; charset=utf-8').header('cache-control', MISSING_CACHE).send(text);

export function registerSiteFiles(app: FastifyInstance, config: ServerConfig) {
  const origin = originOf(config.publicUrl);
  const mainHost = new URL(config.publicUrl).host;
  const robots = robotsTxt();
  const faviconSvg = defaultFaviconSvg(config.NODE_ENV);
  const manifest = JSON.stringify(webManifest(config));
  const metadata = JSON.stringify(oauthServerMetadata(config));
  const apple = config.APPLE_APP_IDS.length
    ? JSON.stringify(appleAppSiteAssociation(config.APPLE_APP_IDS))
    : null;
  const android = config.ANDROID_APP_PACKAGE
    ? JSON.stringify(assetLinks(config.ANDROID_APP_PACKAGE, config.ANDROID_APP_CERT_SHA256))
    : null;
  // Drawn once, when first asked for: a start does not wait on it, and most visits never ask.
  let drawn: Promise<Buffer> | undefined;
  const touchIcon = () => {
    drawn ??= appleTouchIcon(config.NODE_ENV);
    return drawn;
  };

  app.get(paths.robots, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', DAY_CACHE).send(robots),
  );
  app.get(paths.faviconSvg, async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', FAVICON_CACHE).send(faviconSvg),
  );
  app.get(paths.appleTouchIcon, async (_req, reply) =>
    reply
      .type('image/png')
      .header('cache-control', FAVICON_CACHE)
      .send(await touchIcon()),
  );
  app.get(paths.manifest, async (_req, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', FAVICON_CACHE)
      .send(manifest),
  );

  // RFC 9116: the site's security contact, on every host it serves; a host of a writer's or publication's own
  // names itself as a canonical address too, since researchers check the file came from one.
  app.get(paths.securityTxt, async (req, reply) => {
    if (!config.SECURITY_CONTACT.length) return missing(reply, siteFileTexts.noSecurityContact);
    const canonical = [`${origin}${paths.securityTxt}`];
    if (siteOf(req).kind !== 'main')
      canonical.push(`${new URL(config.publicUrl).protocol}//${req.host}${paths.securityTxt}`);
    const body = securityTxt({ contacts: config.SECURITY_CONTACT, canonical, now: new Date() });
    return reply.type('text/plain; charset=utf-8').header('cache-control', DAY_CACHE).send(body);
  });

  // Password managers open the account's security settings, on the main host where accounts sign in.
  app.get(paths.changePassword, async (_req, reply) =>
    reply.redirect(`${origin}${CHANGE_PASSWORD_TARGET}`, 302),
  );

  // The issuer is the main host (RFC 8414 §3.3: metadata is fetched from the issuer's own address).
  app.get(paths.oauthMetadata, async (req, reply) => {
    if (siteOf(req).kind !== 'main') return missing(reply, siteFileTexts.mainHostOnly(mainHost));
    return reply
      .type(JSON_TYPE)
      .header('cache-control', DAY_CACHE)
      .header('access-control-allow-origin', '*')
      .send(metadata);
  });

  // The apps associate with the main host only: their entitlements cannot name every custom domain.
  const association = (body: string | null) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!body) return missing(reply, siteFileTexts.noApp);
    if (siteOf(req).kind !== 'main') return missing(reply, siteFileTexts.mainHostOnly(mainHost));
    return reply.type(JSON_TYPE).header('cache-control', DAY_CACHE).send(body);
  };
  app.get(paths.appleAppSiteAssociation, association(apple));
  app.get(paths.assetLinks, association(android));
}
