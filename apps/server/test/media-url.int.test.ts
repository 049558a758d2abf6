import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Media } from '@quire/db';
import { accessTexts, imageByUrlTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadTexts } from '../src/media';
import { authHeaders, guardedFetchEnvironment, remotePng, useTestApp } from './helpers';

/**
 * The guard stays on here (private addresses are not allowed): the resolver says `localhost` is a public address,
 * so the first hop passes the check and the connection reaches the local test server; a literal loopback address
 * or a name resolving to a private one is then refused like any other.
 */
const t = useTestApp(
  undefined,
  { PAGE_CACHE_FRESH_MS: '0', IMAGE_UPLOAD_MAX_SIZE_MB: '1' },
  guardedFetchEnvironment,
);

const mediaDir = () => path.join(t.dataDir, 'media');
const storedFiles = () =>
  existsSync(mediaDir()) ? readdirSync(mediaDir(), { recursive: true, encoding: 'utf8' }).sort() : [];
const mediaRows = () => t.db.em().count(Media, {});

let png: Buffer;
const oversize = randomBytes(1024 * 1024 + 4096);
/** Requests the remote site received, by path. */
const hits = new Map<string, number>();
let server: Server;
let port = 0;
let site = '';

beforeAll(async () => {
  png = await remotePng();
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (url === '/moved') res.writeHead(302, { location: '/photo.png' }).end();
    else if (url === '/to-loopback')
      res.writeHead(302, { location: `http://127.0.0.1:${port}/photo.png` }).end();
    else if (url === '/to-intranet') res.writeHead(302, { location: 'http://intranet.test/photo.png' }).end();
    else if (url === '/page')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Hi</p>');
    else if (url === '/huge') res.writeHead(200, { 'content-type': 'image/png' }).end(oversize);
    else if (url === '/huge-chunked') {
      // No content-length: the cap is met while the body is read.
      res.writeHead(200, { 'content-type': 'image/png' });
      for (let i = 0; i < oversize.length; i += 64 * 1024) res.write(oversize.subarray(i, i + 64 * 1024));
      res.end();
    } else if (url === '/vector.svg')
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    else if (url === '/liar.jpg')
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a jpeg at all');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  site = `http://localhost:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => hits.clear());

let token = '';
beforeAll(async () => {
  const em = t.db.em();
  token = await buildSession(em, await buildUser(em));
});

const uploadUrl = (payload: unknown, headers: Record<string, string> = authHeaders(token)) =>
  t.app.inject({ method: 'POST', url: '/_/upload-url', headers, payload: payload as object });

/** Runs `refusals`, each expected to answer its status and message, and proves nothing was stored. */
async function refusedWithNothingStored(refusals: [payload: unknown, status: number, message: string][]) {
  const files = storedFiles();
  const rows = await mediaRows();
  for (const [payload, status, message] of refusals) {
    const res = await uploadUrl(payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    expect(res.json().error.message, JSON.stringify(payload)).toContain(message);
  }
  expect(storedFiles()).toEqual(files);
  expect(await mediaRows()).toBe(rows);
}

describe('POST /_/upload-url', () => {
  it('fetches an image (following a redirect) and stores it as an upload is', async () => {
    const res = await uploadUrl({ url: `${site}/moved` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}\.png$/),
      width: 120,
      height: 80,
      url: `/media/${body.id}`,
    });
    expect(hits.get('/photo.png')).toBe(1);

    const row = await t.db.em().findOneOrFail(Media, { storageKey: body.id }, { populate: ['uploader'] });
    const stored = readFileSync(path.join(mediaDir(), body.id));
    expect(row).toMatchObject({ mime: 'image/png', width: 120, height: 80, bytes: stored.length });
    expect(row.uploader).not.toBeNull();

    const served = await t.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a redirect to a private address without fetching it, and a private address itself', async () => {
    await refusedWithNothingStored([
      [{ url: `${site}/to-loopback` }, 400, imageByUrlTexts.blockedUrl],
      [{ url: `${site}/to-intranet` }, 400, imageByUrlTexts.blockedUrl],
      [{ url: `http://127.0.0.1:${port}/photo.png` }, 400, imageByUrlTexts.blockedUrl],
      [{ url: 'http://[::1]/photo.png' }, 400, imageByUrlTexts.blockedUrl],
      [{ url: 'http://169.254.169.254/latest/meta-data/' }, 400, imageByUrlTexts.blockedUrl],
      [{ url: `http://user:secret@localhost:${port}/photo.png` }, 400, imageByUrlTexts.blockedUrl],
    ]);
    expect(hits.get('/to-loopback')).toBe(1);
    expect(hits.get('/to-intranet')).toBe(1);
    expect(hits.has('/photo.png')).toBe(false);
  });

  it('refuses pages, images over the upload limit, files that are not images and failed fetches', async () => {
    await refusedWithNothingStored([
      [{ url: `${site}/page` }, 415, imageByUrlTexts.notImage],
      [{ url: `${site}/huge` }, 413, imageByUrlTexts.tooLarge(1)],
      [{ url: `${site}/huge-chunked` }, 413, imageByUrlTexts.tooLarge(1)],
      [{ url: `${site}/vector.svg` }, 415, uploadTexts.unsupported],
      [{ url: `${site}/liar.jpg` }, 415, uploadTexts.unsupported],
      [{ url: `${site}/missing.png` }, 422, imageByUrlTexts.fetchFailed],
      [{ url: 'http://nowhere.test/photo.png' }, 422, imageByUrlTexts.fetchFailed],
    ]);
    expect(imageByUrlTexts.tooLarge(1)).toBe('The image at that address is larger than the 1 MB limit.');
  });

  it('refuses what is not an http(s) address, and bodies without one', async () => {
    await refusedWithNothingStored([
      [{ url: 'not a url' }, 400, imageByUrlTexts.badUrl],
      [{ url: 'file:///etc/passwd' }, 400, imageByUrlTexts.badUrl],
      [{ url: 'ftp://localhost/photo.png' }, 400, imageByUrlTexts.badUrl],
      [{ url: '' }, 400, imageByUrlTexts.badUrl],
      [{ url: `${site}/${'x'.repeat(2100)}.png` }, 400, imageByUrlTexts.badUrl],
      [{ url: 42 }, 400, 'url'],
      [{}, 400, 'url'],
    ]);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/_/upload-url',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      payload: '{"url": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toEqual(expect.any(String));
  });

  it('needs a signed-in account in good standing and the anti-forgery token, fetching nothing otherwise', async () => {
    const em = t.db.em();
    const suspended = await buildSession(em, await buildUser(em, { isSuspended: true }));
    const rows = await mediaRows();
    const payload = { url: `${site}/photo.png` };

    const signedOut = await uploadUrl(payload, authHeaders(null));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: { message: uploadTexts.signIn, code: 'UNAUTHORIZED' } });
    const refused = await uploadUrl(payload, authHeaders(suspended));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(accessTexts.suspendedAccount);
    const noXsrf = await uploadUrl(payload, { cookie: `xsrf=abc; sid=${token}` });
    expect(noXsrf.statusCode).toBe(403);

    expect(hits.has('/photo.png')).toBe(false);
    expect(await mediaRows()).toBe(rows);
  });
});

describe('GET /media/{id}/href', () => {
  it('redirects to the original image, variant params dropped, cached for a day', async () => {
    const { id } = (await uploadUrl({ url: `${site}/photo.png` })).json();
    for (const url of [`/media/${id}/href`, `/media/${id}/href?w=200&s=fit`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(`/media/${id}`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
    const original = await t.app.inject({ url: `/media/${id}` });
    expect(original.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of [
      '/media/0123456789ab.png/href',
      '/media/0123456789ab/href',
      '/media/variants/href',
      '/media/a..b.png/href',
      '/media/..%2F..%2Fetc%2Fpasswd/href',
      `/media/${'x'.repeat(300)}.png/href`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { message: 'No such image.' } });
    }
  });
});
