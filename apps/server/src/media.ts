import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  accountRefusal,
  defaultPageFetchSettings,
  FetchRefusal,
  type FetchRefusalReason,
  guardedFetch,
  type ServiceEnvironment,
  type StoreImageFromUrl,
} from '@quire/api';
import { Media, newId, type Orm, type User } from '@quire/db';
import {
  IMAGE_STRATEGIES,
  IMAGE_URL_MAX,
  type ImageStrategy,
  imageByUrlTexts,
  imageUrl,
  MAX_IMAGE_PIXEL_RATIO,
  textInput,
} from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { z } from 'zod';
import type { ServerConfig } from './config';
import { contextFor } from './context';
import { LocalDiskMediaStore, type MediaStore } from './media-store';

const MEDIA_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** /media/{id}/href points at the original; the address is stable, so a day's caching is safe. */
const HREF_CACHE = 'public, max-age=86400';
const NOT_FOUND = 'No such image.';
const UPLOAD_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The largest width or height a variant URL may ask for, and the largest side a variant is rendered at. */
export const MAX_VARIANT_SIDE = 4000;
/** Decompression-bomb guard: images with more pixels than this (all frames together) are refused. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** The formats an upload may have; a stored file keeps its format and is named `{mediaId}.{ext}`. */
export const UPLOAD_FORMATS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
  avif: { ext: 'avif', mime: 'image/avif' },
} as const;
export type UploadFormat = keyof typeof UPLOAD_FORMATS;

const FORMAT_BY_EXT = new Map<string, UploadFormat>(
  Object.entries(UPLOAD_FORMATS).map(([format, { ext }]) => [ext, format as UploadFormat]),
);

/** The Accept header of an image fetched by its address: the upload formats first, any image after. */
const IMAGE_ACCEPT = [...Object.values(UPLOAD_FORMATS).map((f) => f.mime), 'image/*;q=0.8'].join(',');

/** POST /_/upload-url's body. */
const uploadUrlBody = z.object({
  url: textInput().min(1, imageByUrlTexts.badUrl).max(IMAGE_URL_MAX, imageByUrlTexts.badUrl),
});

export const uploadTexts = {
  tooLarge: (mb: number) => `The image is larger than the ${mb} MB limit.`,
  unsupported: 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.',
  unreadable: 'The image could not be read; it may be damaged.',
  tooManyPixels: `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels.`,
  noFile: 'Choose an image to upload in the file field.',
  notMultipart: 'Send the image as multipart/form-data in a field named file.',
  signIn: 'You need to sign in first.',
};

/** The upload format sharp found in the bytes, or null for anything else (SVG, TIFF, HEIC, text…). */
export function uploadFormatOf(meta: Pick<Metadata, 'format' | 'compression'>): UploadFormat | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return meta.format;
    case 'heif':
      return meta.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

/** Re-encodes in the same format (sharp writes no metadata unless asked: EXIF, GPS, XMP and comments go). */
function encode(pipeline: Sharp, format: UploadFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85, progressive: true, mozjpeg: true });
    case 'png':
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality: 85 });
    case 'gif':
      return pipeline.gif();
    case 'avif':
      return pipeline.avif({ quality: 60 });
  }
}

const isAnimatable = (format: UploadFormat) => format === 'gif' || format === 'webp';

// ---------------------------------------------------------------------------------------------------------
// Variant parameters (the inverse of the domain's imageUrl builder)
// ---------------------------------------------------------------------------------------------------------

export interface VariantParams {
  width?: number;
  height?: number;
  strategy: ImageStrategy;
  /** Already capped at MAX_IMAGE_PIXEL_RATIO. */
  pixelRatio: number;
}

type Query = Record<string, string | string[] | undefined>;

/**
 * Parses `w`, `h`, `s`, `dpr` as imageUrl builds them: w and h whole numbers from 1 to 4000, s one of the
 * strategies (default resample), dpr a positive number clamped to 2. crop and letterbox need h, with the builder's
 * own error text. Other query parameters are ignored.
 */
export function parseVariantParams(query: Query): VariantParams | { error: string } {
  const single = (name: string): string | undefined | null => {
    const value = query[name];
    return Array.isArray(value) ? null : value;
  };
  const side = (name: 'w' | 'h', label: string): number | undefined | string => {
    const raw = single(name);
    if (raw === undefined) return undefined;
    const n = raw !== null && /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(n >= 1 && n <= MAX_VARIANT_SIDE)) {
      return `Expected a whole-number ${label} param from 1 to ${MAX_VARIANT_SIDE}, got ${JSON.stringify(query[name])}.`;
    }
    return n;
  };
  const width = side('w', 'width');
  if (typeof width === 'string') return { error: width };
  const height = side('h', 'height');
  if (typeof height === 'string') return { error: height };

  const rawStrategy = single('s');
  if (rawStrategy !== undefined && !(IMAGE_STRATEGIES as readonly (string | null)[]).includes(rawStrategy)) {
    return {
      error: `Expected a strategy param of ${IMAGE_STRATEGIES.join(', ')}, got ${JSON.stringify(query.s)}.`,
    };
  }
  const strategy = (rawStrategy ?? 'resample') as ImageStrategy;

  const rawDpr = single('dpr');
  let pixelRatio = 1;
  if (rawDpr !== undefined) {
    const n = rawDpr !== null && /^\d{1,3}(\.\d{1,3})?$/.test(rawDpr) ? Number(rawDpr) : Number.NaN;
    if (!(n > 0)) return { error: `Expected a positive pixelRatio param, got ${JSON.stringify(query.dpr)}.` };
    pixelRatio = Math.min(n, MAX_IMAGE_PIXEL_RATIO);
  }
  try {
    // The spec §5 rule (crop and letterbox need a height) and its message come from the builder itself.
    imageUrl('x', { width, height, strategy: rawStrategy === undefined ? undefined : strategy, pixelRatio });
  } catch (error) {
    return { error: (error as Error).message };
  }
  return { width, height, strategy, pixelRatio };
}

/** The pixel box a variant is rendered at: the CSS size times the pixel ratio, no side above MAX_VARIANT_SIDE. */
export function variantBox(params: VariantParams): { width?: number; height?: number } {
  const w = params.width === undefined ? undefined : params.width * params.pixelRatio;
  const h = params.height === undefined ? undefined : params.height * params.pixelRatio;
  const scale = Math.min(1, MAX_VARIANT_SIDE / Math.max(w ?? 0, h ?? 0, 1));
  const px = (n: number | undefined) => (n === undefined ? undefined : Math.max(1, Math.round(n * scale)));
  return { width: px(w), height: px(h) };
}

/**
 * Strategies (spec §5): resample scales to the width (or height, or inside both) keeping the aspect ratio and may
 * enlarge; fit does the same but never enlarges; crop covers exactly w×h, cropping the centre; letterbox contains
 * the image in exactly w×h, padded white (JPEG) or transparent.
 */
function resize(
  pipeline: Sharp,
  box: { width?: number; height?: number },
  strategy: ImageStrategy,
  format: UploadFormat,
) {
  switch (strategy) {
    case 'resample':
      return pipeline.resize({ ...box, fit: 'inside' });
    case 'fit':
      return pipeline.resize({ ...box, fit: 'inside', withoutEnlargement: true });
    case 'crop':
      return pipeline.resize({ ...box, fit: 'cover', position: 'centre' });
    case 'letterbox':
      return pipeline.resize({
        ...box,
        fit: 'contain',
        background: format === 'jpeg' ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 },
      });
  }
}

const variantKey = (
  id: string,
  box: { width?: number; height?: number },
  strategy: ImageStrategy,
  ext: string,
) => `variants/${id}/${strategy}-${box.width ?? 'auto'}x${box.height ?? 'auto'}.${ext}`;

// ---------------------------------------------------------------------------------------------------------
// Storing an upload (the editor's /_/upload and the /v1 API's /v1/images)
// ---------------------------------------------------------------------------------------------------------

/** A stored upload, or why it was refused (with its HTTP status). */
export type StoredImage =
  | { id: string; width: number; height: number; url: string; bytes: Buffer }
  | { status: 415 | 422; error: string };

/**
 * Checks an uploaded file's bytes (the type from the bytes, never the name), re-encodes it without metadata,
 * stores it and its Media row for `uploader`.
 */
export async function storeUploadedImage(
  em: EntityManager,
  uploader: User,
  bytes: Buffer,
  store: MediaStore,
): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { status: 415, error: uploadTexts.unsupported };
  }
  const format = uploadFormatOf(meta);
  if (!format) return { status: 415, error: uploadTexts.unsupported };
  if ((meta.width ?? 0) * (meta.height ?? 0) * (meta.pages ?? 1) > MAX_INPUT_PIXELS) {
    return { status: 422, error: uploadTexts.tooManyPixels };
  }

  let encoded: { data: Buffer; info: OutputInfo };
  try {
    const input = sharp(bytes, { animated: isAnimatable(format), limitInputPixels: MAX_INPUT_PIXELS });
    // rotate() applies the EXIF orientation to the pixels; the output carries no metadata at all.
    encoded = await encode(input.rotate(), format).toBuffer({ resolveWithObject: true });
  } catch {
    return { status: 422, error: uploadTexts.unreadable };
  }
  const { data, info } = encoded;
  const width = info.width;
  const height = info.pageHeight ?? info.height;

  const id = newId();
  const { ext, mime } = UPLOAD_FORMATS[format];
  const key = `${id}.${ext}`;
  await store.put(key, data);
  try {
    em.create(Media, {
      id,
      uploader,
      mime,
      width,
      height,
      bytes: data.length,
      storageKey: key,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    await em.flush();
  } catch (error) {
    await store.delete(key);
    throw error;
  }
  return { id: key, width, height, url: imageUrl(key), bytes: data };
}

/** An image fetched by its address and stored, or why not: the fetch's refusal or the upload's own. */
export type ImageFromUrl = StoredImage | { refused: FetchRefusalReason };

/**
 * Fetches images by their address for an uploader and stores them as uploads are (POST /_/upload-url, and the
 * outside images of imported stories): guardedFetch's SSRF guard with image types only and the upload limit,
 * then storeUploadedImage, which decides from the bytes.
 */
export function imageFromUrlStorer(config: ServerConfig, env: ServiceEnvironment, store: MediaStore) {
  const settings = defaultPageFetchSettings(env.pageFetch);
  const maxBytes = config.IMAGE_UPLOAD_MAX_SIZE_MB * 1024 * 1024;
  return async (
    em: EntityManager,
    uploader: User,
    url: string,
    signal?: AbortSignal,
  ): Promise<ImageFromUrl> => {
    let bytes: Buffer;
    try {
      // The header's type only screens out pages and the like; sharp decides from the bytes, as for an upload.
      ({ body: bytes } = await guardedFetch(url, settings, {
        accept: IMAGE_ACCEPT,
        contentType: /^image\//i,
        maxBytes,
        signal,
      }));
    } catch (error) {
      if (error instanceof FetchRefusal) return { refused: error.reason };
      throw error;
    }
    return storeUploadedImage(em, uploader, bytes, store);
  };
}

/** The environment's storeImageFromUrl: an image that cannot be fetched or stored is null, dropped by the import. */
export function importedImageStorer(
  config: ServerConfig,
  env: ServiceEnvironment,
  store: MediaStore,
): StoreImageFromUrl {
  const fromUrl = imageFromUrlStorer(config, env, store);
  return async (em, uploader, url, signal) => {
    const image = await fromUrl(em, uploader, url, signal);
    return 'id' in image ? { id: image.id, width: image.width, height: image.height } : null;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

const sendError = (reply: FastifyReply, status: number, message: string, code?: string) =>
  reply.code(status).send({ error: code ? { message, code } : { message } });

/** The answer of /_/upload and /_/upload-url: the stored image, or its refusal. */
const sendStored = (reply: FastifyReply, stored: StoredImage) =>
  'error' in stored
    ? sendError(reply, stored.status, stored.error)
    : reply.send({ id: stored.id, width: stored.width, height: stored.height, url: stored.url });

/**
 * GET /media/{id}: stored images, uploads and the demo seed's alike (resized variants by w, h, s, dpr, computed
 * once and kept under DATA_DIR/media/variants/); an id with no stored image answers 404, so pages fall back to
 * no picture. GET /media/{id}/href: a redirect to the original. POST /_/upload: image uploads; POST
 * /_/upload-url: an image fetched from its address (SSRF-guarded, the upload limit) and stored as an upload is.
 */
export async function registerMedia(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
  store: MediaStore = new LocalDiskMediaStore(path.join(config.DATA_DIR, 'media')),
) {
  const maxMb = config.IMAGE_UPLOAD_MAX_SIZE_MB;
  const maxBytes = maxMb * 1024 * 1024;
  const fromUrl = imageFromUrlStorer(config, env, store);

  /** The signed-in uploader in good standing, or null once the refusal is sent (401 signed out, else 403). */
  const uploaderFor = async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = await contextFor(orm, config, env, req, reply);
    const refused = accountRefusal(ctx.viewer, true);
    if (refused?.code === 'UNAUTHORIZED') sendError(reply, 401, uploadTexts.signIn, refused.code);
    else if (refused) sendError(reply, 403, refused.message, refused.code);
    return refused ? null : { em: ctx.em, uploader: ctx.viewer! };
  };

  await app.register(async (scope) => {
    // Multipart parsing exists only on this route; every other route keeps the small JSON body limit.
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 100 },
    });
    scope.post('/_/upload', { config: UPLOAD_RATE_LIMIT }, async (req, reply) => {
      const account = await uploaderFor(req, reply);
      if (!account) return reply;
      if (!req.isMultipart()) return sendError(reply, 415, uploadTexts.notMultipart);

      let bytes: Buffer;
      try {
        const part = await req.file();
        if (part?.fieldname !== 'file') return sendError(reply, 400, uploadTexts.noFile);
        bytes = await part.toBuffer();
        if (part.file.truncated) return sendError(reply, 413, uploadTexts.tooLarge(maxMb));
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, 413, uploadTexts.tooLarge(maxMb));
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          return sendError(reply, 400, uploadTexts.noFile);
        }
        throw error;
      }
      if (bytes.length === 0) return sendError(reply, 400, uploadTexts.noFile);

      return sendStored(reply, await storeUploadedImage(account.em, account.uploader, bytes, store));
    });
  });

  const urlRefusals: Record<FetchRefusalReason, [status: number, message: string]> = {
    badUrl: [400, imageByUrlTexts.badUrl],
    blockedUrl: [400, imageByUrlTexts.blockedUrl],
    fetchFailed: [422, imageByUrlTexts.fetchFailed],
    wrongType: [415, imageByUrlTexts.notImage],
    tooLarge: [413, imageByUrlTexts.tooLarge(maxMb)],
  };
  app.post('/_/upload-url', { config: UPLOAD_RATE_LIMIT }, async (req, reply) => {
    const account = await uploaderFor(req, reply);
    if (!account) return reply;
    const { url } = uploadUrlBody.parse(req.body);
    const image = await fromUrl(account.em, account.uploader, url);
    if ('refused' in image) {
      const [status, message] = urlRefusals[image.refused];
      return sendError(reply, status, message);
    }
    return sendStored(reply, image);
  });

  // One computation per variant at a time; later requests read it from the store.
  const inflight = new Map<string, Promise<Buffer | null>>();
  const renderVariant = (id: string, key: string, format: UploadFormat, params: VariantParams) => {
    let pending = inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const original = await store.get(id);
        if (!original) return null;
        const input = sharp(original, { animated: isAnimatable(format), limitInputPixels: MAX_INPUT_PIXELS });
        let data: Buffer;
        try {
          data = await encode(
            resize(input.rotate(), variantBox(params), params.strategy, format),
            format,
          ).toBuffer();
        } catch {
          // A stored file sharp cannot read (damaged on disk) has no picture to give: it answers 404.
          return null;
        }
        await store.put(key, data);
        return data;
      })().finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };

  const isMediaId = (id: string) => MEDIA_ID.test(id) && !id.includes('..');
  const formatOf = (id: string) => FORMAT_BY_EXT.get(/\.([a-z]+)$/.exec(id)?.[1] ?? '');

  app.get<{ Params: { id: string }; Querystring: Query }>('/media/:id', async (req, reply) => {
    const { id } = req.params;
    if (!isMediaId(id)) return sendError(reply, 400, 'That is not a media id.');
    const params = parseVariantParams(req.query);
    if ('error' in params) return sendError(reply, 400, params.error);

    const format = formatOf(id);
    if (format && (await store.has(id))) {
      // The format is kept (no Accept negotiation), so one URL is one set of bytes and needs no Vary header.
      const send = (data: Buffer, variant?: 'hit' | 'miss') => {
        if (variant) reply.header('x-media-variant', variant);
        return reply.type(UPLOAD_FORMATS[format].mime).header('cache-control', LONG_CACHE).send(data);
      };
      if (params.width === undefined && params.height === undefined) {
        const original = await store.get(id);
        if (original) return send(original);
      } else {
        const key = variantKey(id, variantBox(params), params.strategy, UPLOAD_FORMATS[format].ext);
        const cached = await store.get(key);
        if (cached) return send(cached, 'hit');
        const rendered = await renderVariant(id, key, format, params);
        if (rendered) return send(rendered, 'miss');
      }
    }
    return sendError(reply, 404, NOT_FOUND);
  });

  // Spec §2 /media/{mediaResourceId}/href: the stable address of the original, whatever variant was shown.
  app.get<{ Params: { id: string } }>('/media/:id/href', async (req, reply) => {
    const { id } = req.params;
    if (!isMediaId(id) || !formatOf(id) || !(await store.has(id))) return sendError(reply, 404, NOT_FOUND);
    return reply.header('cache-control', HREF_CACHE).redirect(imageUrl(id), 302);
  });
}
