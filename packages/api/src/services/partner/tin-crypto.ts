import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Taxpayer numbers are stored encrypted at rest: AES-256-GCM with a random 96-bit IV per value and the
 * owner's user id as associated data (a ciphertext copied onto another user's row does not decrypt). The key
 * is derived from APP_SECRET when the deployment has one; otherwise it is a random key written once to
 * DATA_DIR/tax-form.key with mode 0600 and read from there on every start.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The file the key lives in when there is no APP_SECRET. */
export const TAX_FORM_KEY_FILE = 'tax-form.key';

/** The 32-byte key: from APP_SECRET, else from (or first written to) the key file under the data directory. */
export function taxFormKey(opts: { appSecret?: string | null; dataDir: string }): Buffer {
  if (opts.appSecret) return createHmac('sha256', opts.appSecret).update('tax-form-tin-key').digest();
  const file = path.join(opts.dataDir, TAX_FORM_KEY_FILE);
  try {
    const stored = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (stored.length === 32) return stored;
    throw new Error(`${file} does not hold a 32-byte key; restore it from a backup.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  // Written whole to a file of this process's own, then linked into place: link fails when the key exists, so
  // processes starting at once (web processes) never overwrite each other's key, nor read a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(draft, 0o600);
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return taxFormKey(opts);
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return key;
}

/** Encrypts a taxpayer number for `userId`. */
export function encryptTin(key: Buffer, userId: string, tin: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(tin, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The taxpayer number back; throws when the key, the owner or the bytes are not the ones it was sealed with. */
export function decryptTin(key: Buffer, userId: string, sealed: string): string {
  const [version, data] = sealed.split(':');
  if (version !== VERSION || !data) throw new Error('Unknown taxpayer number format.');
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
