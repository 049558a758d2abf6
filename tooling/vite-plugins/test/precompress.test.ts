import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressAssets, precompressed } from '../src';

describe('precompressAssets', () => {
  it('writes .br and .gz beside the built scripts and style sheets worth compressing, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    try {
      const big = `export const words = ${JSON.stringify('a story worth reading '.repeat(200))};`;
      const bundle = {
        'assets/app-1.js': { type: 'chunk', fileName: 'assets/app-1.js', code: big },
        'assets/app-1.css': {
          type: 'asset',
          fileName: 'assets/app-1.css',
          source: `p{margin:0}${' '.repeat(2000)}`,
        },
        'assets/tiny-2.js': { type: 'chunk', fileName: 'assets/tiny-2.js', code: 'export{}' },
        'assets/photo-3.png': { type: 'asset', fileName: 'assets/photo-3.png', source: new Uint8Array(4096) },
        '.vite/manifest.json': { type: 'asset', fileName: '.vite/manifest.json', source: big },
      };
      const plugin = precompressAssets();
      (plugin.writeBundle as (o: { dir: string }, b: unknown) => void).call({}, { dir }, bundle);
      const at = (f: string) => path.join(dir, f);
      expect(brotliDecompressSync(readFileSync(at('assets/app-1.js.br'))).toString()).toBe(big);
      expect(gunzipSync(readFileSync(at('assets/app-1.js.gz'))).toString()).toBe(big);
      expect(existsSync(at('assets/app-1.css.br'))).toBe(true);
      for (const skipped of ['assets/tiny-2.js', 'assets/photo-3.png', '.vite/manifest.json']) {
        expect(existsSync(at(`${skipped}.br`)), skipped).toBe(false);
        expect(existsSync(at(`${skipped}.gz`)), skipped).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compresses with brotli smaller than gzip, both reversible', () => {
    const text = Buffer.from(
      'function hydrate(root) { return root.querySelectorAll("[data-q]"); }\n'.repeat(300),
    );
    const { br, gz } = precompressed(text);
    expect(brotliDecompressSync(br).equals(text)).toBe(true);
    expect(gunzipSync(gz).equals(text)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
  });
});
