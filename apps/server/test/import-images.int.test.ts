import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueApiToken } from '@quire/api';
import { Media, Post } from '@quire/db';
import { IMPORT_IMAGE_CONCURRENCY, IMPORT_MAX_IMAGES, type Paragraph } from '@quire/domain';
import { buildCollection, buildSession, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeaders, guardedFetchEnvironment, remotePng, useTestApp } from './helpers';
import { tokenFor, v1 } from './v1-helpers';

/**
 * Imported stories keep their outside images, fetched through the SSRF guard and stored as uploads. The guard
 * stays on (private addresses are refused): the resolver says `localhost` is a public address, so the local
 * "remote site" is reached by that name, while a literal loopback address or a private name stays blocked.
 */
const IFTTT_KEY = 'ifttt-test-service-key-0123456789';
const t = useTestApp(
  undefined,
  { PAGE_CACHE_FRESH_MS: '0', IFTTT_SERVICE_KEY: IFTTT_KEY },
  guardedFetchEnvironment,
);

const TEXT =
  '<p>The first paragraph of a long article about gardens, with enough words to look like the main content.</p>';
/** A page whose article holds `body`, as a blog would serve it. */
const page = (body: string) =>
  `<!doctype html><html><head><title>Gardens</title></head><body><nav><a href="/">Home</a></nav>` +
  `<article><h1>Gardens</h1>${TEXT}${body}</article><footer>Copyright</footer></body></html>`;

let png: Buffer;
/** Requests the remote site received, by path and query. */
const hits = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;
let server: Server;
let port = 0;
let site = '';
const pages = new Map<string, string>();

beforeAll(async () => {
  png = await remotePng();
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    const path = url.split('?')[0]!;
    if (pages.has(url))
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages.get(url));
    else if (path === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (path === '/slow.png') {
      // Counts the fetches under way, to show they come a few at a time.
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      }, 40);
    } else if (path === '/to-loopback')
      res.writeHead(302, { location: `http://127.0.0.1:${port}/photo.png` }).end();
    else if (path === '/to-intranet')
      res.writeHead(302, { location: 'http://intranet.test/photo.png' }).end();
    else if (path === '/notes.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  site = `http://localhost:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.clear();
  mostInFlight = 0;
});

const hitsOf = (path: string) =>
  [...hits].filter(([url]) => url.split('?')[0] === path).reduce((sum, [, n]) => sum + n, 0);
const mediaRows = () => t.db.em().count(Media, {});
const images = (post: Post) => post.content.paragraphs.filter((p) => p.type === 'IMG');

async function signedIn() {
  const em = t.db.em();
  const user = await buildUser(em);
  return { user, headers: authHeaders(await buildSession(em, user)) };
}

/** Imports `payload` as a fresh user; the new draft and its importer. */
async function imported(payload: { url: string } | { fileName: string; text: string }) {
  const { user, headers } = await signedIn();
  const res = await t.app.inject({ method: 'POST', url: '/_/import', headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  const post = await t.db.em().findOneOrFail(Post, { id: res.json().postId }, { populate: ['creator'] });
  return { user, post };
}

/** The IMG paragraph is a stored upload of `uploaderId` that serves the remote PNG, with its size. */
async function expectStoredPhoto(paragraph: Paragraph, uploaderId: string) {
  const id = paragraph.metadata!.id;
  expect(id).toMatch(/^[0-9a-f]{12}\.png$/);
  expect(paragraph.metadata).toMatchObject({ originalWidth: 120, originalHeight: 80 });
  const row = await t.db.em().findOneOrFail(Media, { storageKey: id }, { populate: ['uploader'] });
  expect(row.uploader?.id).toBe(uploaderId);
  const served = await t.app.inject({ url: `/media/${id}` });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });
}

describe('importing a web page', () => {
  it('keeps the PNG (relative to the page) as a stored upload and drops the missing image and the data URI', async () => {
    pages.set(
      '/story',
      page(
        '<figure><img src="/photo.png" alt="A red box"><figcaption>The box</figcaption></figure>' +
          `<p>More words after the picture.</p><img src="${site}/missing.png" alt="Gone">` +
          `<img src="data:image/png;base64,${png.toString('base64')}" alt="Inline">`,
      ),
    );
    const rows = await mediaRows();
    const { user, post } = await imported({ url: `${site}/story` });
    expect(post.status).toBe('DRAFT');
    expect(post.creator.id).toBe(user.id);
    const [image, ...others] = images(post);
    expect(others).toEqual([]);
    expect(image).toMatchObject({ text: 'The box', metadata: { alt: 'A red box' } });
    await expectStoredPhoto(image!, user.id);
    expect(hitsOf('/photo.png')).toBe(1);
    expect(hitsOf('/missing.png')).toBe(1);
    expect(await mediaRows()).toBe(rows + 1);
    expect(post.content.paragraphs.map((p) => p.type)).toEqual(['P', 'IMG', 'P']);
  });

  it('follows no redirect to a private address: the image is dropped and the import still succeeds', async () => {
    pages.set(
      '/private',
      page(
        `<img src="/to-loopback"><img src="/to-intranet"><img src="http://127.0.0.1:${port}/photo.png">` +
          `<img src="${site}/notes.txt"><img src="ftp://localhost/photo.png">`,
      ),
    );
    const rows = await mediaRows();
    const { post } = await imported({ url: `${site}/private` });
    expect(images(post)).toEqual([]);
    expect(post.content.paragraphs.map((p) => p.type)).toEqual(['P']);
    expect(hitsOf('/to-loopback')).toBe(1);
    expect(hitsOf('/to-intranet')).toBe(1);
    expect(hitsOf('/notes.txt')).toBe(1);
    expect(hitsOf('/photo.png')).toBe(0);
    expect(await mediaRows()).toBe(rows);
  });

  it(`stores at most ${IMPORT_MAX_IMAGES} images, the first ones, ${IMPORT_IMAGE_CONCURRENCY} at a time`, async () => {
    const count = IMPORT_MAX_IMAGES + 5;
    pages.set(
      '/gallery',
      page(
        Array.from({ length: count }, (_, i) => `<p><img src="/slow.png?n=${i}" alt="n${i}"></p>`).join(''),
      ),
    );
    const { post } = await imported({ url: `${site}/gallery` });
    const kept = images(post);
    expect(kept.map((p) => p.metadata?.alt)).toEqual(
      Array.from({ length: IMPORT_MAX_IMAGES }, (_, i) => `n${i}`),
    );
    expect(new Set(kept.map((p) => p.metadata?.id)).size).toBe(IMPORT_MAX_IMAGES);
    expect(hitsOf('/slow.png')).toBe(IMPORT_MAX_IMAGES);
    expect(hits.has(`/slow.png?n=${IMPORT_MAX_IMAGES}`)).toBe(false);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(IMPORT_IMAGE_CONCURRENCY);
  });
});

describe('importing a file', () => {
  it('keeps absolute image addresses of HTML and Markdown files; relative ones have no base', async () => {
    const html = await imported({
      fileName: 'story.html',
      text: `<html><body><p>Words.</p><img src="${site}/photo.png" alt="Absolute"><img src="photo.png"></body></html>`,
    });
    expect(images(html.post).map((p) => p.metadata?.alt)).toEqual(['Absolute']);
    await expectStoredPhoto(images(html.post)[0]!, html.user.id);

    const md = await imported({
      fileName: 'notes.md',
      text: `# Notes\n\n![In Markdown](${site}/photo.png)\n`,
    });
    expect(md.post.title).toBe('Notes');
    expect(images(md.post).map((p) => p.metadata?.alt)).toEqual(['In Markdown']);
    await expectStoredPhoto(images(md.post)[0]!, md.user.id);
  });
});

describe('posting through the API', () => {
  it('a /v1 Markdown post keeps its outside image', async () => {
    const writer = await buildUser(t.db.em());
    const res = await v1(t, 'POST', `/v1/users/${writer.id}/posts`, {
      token: await tokenFor(t, writer),
      body: {
        title: 'With a picture',
        contentFormat: 'markdown',
        content: `Some text.\n\n![A red box](${site}/photo.png)\n`,
        publishStatus: 'public',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = await t.db.em().findOneOrFail(Post, { id: res.json().data.id });
    expect(post.status).toBe('PUBLISHED');
    expect(post.content.paragraphs.map((p) => p.type)).toEqual(['P', 'IMG']);
    expect(images(post)[0]!.metadata?.alt).toBe('A red box');
    await expectStoredPhoto(images(post)[0]!, writer.id);
  });

  it('a /v1 post to a publication the writer may not write for fetches nothing', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const notMine = await buildCollection(em, { creator: await buildUser(em) });
    const rows = await mediaRows();
    const res = await v1(t, 'POST', `/v1/publications/${notMine.id}/posts`, {
      token: await tokenFor(t, writer),
      body: { title: 'Nope', contentFormat: 'html', content: `<p>x</p><img src="${site}/photo.png">` },
    });
    expect(res.statusCode).toBe(403);
    expect(hitsOf('/photo.png')).toBe(0);
    expect(await mediaRows()).toBe(rows);
  });

  it("IFTTT's publish action keeps the story's outside image", async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    const { token } = await issueApiToken(em, {
      user,
      kind: 'INTEGRATION',
      name: 'IFTTT',
      scopes: ['publishPost'],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/ifttt/v1/actions/publish_story',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        actionFields: { title: 'From IFTTT', content: `<p>Hello</p><img src="${site}/photo.png">` },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const post = await t.db.em().findOneOrFail(Post, { id: res.json().data[0].id });
    expect(post.content.paragraphs.map((p) => p.type)).toEqual(['P', 'IMG']);
    await expectStoredPhoto(images(post)[0]!, user.id);
  });
});
