import {
  appRouter,
  checkDueCustomDomains,
  createContextInner,
  customDomainSettings,
  type DnsResolver,
  defaultServiceEnvironment,
} from '@quire/api';
import type { User } from '@quire/db';
import { CUSTOM_DOMAIN_RULES, customDomainTexts, subdomainTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { hostTexts } from '../src/hosts';
import { useTestApp } from './helpers';

/*
 * Spec §2 URL shapes with /me/settings/custom-domain and /me/create-subdomain: the running server starts
 * serving a profile on its custom domain when the DNS check makes it LIVE, and on its subdomain when it is
 * turned on, and stops when the domain is removed or the subdomain turned off: no restart, although the server
 * had cached the host as unknown just before.
 */

const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0' });

/** DNS where a host has the CNAME records the tests give it, and nothing else. */
const cnames = new Map<string, string[]>();
const dns: DnsResolver = {
  resolveCname: async (host) => {
    const records = cnames.get(host);
    if (!records) throw Object.assign(new Error('no data'), { code: 'ENODATA' });
    return records;
  },
  resolve4: async () => {
    throw Object.assign(new Error('no data'), { code: 'ENODATA' });
  },
};
const env = defaultServiceEnvironment({
  publicUrl: 'http://localhost:3000',
  customDomains: { resolver: dns, cnameTarget: 'domains.quire.test', ips: [] },
});

const api = (viewer: User) =>
  appRouter.createCaller(
    createContextInner({
      em: t.db.em(),
      viewer,
      sessionId: null,
      visitor: { id: 'hostsdomain00001', isBot: false, country: null },
      ip: '192.0.2.11',
      env,
    }),
  );

const get = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

describe('custom domains and subdomains on the running server', () => {
  it('serves a domain once the check makes it live, and stops once it is removed', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('dom') });
    const post = await buildPost(em, { creator: writer, title: 'Served at my domain' });
    const domain = `${unique('blog')}.example.com`;
    await api(writer).customDomains.setDomain({ domain });

    // Claimed but not live: not served (and the server now holds the host as unknown).
    const pending = await get(domain, `/${post.uniqueSlug}`);
    expect(pending.statusCode).toBe(404);
    expect(pending.body).toBe(hostTexts.notConnected);

    cnames.set(domain, ['domains.quire.test']);
    const start = Date.now();
    const settings = customDomainSettings(env);
    await checkDueCustomDomains(t.db.em(), settings, new Date(start));
    const later = start + CUSTOM_DOMAIN_RULES.verifyingRecheckMinutes * 60_000;
    expect((await checkDueCustomDomains(t.db.em(), settings, new Date(later))).live).toBeGreaterThan(0);

    await expect
      .poll(async () => (await get(domain, `/${post.uniqueSlug}`)).statusCode, {
        timeout: 5000,
        interval: 50,
      })
      .toBe(200);
    expect((await get(domain, `/${post.uniqueSlug}`)).body).toContain(
      '<title>Served at my domain | Quire</title>',
    );
    expect((await get(domain)).statusCode).toBe(200);

    await api(writer).customDomains.removeDomain();
    await expect.poll(async () => (await get(domain)).statusCode, { timeout: 5000, interval: 50 }).toBe(404);
    expect((await get(domain)).body).toBe(hostTexts.notConnected);
  });

  it('serves the subdomain while it is on, whatever the case of the username', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('SubDom') });
    const post = await buildPost(em, { creator: writer, title: 'Served at my subdomain' });
    const host = `${writer.username.toLowerCase()}.localhost:3000`;

    expect((await get(host)).statusCode).toBe(404);

    const on = await api(writer).customDomains.setSubdomain({ on: true });
    expect(on.address).toBe(`${writer.username.toLowerCase()}.localhost:3000`);
    await expect.poll(async () => (await get(host)).statusCode, { timeout: 5000, interval: 50 }).toBe(200);
    const story = await get(host, `/${post.uniqueSlug}`);
    expect(story.statusCode).toBe(200);
    expect(story.body).toContain('<title>Served at my subdomain | Quire</title>');

    await api(writer).customDomains.setSubdomain({ on: false });
    await expect.poll(async () => (await get(host)).statusCode, { timeout: 5000, interval: 50 }).toBe(404);
    expect((await get(host)).body).toBe(hostTexts.notConnected);
  });

  it('renders /me/settings/custom-domain and /me/create-subdomain for the signed-in viewer', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('pages') });
    const token = await buildSession(em, writer);
    const page = (url: string, signedIn = true) =>
      t.app.inject({ url, headers: signedIn ? { cookie: `sid=${token}` } : {} });
    for (const url of ['/me/settings/custom-domain', '/me/create-subdomain']) {
      const visitor = await page(url, false);
      expect(visitor.statusCode, url).toBe(200);
      expect(visitor.body, url).toContain(`href="/m/signin?redirect=${encodeURIComponent(url)}"`);
    }
    const empty = await page('/me/settings/custom-domain');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain(customDomainTexts.domainLabel);
    expect(empty.body).toContain('data-testid="custom-domain-form"');

    const domain = `${unique('shown')}.example.com`;
    await api(writer).customDomains.setDomain({ domain });
    const claimed = await page('/me/settings/custom-domain');
    expect(claimed.body).toContain('data-status="PENDING"');
    expect(claimed.body).toContain(customDomainTexts.statuses.PENDING);
    // The records to create: a CNAME from the domain to the site's host (PUBLIC_URL's unless configured).
    expect(claimed.body).toContain('data-testid="dns-records"');
    expect(claimed.body).toContain(
      `<td>CNAME</td><td><code>${domain}</code></td><td><code>localhost</code></td>`,
    );
    expect(claimed.body).toContain(customDomainTexts.checkNow);

    const subdomain = await page('/me/create-subdomain');
    expect(subdomain.statusCode).toBe(200);
    expect(subdomain.body).toContain(`${writer.username.toLowerCase()}.localhost:3000`);
    expect(subdomain.body).toContain(subdomainTexts.turnOn);
  });
});
