import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TAX_FORM_KEY_FILE, taxFormKey } from '../src/services/partner/tin-crypto';

const module = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/services/partner/tin-crypto.ts',
);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The key a process of its own reads (or first writes) in `dataDir`, as a web process does at its start. Each
 * waits, spinning, for the instant `goAt`, so the processes ask at the same moment.
 */
function keyInProcess(dataDir: string, goAt: number): Promise<string> {
  const source = `import { taxFormKey } from ${JSON.stringify(module)};
    while (Date.now() < ${goAt});
    process.stdout.write(taxFormKey({ dataDir: ${JSON.stringify(dataDir)} }).toString('base64'));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

describe('the tax forms key file (no APP_SECRET)', () => {
  it('is written once when several processes start at once: all of them read the same whole key', async () => {
    // Eight processes asking at one instant, three times over: the key file written before its content (the way
    // it was first made) was read half-written by another process in about one round in five.
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-tax-key-'));
      dirs.push(dataDir);
      const goAt = Date.now() + 2_000;
      const keys = await Promise.all(Array.from({ length: 8 }, () => keyInProcess(dataDir, goAt)));
      expect(new Set(keys).size).toBe(1);
      expect(Buffer.from(keys[0]!, 'base64')).toHaveLength(32);
      expect(taxFormKey({ dataDir }).toString('base64')).toBe(keys[0]);
      // Only the key is left, readable by its owner alone.
      expect(readdirSync(dataDir)).toEqual([TAX_FORM_KEY_FILE]);
      expect(statSync(path.join(dataDir, TAX_FORM_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(dataDir, TAX_FORM_KEY_FILE), 'utf8').trim()).toBe(keys[0]);
    }
  }, 60_000);

  it('derives the key from APP_SECRET when there is one, and writes no file', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-tax-key-'));
    dirs.push(dataDir);
    const secret = 'a'.repeat(40);
    expect(taxFormKey({ appSecret: secret, dataDir })).toEqual(taxFormKey({ appSecret: secret, dataDir }));
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
