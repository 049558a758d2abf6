import { CustomDomain } from '@quire/db';
import {
  API_SCOPES,
  APPLE_TOUCH_ICON_SIZE,
  CHANGE_PASSWORD_TARGET,
  ROBOTS_RULES,
  SECURITY_TXT_EXPIRES_DAYS,
  SITE_MANIFEST,
  siteFileTexts,
} from '@quire/domain';
import { buildCollection, buildUser } from '@quire/test-harness';
import { COLORS } from '@quire/ui';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildAppBeside, useTestApp } from './helpers';

const BASE = 'https://quire.test';
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', PUBLIC_URL: BASE });

const APPLE_IDS = ['ABCDE12345.test.quire.app', 'ABCDE12345.test.quire.beta'];
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':');
const CONFIGURED = {
  SECURITY_CONTACT: 'security@quire.test, https://quire.test/help',
  APPLE_APP_IDS: APPLE_IDS.join(','),
  ANDROID_APP_PACKAGE: 'test.quire.app',
  ANDROID_APP_CERT_SHA256: FINGERPRINT,
};

/** The same site with every association and the security contact configured, on the same database. */
let configured: FastifyInstance;
beforeAll(async () => {
  configured = await buildAppBeside(t, { PUBLIC_URL: BASE, ...CONFIGURED });
  await configured.ready();
});
afterAll(async () => {
  await configured?.close();
});

const get = (app: FastifyInstance, url: string, host = 'localhost:3000') =>
  app.inject({ method: 'GET', url, headers: { host } });

/** RFC 9309 matching: the longest matching rule wins, Allow on a tie; `*` is any text and a final `$` the end. */
function allowedByRobots(path: string): boolean {
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  };
  const longest = (rules: readonly string[]) => Math.max(-1, ...rules.filter(matches).map((r) => r.length));
  return longest(ROBOTS_RULES.allow) >= longest(ROBOTS_RULES.disallow);
}

/** A publication with a live custom domain. */
async function liveDomain() {
  const em = t.db.em();
  const writer = await buildUser(em);
  const publication = await buildCollection(em, { creator: writer });
  const domain = `files-${publication.id.toLowerCase()}.example.org`;
  em.create(CustomDomain, { domain, status: 'LIVE', collection: publication });
  await em.flush();
  return domain;
}

describe('/robots.txt', () => {
  it('opens the public site and closes private, account and action paths', async () => {
    const res = await get(t.app, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['set-cookie']).toBeUndefined();
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of ['Allow: /', 'Allow: /m/tos', 'Disallow: /me/', 'Disallow: /m/', 'Disallow: /_/'])
      expect(lines).toContain(line);
    expect(res.body).not.toContain('Sitemap:');

    for (const open of [
      '/',
      '/@writer',
      '/@writer/a-story-0123abcd',
      '/p/0123abcd',
      '/kernel/a-story-0123abcd',
      '/new-storytellers',
      '/searchlight/a-story-0123abcd',
      '/tag/gardens',
      '/membership',
      '/m/tos',
      '/media/abc.png',
      '/static/reader/assets/app.js',
      '/feed/latest',
    ])
      expect(allowedByRobots(open), open).toBe(true);
    for (const closed of [
      '/me/settings',
      '/me/stats/post/0123abcd',
      '/m/signin?redirect=/',
      '/m/oauth/authorize',
      '/_/graphql',
      '/trpc/posts.get',
      '/new-story',
      '/kernel/new-story',
      '/p/0123abcd/edit',
      '/@writer/0123abcd/edit',
      '/kernel/edit',
      '/search?q=gardens',
      '/search/users?q=x',
      '/kernel/search?q=x',
      '/@writer/stats',
      '/kernel/stats/stories',
      '/r/?url=https%3A%2F%2Felsewhere.example',
      '/password',
      '/v1/me',
    ])
      expect(allowedByRobots(closed), closed).toBe(false);
  });
});

describe('icons and the web app manifest', () => {
  it('answers the SVG mark and a 180×180 opaque home-screen icon with a long cache', async () => {
    const svg = await get(t.app, '/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=604800');
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const png = await get(t.app, '/apple-touch-icon.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=604800');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      'png',
      APPLE_TOUCH_ICON_SIZE,
      APPLE_TOUCH_ICON_SIZE,
    ]);
    // iOS draws a transparent corner black: the square is filled.
    expect(meta.hasAlpha).toBe(false);
  });

  it('describes the site for installing, with its icons and the design system’s colours', async () => {
    const res = await get(t.app, '/site.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Quire',
      short_name: SITE_MANIFEST.shortName,
      start_url: `${BASE}/`,
      scope: `${BASE}/`,
      display: SITE_MANIFEST.display,
      theme_color: COLORS.light.bg,
      background_color: COLORS.light.bg,
    });
    expect(manifest.icons).toEqual([
      { src: `${BASE}/favicon.svg`, sizes: 'any', type: 'image/svg+xml' },
      { src: `${BASE}/apple-touch-icon.png`, sizes: '180x180', type: 'image/png' },
    ]);
    for (const icon of manifest.icons) {
      const path = new URL(icon.src).pathname;
      expect((await get(t.app, path)).statusCode, path).toBe(200);
    }
  });

  it('links the icons and the manifest from every page’s head, keeping the existing links', async () => {
    const page = await t.page('/about');
    expect(page.statusCode).toBe(200);
    for (const link of [
      '<link rel="icon" sizes="32x32" href="/favicon.ico">',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
      '<link rel="manifest" href="/site.webmanifest">',
      `<link rel="search" type="application/opensearchdescription+xml" title="Quire" href="${BASE}/osd.xml">`,
    ])
      expect(page.body).toContain(link);
  });

  it('keeps a publication’s own favicon on its domain, and serves the files there unprefixed', async () => {
    const domain = await liveDomain();
    const page = await get(t.app, '/', domain);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico">');
    expect(page.body).not.toContain('favicon.svg');
    expect(page.body).not.toContain('rel="manifest"');
    for (const path of ['/robots.txt', '/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest']) {
      const res = await get(t.app, path, domain);
      expect(res.statusCode, path).toBe(200);
    }
  });

  it('links the default icons but no manifest on a writer’s own host', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    writer.hasSubdomain = true;
    await em.flush();
    const page = await get(t.app, '/', `${writer.username!.toLowerCase()}.localhost:3000`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(page.body).not.toContain('rel="manifest"');
  });
});

describe('/.well-known/security.txt', () => {
  it('is a 404 while no contact is configured', async () => {
    const res = await get(t.app, '/.well-known/security.txt');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(siteFileTexts.noSecurityContact);
    expect(res.body).not.toContain('Contact:');
  });

  it('names the contacts, an expiry about a year ahead, its canonical address and the language', async () => {
    const before = Date.now();
    const res = await get(configured, '/.well-known/security.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines).toContain('Contact: mailto:security@quire.test');
    expect(lines).toContain('Contact: https://quire.test/help');
    expect(lines).toContain(`Canonical: ${BASE}/.well-known/security.txt`);
    expect(lines).toContain('Preferred-Languages: en');
    const expires = lines.find((line) => line.startsWith('Expires: '))!.slice('Expires: '.length);
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    const days = (Date.parse(expires) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(SECURITY_TXT_EXPIRES_DAYS - 0.01);
    expect(days).toBeLessThan(365);
  });

  it('is served on a custom domain too, naming that address as canonical as well', async () => {
    const domain = await liveDomain();
    const res = await get(configured, '/.well-known/security.txt', domain);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Canonical: ${BASE}/.well-known/security.txt\n`);
    expect(res.body).toContain(`Canonical: https://${domain}/.well-known/security.txt\n`);
  });
});

describe('/.well-known/change-password', () => {
  it('sends password managers to the security settings on the main host, from any host', async () => {
    const domain = await liveDomain();
    for (const host of ['localhost:3000', domain]) {
      const res = await get(t.app, '/.well-known/change-password', host);
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location).toBe(`${BASE}${CHANGE_PASSWORD_TARGET}`);
    }
    expect(CHANGE_PASSWORD_TARGET).toBe('/me/settings/security');
    const target = await t.page(CHANGE_PASSWORD_TARGET);
    expect(target.statusCode).toBe(200);
  });
});

describe('/.well-known/oauth-authorization-server', () => {
  it('describes the OAuth 2 server as it is, and its endpoints answer', async () => {
    const res = await get(t.app, '/.well-known/oauth-authorization-server');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      issuer: BASE,
      authorization_endpoint: `${BASE}/m/oauth/authorize`,
      token_endpoint: `${BASE}/m/token`,
      revocation_endpoint: `${BASE}/m/oauth/revoke`,
      scopes_supported: [...API_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
    });
    // The endpoints it names exist: a client without credentials is refused the OAuth way.
    for (const path of ['/m/token', '/m/oauth/revoke']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: path,
        payload: { grant_type: 'authorization_code', token: 'x' },
      });
      expect(refused.statusCode, path).toBe(401);
      expect(refused.json().error).toBe('invalid_client');
    }
  });

  it('is not served on a custom domain, whose address is not the issuer', async () => {
    const domain = await liveDomain();
    const res = await get(t.app, '/.well-known/oauth-authorization-server', domain);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(siteFileTexts.mainHostOnly('quire.test'));
  });
});

describe('app association files', () => {
  it('are 404s while no app is configured', async () => {
    for (const path of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      const res = await get(t.app, path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toBe(siteFileTexts.noApp);
    }
  });

  it('associate the configured Apple apps with every page but files, media and APIs', async () => {
    const res = await get(configured, '/.well-known/apple-app-site-association');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    const details = body.applinks.details;
    expect(details).toHaveLength(1);
    expect(details[0].appIDs).toEqual(APPLE_IDS);
    expect(details[0].components.at(-1)).toEqual({ '/': '/*' });
    expect(details[0].components).toContainEqual({ '/': '/static/*', exclude: true });
    expect(body.webcredentials).toEqual({ apps: APPLE_IDS });
  });

  it('associate the configured Android app with its signing certificate', async () => {
    const res = await get(configured, '/.well-known/assetlinks.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([
      {
        relation: [
          'delegate_permission/common.handle_all_urls',
          'delegate_permission/common.get_login_creds',
        ],
        target: {
          namespace: 'android_app',
          package_name: 'test.quire.app',
          sha256_cert_fingerprints: [FINGERPRINT.toUpperCase()],
        },
      },
    ]);
  });

  it('are the main host’s only', async () => {
    const domain = await liveDomain();
    for (const path of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      const res = await get(configured, path, domain);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('refuse to start with a malformed or half configuration', () => {
    expect(() => loadConfig({ APPLE_APP_IDS: 'test.quire.app' })).toThrow(/APPLE_APP_IDS/);
    expect(() => loadConfig({ ANDROID_APP_PACKAGE: 'test.quire.app' })).toThrow(/ANDROID_APP_CERT_SHA256/);
    expect(() => loadConfig({ ANDROID_APP_CERT_SHA256: FINGERPRINT })).toThrow(/ANDROID_APP_PACKAGE/);
    expect(() => loadConfig({ ...CONFIGURED, ANDROID_APP_CERT_SHA256: 'AB:CD' })).toThrow(
      /ANDROID_APP_CERT_SHA256/,
    );
    expect(() => loadConfig({ SECURITY_CONTACT: 'http://quire.test/security' })).toThrow(/SECURITY_CONTACT/);
  });
});
