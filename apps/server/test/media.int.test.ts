import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Collection, LocalDiskMediaStore, Media, Post, User } from '@quire/db';
import { DEMO, demoImageSpecs, seedDemo } from '@quire/seed';
import { buildSession, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTexts } from '../src/media';
import { authHeaders, useTestApp } from './helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-media-'));
const mediaDir = path.join(dataDir, 'media');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = useTestApp(undefined, {
  PAGE_CACHE_FRESH_MS: '0',
  DATA_DIR: dataDir,
  IMAGE_UPLOAD_MAX_SIZE_MB: '1',
});

let token = '';
beforeAll(async () => {
  const em = t.db.em();
  token = await buildSession(em, await buildUser(em));
});

/** A multipart body with one `file` field, serialised by the platform's own FormData encoder. */
async function multipart(data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function upload(
  data: Buffer,
  opts: { filename?: string; type?: string; headers?: Record<string, string> } = {},
) {
  const body = await multipart(data, opts.filename ?? 'image.bin', opts.type ?? 'application/octet-stream');
  return t.app.inject({
    method: 'POST',
    url: '/_/upload',
    headers: { ...(opts.headers ?? authHeaders(token)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const photo = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

/** Files in the media folder, variants and temporary files included. */
const storedFiles = () =>
  existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true, encoding: 'utf8' }).sort() : [];
const mediaRows = () => t.db.em().count(Media, {});

describe('POST /_/upload', () => {
  it('stores a JPEG re-encoded without EXIF, orientation applied, with its Media row', async () => {
    // 800x600 pixels tagged "rotate 90°": the upright image is 600x800.
    const jpeg = await photo()
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Make: 'SpyCam', Copyright: 'Someone' }, IFD3: { GPSLatitudeRef: 'N' } },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes('SpyCam')).toBe(true);

    const res = await upload(jpeg, { filename: 'holiday.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}\.jpg$/),
      width: 600,
      height: 800,
      url: `/media/${body.id}`,
    });

    const stored = readFileSync(path.join(mediaDir, body.id));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(stored.includes('SpyCam')).toBe(false);

    const row = await t.db.em().findOneOrFail(Media, { storageKey: body.id }, { populate: ['uploader'] });
    expect(row.id).toBe(body.id.replace('.jpg', ''));
    expect(row).toMatchObject({ mime: 'image/jpeg', width: 600, height: 800, bytes: stored.length });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.uploader).not.toBeNull();

    const served = await t.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('stores a PNG as PNG', async () => {
    const png = await photo(320, 200).png().toBuffer();
    const res = await upload(png, { filename: 'diagram.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-f]{12}\.png$/);
    expect([body.width, body.height]).toEqual([320, 200]);
    expect((await sharp(readFileSync(path.join(mediaDir, body.id))).metadata()).format).toBe('png');
    const row = await t.db.em().findOneOrFail(Media, { storageKey: body.id });
    expect(row.mime).toBe('image/png');
  });

  it('keeps WebP, AVIF and animated GIF in their formats, frames included', async () => {
    for (const [format, data] of [
      ['webp', await photo(64, 48).webp().toBuffer()],
      ['avif', await photo(64, 48).avif().toBuffer()],
    ] as const) {
      const res = await upload(data);
      expect(res.statusCode, format).toBe(200);
      expect(res.json()).toMatchObject({
        id: expect.stringMatching(new RegExp(`\\.${format}$`)),
        width: 64,
        height: 48,
      });
      const served = await t.app.inject({ url: `${res.json().url}?w=32` });
      expect(served.headers['content-type']).toBe(`image/${format}`);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(32);
    }
    const frames = await Promise.all(
      [0, 1, 2].map((i) =>
        sharp({
          create: { width: 40, height: 30, channels: 4, background: { r: i * 100, g: 0, b: 0, alpha: 1 } },
        })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await upload(gif);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.stringMatching(/\.gif$/), width: 40, height: 30 });
    const variant = await t.app.inject({ url: `${res.json().url}?w=20&h=20&s=crop` });
    const meta = await sharp(variant.rawPayload, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['gif', 3, 20, 20]);
  });

  it('refuses files that are not images, whatever they claim to be, and writes nothing', async () => {
    const files = storedFiles();
    const rows = await mediaRows();
    for (const [data, type] of [
      [Buffer.from('just some text, honestly an image'), 'image/jpeg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml'],
    ] as const) {
      const res = await upload(data, { filename: 'photo.jpg', type });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe(uploadTexts.unsupported);
    }
    expect(uploadTexts.unsupported).toBe('Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.');
    expect(storedFiles()).toEqual(files);
    expect(await mediaRows()).toBe(rows);
  });

  it('refuses images over the configured size with 413 and writes nothing', async () => {
    const noise = randomBytes(900 * 900 * 3);
    const big = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const files = storedFiles();
    const rows = await mediaRows();
    const res = await upload(big, { type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The image is larger than the 1 MB limit.');
    expect(storedFiles()).toEqual(files);
    expect(await mediaRows()).toBe(rows);
  });

  it('needs a signed-in user and the anti-forgery token', async () => {
    const png = await photo(10, 10).png().toBuffer();
    const rows = await mediaRows();
    const signedOut = await upload(png, { headers: authHeaders(null) });
    expect(signedOut.statusCode).toBe(401);
    const noXsrf = await upload(png, { headers: { cookie: `xsrf=abc; sid=${token}` } });
    expect(noXsrf.statusCode).toBe(403);
    expect(await mediaRows()).toBe(rows);
  });

  it('asks for the image in a multipart file field', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/_/upload',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      payload: { file: 'nope' },
    });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(await photo(10, 10).png().toBuffer())]), 'a.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/_/upload',
      headers: { ...authHeaders(token), 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(uploadTexts.noFile);
  });
});

describe('GET /media/:id variants', () => {
  let id = '';
  beforeAll(async () => {
    const res = await upload(await photo(800, 600).jpeg().toBuffer(), { type: 'image/jpeg' });
    id = res.json().id;
  });
  const size = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    return { res, width: meta.width, height: meta.height, format: meta.format };
  };

  it('resamples to a width, keeping the aspect ratio and the format', async () => {
    const { res, width, height, format } = await size(`/media/${id}?w=200`);
    expect([width, height]).toEqual([200, 150]);
    expect(format).toBe('jpeg');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('crops and letterboxes to exactly w×h', async () => {
    expect(await size(`/media/${id}?w=200&h=100&s=crop`)).toMatchObject({ width: 200, height: 100 });
    expect(await size(`/media/${id}?w=200&h=100&s=letterbox`)).toMatchObject({ width: 200, height: 100 });
    expect(await size(`/media/${id}?w=400&h=400&s=fit`)).toMatchObject({ width: 400, height: 300 });
    expect(await size(`/media/${id}?w=2000&s=fit`)).toMatchObject({ width: 800, height: 600 });
  });

  it('needs a height for crop and letterbox, with the builder’s message', async () => {
    for (const s of ['crop', 'letterbox']) {
      const res = await t.app.inject({ url: `/media/${id}?w=200&s=${s}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(`A height param was expected for the ${s} strategy.`);
    }
  });

  it('refuses out-of-range or malformed params', async () => {
    for (const q of ['w=0', 'w=4001', 'w=abc', 'w=1&w=2', 'h=-1', 's=stretch', 'w=10&dpr=0', 'w=10&dpr=x']) {
      expect((await t.app.inject({ url: `/media/${id}?${q}` })).statusCode, q).toBe(400);
    }
  });

  it('caps the pixel ratio at 2', async () => {
    expect(await size(`/media/${id}?w=100&dpr=2`)).toMatchObject({ width: 200 });
    expect(await size(`/media/${id}?w=100&dpr=3`)).toMatchObject({ width: 200 });
    expect(await size(`/media/${id}?w=100&dpr=1.5`)).toMatchObject({ width: 150 });
  });

  it('computes a variant once and serves it from the variant cache afterwards', async () => {
    const url = `/media/${id}?w=120&h=90&s=crop`;
    const first = await t.app.inject({ url });
    expect(first.headers['x-media-variant']).toBe('miss');
    const file = path.join(mediaDir, 'variants', id, 'crop-120x90.jpg');
    expect(existsSync(file)).toBe(true);
    const second = await t.app.inject({ url });
    expect(second.headers['x-media-variant']).toBe('hit');
    expect(second.rawPayload.equals(readFileSync(file))).toBe(true);
    // The same pixels asked for another way share the cached file.
    const sameBox = await t.app.inject({ url: `/media/${id}?w=60&h=45&s=crop&dpr=2` });
    expect(sameBox.headers['x-media-variant']).toBe('hit');
  });

  it('404s unknown ids, demo ids with no stored image included, and 400s malformed ones', async () => {
    for (const url of [
      '/media/0123456789ab.jpg?w=200',
      '/media/0123456789ab.jpg',
      '/media/variants',
      // Nothing is drawn on the fly any more: a demo id is served only once the demo seed stored it.
      '/media/demo-7.jpg?w=680&dpr=2',
      '/media/demo-avatar-1.jpg',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { message: 'No such image.' } });
    }
    expect((await t.app.inject({ url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/media/a..${id}` })).statusCode).toBe(400);
  });

  it('answers 404, not 500, for a variant of a stored file that is not a readable image', async () => {
    writeFileSync(path.join(mediaDir, 'damaged0001.jpg'), Buffer.from('not really a jpeg'));
    const res = await t.app.inject({ url: '/media/damaged0001.jpg?w=200' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: 'No such image.' } });
    expect(existsSync(path.join(mediaDir, 'variants', 'damaged0001.jpg'))).toBe(false);
  });
});

describe('demo images', () => {
  beforeAll(async () => {
    await seedDemo(t.db.orm, { media: new LocalDiskMediaStore(mediaDir) });
  });

  /** The image URLs of a page (src, srcset and meta tags), as paths. */
  const imageUrls = (html: string) =>
    [
      ...new Set([...html.matchAll(/\/media\/[^"'\s,)<>]+/g)].map((m) => m[0].replaceAll('&amp;', '&'))),
    ].sort();

  it('serves the stored demo images like uploads: originals and resized variants, cached', async () => {
    for (const spec of demoImageSpecs()) {
      const res = await t.app.inject({ url: `/media/${spec.key}` });
      expect(res.statusCode, spec.key).toBe(200);
      expect(res.headers['content-type'], spec.key).toBe(spec.mime);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height], spec.key).toEqual([spec.width, spec.height]);
    }
    const story = demoImageSpecs().find((s) => s.kind === 'story')!;
    const variant = await t.app.inject({ url: `/media/${story.key}?w=680&dpr=2` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['x-media-variant']).toBe('miss');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(1360);
    const avatar = await t.app.inject({ url: '/media/demo-avatar-3.jpg?w=48&h=48&s=crop&dpr=2' });
    expect(avatar.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ width: 96, height: 96 });
  });

  it('answers 200 with an image for every image URL of the demo story page', async () => {
    const page = await t.app.inject({ url: DEMO.story.path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const urls = imageUrls(page.body);
    const story = await t.db.em().findOneOrFail(Post, DEMO.story.id);
    const pictures = story.content.paragraphs.filter((p) => p.type === 'IMG').map((p) => p.metadata!.id);
    expect(pictures.length).toBeGreaterThan(0);
    for (const id of pictures)
      expect(
        urls.some((u) => u.startsWith(`/media/${id}`)),
        id,
      ).toBe(true);
    for (const url of urls) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/(jpeg|png)$/);
      expect((await sharp(res.rawPayload).metadata()).width, url).toBeGreaterThan(0);
    }
  });

  it('has a stored image behind every demo avatar, logo and story picture id', async () => {
    const em = t.db.em();
    const ids = new Set<string>();
    for (const u of await em.find(User, { imageId: { $like: 'demo-%' } })) {
      ids.add(u.imageId!);
    }
    for (const c of await em.find(Collection, { slug: { $in: [...DEMO.publicationSlugs] } })) {
      ids.add(c.avatarId!);
    }
    for (const p of await em.find(Post, { previewImageId: { $like: 'demo-%' } })) ids.add(p.previewImageId!);
    expect(ids.size).toBeGreaterThan(DEMO.counts.users + DEMO.counts.publications);
    for (const id of ids) {
      expect((await t.app.inject({ url: `/media/${id}?w=200` })).statusCode, id).toBe(200);
    }
  });
});
