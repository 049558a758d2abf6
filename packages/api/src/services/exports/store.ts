import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertMediaKey } from '@quire/db';

/** A file being written: chunks go out as they come, and the file appears under its key only on commit. */
export interface ExportFileWriter {
  /** Resolves once the chunk is handed on (waits while the disk is behind). */
  write(chunk: Uint8Array): Promise<void>;
  /** Puts the file under its key; resolves with its size in bytes. */
  commit(): Promise<number>;
  /** Drops what was written. */
  abort(): Promise<void>;
}

/**
 * Where finished export zips live, apart from the public media: DATA_DIR/exports on local disk. Files are
 * written as a stream (an export may be larger than memory should hold) and read back as one.
 */
export interface ExportFileStore {
  create(key: string): Promise<ExportFileWriter>;
  /** The file and its size, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Export files under one folder; a file is written beside its key and renamed into place when complete. */
export class LocalDiskExportStore implements ExportFileStore {
  constructor(readonly root: string) {}

  /** The file a key maps to; exposed for tests and tools. */
  pathOf(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async create(key: string): Promise<ExportFileWriter> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const out: WriteStream = createWriteStream(tmp, { flags: 'wx' });
    let failure: Error | null = null;
    out.on('error', (error) => {
      failure = error;
    });
    await new Promise<void>((resolve, reject) => {
      out.once('open', () => resolve());
      out.once('error', reject);
    });
    const check = () => {
      if (failure) throw failure;
    };
    return {
      async write(chunk) {
        check();
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
        check();
      },
      async commit() {
        check();
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        check();
        await rename(tmp, file);
        return (await stat(file)).size;
      },
      async abort() {
        out.destroy();
        await rm(tmp, { force: true });
      },
    };
  }

  async open(key: string) {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
