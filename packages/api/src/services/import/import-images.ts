import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import { IMPORT_IMAGE_CONCURRENCY, IMPORT_IMAGES_DEADLINE_MS, IMPORT_MAX_IMAGES } from '@quire/domain';
import { outsideImageSources, type StoredOutsideImage } from '@quire/editor';

/**
 * Fetches an image by its address for `uploader` (SSRF-guarded, image types only, the upload limit) and stores it
 * as an upload is, with `em`; null when it cannot be fetched or is not an image. The server provides it
 * (apps/server/src/media.ts), as POST /_/upload-url does the same.
 */
export type StoreImageFromUrl = (
  em: EntityManager,
  uploader: User,
  url: string,
  signal: AbortSignal,
) => Promise<StoredOutsideImage | null>;

/** What an imported story's images need: the server's image fetcher, and where relative sources resolve. */
export interface OutsideImageOptions {
  /** Unset: nothing is fetched and the converter drops outside images. */
  storeImage?: StoreImageFromUrl;
  /** The fetched page's address; without one only absolute sources are fetched. */
  base?: string | null;
  /** Ends the fetching (default IMPORT_IMAGES_DEADLINE_MS from now): images not stored by then are dropped. */
  deadline?: AbortSignal;
}

/** The address to fetch for an image's src: http(s) only, so data: URIs and other schemes are never fetched. */
function fetchableUrl(src: string, base: string | null | undefined): string | null {
  try {
    const url = base ? new URL(src, base) : new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Before conversion: the outside images of `html` (the ones the converter would drop) fetched and stored as uploads
 * of `uploader`, by their src, for the converter's `images` option. At most IMPORT_MAX_IMAGES addresses, a few at
 * a time, until the deadline; one that fails is simply left out. Each upload is committed on its own (a fork of
 * `em`, never the caller's transaction), so an import that fails later leaves only unused uploads.
 */
export async function storeOutsideImages(
  em: EntityManager,
  uploader: User,
  html: string,
  opts: OutsideImageOptions,
): Promise<Map<string, StoredOutsideImage>> {
  const stored = new Map<string, StoredOutsideImage>();
  const { storeImage } = opts;
  if (!storeImage) return stored;
  // Sources by address: "a.png" and "/a.png" on one page are one fetch.
  const sourcesByUrl = new Map<string, string[]>();
  for (const src of outsideImageSources(html)) {
    const url = fetchableUrl(src, opts.base);
    if (!url) continue;
    const sources = sourcesByUrl.get(url);
    if (sources) sources.push(src);
    else if (sourcesByUrl.size < IMPORT_MAX_IMAGES) sourcesByUrl.set(url, [src]);
  }
  const queue = [...sourcesByUrl];
  const deadline = opts.deadline ?? AbortSignal.timeout(IMPORT_IMAGES_DEADLINE_MS);
  const work = async () => {
    for (let next = queue.shift(); next && !deadline.aborted; next = queue.shift()) {
      const [url, sources] = next;
      const own = em.fork();
      const image = await storeImage(own, own.getReference(User, uploader.id), url, deadline);
      if (image) for (const src of sources) stored.set(src, image);
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(IMPORT_IMAGE_CONCURRENCY, queue.length) }, work),
  );
  // A refused image is a null; only a defect (the database, the disk) fails the import.
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return stored;
}
