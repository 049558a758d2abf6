import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images and their resized variants live. Keys are relative, '/'-separated paths made of
 * `[A-Za-z0-9._-]` segments (e.g. `1a2b3c4d5e6f.jpg`, `variants/1a2b3c4d5e6f.jpg/crop-200x100.jpg`).
 * The local-disk store is the one implementation today; an S3-compatible bucket can implement the same four calls.
 */
export interface MediaStore {
  /** Stores the bytes under the key, all or nothing (readers never see a partial file). */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Rejects keys that could leave the store's folder ('..', absolute paths, empty segments). */
export function assertMediaKey(key: string): void {
  const segments = key.split('/');
  if (!key || key.length > 400 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`Not a media storage key: ${JSON.stringify(key)}`);
  }
}

/** Files under one folder (DATA_DIR/media); writes go to a temporary file renamed into place. */
export class LocalDiskMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  /** The file a key maps to; exposed for tests and tools. */
  pathOf(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data, { flag: 'wx' });
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};
