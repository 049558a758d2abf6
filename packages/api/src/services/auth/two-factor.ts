import { randomBytes, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken, TwoFactorAuth, TwoFactorBackupCode, type User } from '@quire/db';
import { AUTH_POLICY } from '@quire/domain';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Context } from '../../trpc';
import { issueToken, numericCode, sha256 } from './tokens';

/** TOTP as the spec's AUTH_APP: 7-digit codes (spec §9), 30-second steps, one step of clock drift allowed. */
const TOTP = { digits: AUTH_POLICY.totpDigits, period: AUTH_POLICY.totpPeriodSeconds } as const;

/** The otpauth:// URI an authenticator app scans (it says digits=7). */
export function otpauthUri(productName: string, account: string, secret: string): string {
  return generateURI({ issuer: productName, label: account, secret, ...TOTP });
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** The parts of a two-factor method that sending and checking codes need. */
export type TwoFactorSetup = Pick<
  TwoFactorAuth,
  'preferredMethod' | 'totpSecret' | 'countryCode' | 'phoneNumber'
>;

/** Sends a fresh code by text or voice for SMS_TEXT / VOICE_CALL (any earlier code stops working). */
export function sendTwoFactorCode(ctx: Context, em: EntityManager, user: User, twoFactor: TwoFactorSetup) {
  const code = numericCode(AUTH_POLICY.totpDigits);
  issueToken(em, {
    kind: 'TWO_FACTOR_SMS',
    ttlMs: AUTH_POLICY.smsCodeTtlMs,
    now: ctx.now(),
    user,
    tokenHash: sha256(`two-factor:${user.id}:${code}:${randomBytes(4).toString('hex')}`),
    payload: { codeHash: sha256(`two-factor:${user.id}:${code}`) },
  });
  ctx.env.codeSender.send(em, {
    user,
    method: twoFactor.preferredMethod,
    phone: `+${twoFactor.countryCode ?? ''} ${twoFactor.phoneNumber ?? ''}`.trim(),
    code,
  });
}

/** Checks a 7-digit code against the authenticator secret, or against the last code sent by text/voice. */
export async function verifyTwoFactorCode(
  em: EntityManager,
  twoFactor: TwoFactorSetup & { user: { id: string } },
  code: string,
  now: Date,
): Promise<boolean> {
  if (twoFactor.preferredMethod === 'AUTH_APP') {
    if (!twoFactor.totpSecret) return false;
    const result = await verify({
      secret: twoFactor.totpSecret,
      token: code,
      ...TOTP,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: AUTH_POLICY.totpPeriodSeconds,
    });
    return result.valid;
  }
  const userId = twoFactor.user.id;
  const sent = await em.find(
    AuthToken,
    { kind: 'TWO_FACTOR_SMS', user: userId, usedAt: null, expiresAt: { $gt: now } },
    { orderBy: { createdAt: 'desc' }, limit: 1 },
  );
  const latest = sent[0];
  if (!latest || latest.payload.codeHash !== sha256(`two-factor:${userId}:${code}`)) return false;
  latest.usedAt = now;
  return true;
}

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh 8-character recovery codes; earlier ones stop working. Shown once, stored hashed. */
export async function regenerateBackupCodes(em: EntityManager, user: User): Promise<string[]> {
  await em.nativeDelete(TwoFactorBackupCode, { user: user.id });
  const codes = new Set<string>();
  while (codes.size < AUTH_POLICY.backupCodeCount) {
    let code = '';
    for (let i = 0; i < AUTH_POLICY.backupCodeLength; i++)
      code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
    codes.add(code);
  }
  for (const code of codes) em.create(TwoFactorBackupCode, { user, codeHash: sha256(code) });
  return [...codes];
}

/** The user's two-factor row, created on first setup. */
export async function twoFactorFor(em: EntityManager, user: User): Promise<TwoFactorAuth> {
  return (await em.findOne(TwoFactorAuth, { user: user.id })) ?? em.create(TwoFactorAuth, { user });
}

export function newAuthyId(): string {
  return randomBytes(8).toString('hex');
}
