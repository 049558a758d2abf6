import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken, type User } from '@quire/db';
import type { AuthTokenKind } from '@quire/domain';

/** SHA-256 hex: tokens and codes are stored only as hashes. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A login code's hash binds it to its address, so two people's codes never collide. */
export const loginCodeHash = (email: string, code: string) =>
  sha256(`login-code:${email.toLowerCase()}:${code}`);

/** A random numeric code of `digits` digits, leading zeros kept. */
export function numericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Issues a single-use token; returns the raw value (only its hash is stored). */
export function issueToken(
  em: EntityManager,
  opts: {
    kind: AuthTokenKind;
    ttlMs: number;
    now: Date;
    email?: string | null;
    user?: User | null;
    payload?: Record<string, unknown>;
    ip?: string;
    /** Use this hash instead of a random token's (login codes). */
    tokenHash?: string;
  },
): { raw: string; row: AuthToken } {
  const raw = randomBytes(32).toString('base64url');
  const row = em.create(AuthToken, {
    kind: opts.kind,
    tokenHash: opts.tokenHash ?? sha256(raw),
    email: opts.email?.toLowerCase() ?? null,
    user: opts.user ?? null,
    expiresAt: new Date(opts.now.getTime() + opts.ttlMs),
    payload: opts.payload ?? {},
    ip: opts.ip ?? null,
  });
  return { raw, row };
}

/** Outcome of redeeming a token. */
export type Redeemed = { status: 'ok'; token: AuthToken } | { status: 'expired' } | { status: 'invalid' };

/** What redeeming a token would find, without using it up (a page that shows a link's state before it acts). */
export async function peekToken(
  em: EntityManager,
  kind: AuthTokenKind,
  tokenHash: string,
  now: Date,
): Promise<Redeemed> {
  const token = await em.findOne(AuthToken, { kind, tokenHash }, { populate: ['user'] });
  if (!token || token.usedAt) return { status: 'invalid' };
  if (token.expiresAt <= now) return { status: 'expired' };
  return { status: 'ok', token };
}

/**
 * Redeems a single-use token by its hash: marks it used so a replay finds nothing. An unknown or
 * already-used token is `invalid`; a known one past its time is `expired`.
 */
export async function redeemToken(
  em: EntityManager,
  kind: AuthTokenKind,
  tokenHash: string,
  now: Date,
): Promise<Redeemed> {
  const found = await peekToken(em, kind, tokenHash, now);
  if (found.status !== 'ok') return found;
  const { token } = found;
  // One conditional update claims the token: of parallel redemptions (a link opened twice at once) one wins.
  const claimed = await em.nativeUpdate(AuthToken, { id: token.id, usedAt: null }, { usedAt: now });
  if (claimed === 0) return { status: 'invalid' };
  token.usedAt = now;
  return { status: 'ok', token };
}

/** Marks every open token of a kind for an address or user as used (a newer one replaces them). */
export async function retireTokens(
  em: EntityManager,
  kind: AuthTokenKind,
  where: { email?: string; userId?: string },
  now: Date,
) {
  const open = await em.find(AuthToken, {
    kind,
    usedAt: null,
    ...(where.email ? { email: where.email.toLowerCase() } : {}),
    ...(where.userId ? { user: where.userId } : {}),
  });
  for (const token of open) token.usedAt = now;
}
