import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { useTestApp } from './helpers';

/* The reader's built scripts go out as the build compressed them (.br, .gz), or as they are. */

const t = useTestApp();

const readerDist = path.join(repoRoot, 'apps/reader/dist');
// The app chunk every page loads (the entry itself is too small to be worth compressing).
const app = readdirSync(path.join(readerDist, 'assets')).find((f) => /^app-[\w-]+\.js$/.test(f))!;
const entry = `assets/${app}`;
const original = readFileSync(path.join(readerDist, entry));

const get = (encoding: string | undefined) =>
  t.app.inject({
    url: `/static/reader/${entry}`,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('static assets, compressed at build', () => {
  it('sends the brotli copy to browsers that take it, gzip to others, the file itself to the rest', async () => {
    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    // The build's copy, sent as it is (not compressed again on the way out).
    expect(br.rawPayload.equals(readFileSync(path.join(readerDist, `${entry}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await get(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });
});
