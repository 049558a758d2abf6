import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The built files worth compressing: text under assets/ (scripts, style sheets, SVG). */
const COMPRESSIBLE = /^assets\/.+\.(js|mjs|css|svg|json)$/;
/** Smaller files gain less than a response header costs. */
const MIN_BYTES = 1024;

/** A file's brotli (quality 11) and gzip (level 9) copies, the best each format makes. */
export function precompressed(bytes: Uint8Array): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gz: gzipSync(bytes, { level: 9 }),
  };
}

/**
 * Writes `.br` and `.gz` beside each built script and style sheet, compressed once at the best settings, so the
 * server sends them as they are (@fastify/static's preCompressed) instead of compressing every response quickly
 * and worse.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'quire:precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (bytes.byteLength < MIN_BYTES) continue;
        const { br, gz } = precompressed(bytes);
        const target = path.join(dir, file.fileName);
        writeFileSync(`${target}.br`, br);
        writeFileSync(`${target}.gz`, gz);
      }
    },
  };
}
