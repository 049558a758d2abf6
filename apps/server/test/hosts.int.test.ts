import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CustomDomain, FeatureFlag, PostTag, Tag, User } from '@quire/db';
import { buildCollection, buildPost, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { hostTexts, pathForHost } from '../src/hosts';
import { LocalDiskMediaStore } from '../src/media-store';
import { useTestApp } from './helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-hosts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', FLAG_CACHE_TTL_MS: '0', DATA_DIR: dataDir });

const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

describe('pathForHost', () => {
  it('puts back the publication or profile prefix on page paths only', () => {
    const c = { kind: 'collection', slug: 'kernel', collectionId: 'c1' } as const;
    const u = { kind: 'user', username: 'linus', userId: 'u1' } as const;
    expect(pathForHost('/', c)).toBe('/kernel');
    expect(pathForHost('/a-story-abc?x=1', c)).toBe('/kernel/a-story-abc?x=1');
    expect(pathForHost('/kernel/a-story-abc', c)).toBe('/kernel/a-story-abc');
    expect(pathForHost('/favicon.ico', c)).toBe('/_/favicon/kernel');
    expect(pathForHost('/a-story-abc', u)).toBe('/@linus/a-story-abc');
    expect(pathForHost('/', u)).toBe('/@linus');
    for (const url of ['/static/reader/x.js', '/media/a.png', '/trpc/x', '/_/graphql', '/m/signin', '/u/1']) {
      expect(pathForHost(url, c)).toBe(url);
      expect(pathForHost(url, u)).toBe(url);
    }
    expect(pathForHost('/x', { kind: 'main' })).toBe('/x');
  });
});

describe('host routing', () => {
  it('serves pages on the main host, by its name and by localhost', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const post = await buildPost(em, { creator: writer, title: 'Main host story' });
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost']) {
      const res = await get(host, `/@${writer.username}/${post.uniqueSlug}`);
      expect(res.statusCode, host).toBe(200);
      expect(res.body).toContain('<title>Main host story | Quire</title>');
    }
  });

  it('routes a user subdomain to /@{username}/… when the user has a subdomain', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('sub') });
    writer.hasSubdomain = true;
    await em.flush();
    const post = await buildPost(em, { creator: writer, title: 'Subdomain story' });
    const res = await get(`${writer.username}.localhost:3000`, `/${post.uniqueSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Subdomain story | Quire</title>');

    const other = await buildUser(em, { username: unique('nosub') });
    const refused = await get(`${other.username}.localhost:3000`, '/');
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe(hostTexts.notConnected);
  });

  it('serves /{postSlug} on a publication’s live custom domain as the publication’s story', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const slug = unique('pub');
    const publication = await buildCollection(em, { creator: writer, slug });
    const post = await buildPost(em, { creator: writer, collection: publication, title: 'Domain story' });
    const domain = `${slug}.example.org`;
    em.create(CustomDomain, { domain, status: 'LIVE', collection: publication, liveAt: new Date() });
    await em.flush();

    const res = await get(domain, `/${post.uniqueSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Domain story | Quire</title>');
    // The re-routed request went through every hook: the first-contact cookies are issued.
    expect(String(res.headers['set-cookie'])).toContain('xsrf=');
    // On the main host the same bare path is not the story.
    const bare = await get('localhost:3000', `/${post.uniqueSlug}`);
    expect(bare.body).not.toContain('<title>Domain story | Quire</title>');
    // Static assets, the API and internal endpoints are the same on every host.
    const health = await get(domain, '/_/health');
    expect(health.statusCode).toBe(200);
  });

  it('prefers a live custom domain over the subdomain', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('both') });
    writer.hasSubdomain = true;
    const publication = await buildCollection(em, { creator: writer, slug: unique('owned') });
    const post = await buildPost(em, { creator: writer, collection: publication, title: 'Precedence story' });
    const host = `${writer.username}.localhost`;
    em.create(CustomDomain, { domain: host, status: 'LIVE', collection: publication });
    await em.flush();
    const res = await get(host, `/${post.uniqueSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Precedence story | Quire</title>');
  });

  it('answers 404 with the message on a domain that is not live or not known', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const publication = await buildCollection(em, { creator: writer });
    const domain = `${unique('pending')}.example.org`;
    em.create(CustomDomain, { domain, status: 'PENDING', collection: publication });
    await em.flush();
    for (const host of [domain, 'nowhere.example.net']) {
      const res = await get(host, '/');
      expect(res.statusCode, host).toBe(404);
      expect(res.body).toBe(hostTexts.notConnected);
    }
  });

  it('redirects /u/{id} to the canonical profile URL with 301', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const res = await get('localhost:3000', `/u/${writer.id}?source=x`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`http://localhost:3000/@${writer.username}?source=x`);
    const sub = await buildUser(em);
    await em.nativeUpdate(User, { id: sub.id }, { hasSubdomain: true });
    const subRes = await get('localhost:3000', `/u/${sub.id}`);
    expect(subRes.headers.location).toBe(`http://${sub.username}.localhost:3000`);
    expect((await get('localhost:3000', '/u/nobody-here')).statusCode).toBe(404);
  });
});

describe('legacy bar (spec §2)', () => {
  it('shows the site, the story’s topic and its post-state label on a writer’s own site, not on the main host', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('legacy'), name: 'Legacy Writer' });
    writer.hasSubdomain = true;
    const publication = await buildCollection(em, { creator: writer, name: 'Legacy Review' });
    const post = await buildPost(em, { creator: writer, title: 'Legacy story' });
    const tag = em.create(Tag, { slug: unique('gardens'), name: 'Gardens' });
    post.primaryTopic = tag;
    post.statusForCollection = 'PENDING';
    post.pendingCollection = publication;
    em.create(PostTag, { post, tag, position: 0 });
    await em.flush();

    const own = await get(`${writer.username}.localhost:3000`, `/${post.uniqueSlug}`);
    expect(own.statusCode).toBe(200);
    const start = own.body.indexOf('data-testid="legacy-bar"');
    expect(start, own.body.slice(0, 3000)).toBeGreaterThan(0);
    const bar = own.body.slice(start, own.body.indexOf('</header>', start));
    expect(bar).toContain('Legacy Writer');
    expect(bar).toContain(`href="http://localhost:3000/tag/${tag.slug}">Gardens</a>`);
    expect(bar).toContain('Submitted to Legacy Review');

    const main = await get('localhost:3000', `/@${writer.username}/${post.uniqueSlug}`);
    expect(main.body).not.toContain('data-testid="legacy-bar"');
    expect(main.body).toContain('class="q-topbar"');
    // The story's topics are listed under it wherever it is read.
    expect(main.body).toContain(`href="/tag/${tag.slug}">Gardens</a>`);

    // With enable_global_nav_on_legacy_lite the writer's own site gets the global top bar.
    const flag =
      (await em.findOne(FeatureFlag, { name: 'enable_global_nav_on_legacy_lite' })) ??
      em.create(FeatureFlag, { name: 'enable_global_nav_on_legacy_lite' });
    flag.boolValue = true;
    await em.flush();
    const global = await get(`${writer.username}.localhost:3000`, `/${post.uniqueSlug}`);
    expect(global.body).not.toContain('data-testid="legacy-bar"');
    expect(global.body).toContain('class="q-topbar"');
    flag.boolValue = false;
    await em.flush();
  });
});

describe('favicons', () => {
  it('answers the environment’s default favicon with a long cache', async () => {
    const res = await get('localhost:3000', '/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.rawPayload.readUInt16LE(2)).toBe(1);
    expect(res.rawPayload.readUInt16LE(4)).toBe(3);
  });

  it('answers a publication’s favicon as a 128×128 crop, or the default, by slug and on its domain', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const slug = unique('fav');
    const publication = await buildCollection(em, { creator: writer, slug });
    const plain = await get('localhost:3000', `/_/favicon/${slug}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('image/x-icon');

    const imageId = `${unique('img')}.png`;
    const image = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 20, b: 20 } },
    })
      .png()
      .toBuffer();
    await new LocalDiskMediaStore(path.join(dataDir, 'media')).put(imageId, image);
    publication.faviconId = imageId;
    const domain = `${slug}.example.org`;
    em.create(CustomDomain, { domain, status: 'LIVE', collection: publication });
    await em.flush();

    for (const [host, url] of [
      ['localhost:3000', `/_/favicon/${slug}`],
      [domain, '/favicon.ico'],
    ] as const) {
      const res = await get(host, url);
      expect(res.statusCode, host).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([128, 128]);
    }
    expect((await get('localhost:3000', '/_/favicon/no-such-publication')).statusCode).toBe(404);
  });
});

describe('PublicationFaviconQuery and PublicationSearchQuery', () => {
  const gql = t.gql;

  it('find a publication by slug and by live domain', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const slug = unique('search');
    const publication = await buildCollection(em, { creator: writer, slug, name: 'Searchable' });
    publication.faviconId = 'fav.png';
    publication.avatarId = 'avatar.png';
    const domain = `${slug}.example.com`;
    em.create(CustomDomain, { domain, status: 'LIVE', collection: publication });
    await em.flush();

    for (const domainOrSlug of [slug, domain]) {
      const favicon = await gql('PublicationFaviconQuery', { domainOrSlug });
      expect(favicon.json().data.collectionByDomainOrSlug).toEqual({
        id: publication.id,
        favicon: { id: 'fav.png' },
      });
      const search = await gql('PublicationSearchQuery', { domainOrSlug });
      expect(search.json().data.collectionByDomainOrSlug).toEqual({
        id: publication.id,
        name: 'Searchable',
        slug,
        domain,
        avatar: { id: 'avatar.png' },
        favicon: { id: 'fav.png' },
        creator: { id: writer.id },
      });
    }
    const none = await gql('PublicationFaviconQuery', { domainOrSlug: 'no-such-thing' });
    expect(none.json().data.collectionByDomainOrSlug).toBeNull();
  });
});
