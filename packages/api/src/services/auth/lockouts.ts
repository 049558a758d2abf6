import type { EntityManager } from '@mikro-orm/postgresql';
import { Lockout, newId } from '@quire/db';
import { AUTH_POLICY, authErrors, type LockoutInfo, type LockoutKind } from '@quire/domain';
import { lockUntilCommit } from '../locks';

/** Where a lockout stands right now. */
export type LockState =
  | { state: 'open'; failCount: number }
  | { state: 'soft'; failCount: number; lockedOutUntil: Date }
  | { state: 'permanent'; failCount: number };

/** Spec §7 LockoutInfo for a result type. */
export function lockoutInfo(lock: LockState): LockoutInfo {
  return {
    failCount: lock.failCount,
    lockedOutUntil: lock.state === 'soft' ? lock.lockedOutUntil.toISOString() : null,
  };
}

function stateOf(row: Lockout | null, now: Date): LockState {
  if (!row) return { state: 'open', failCount: 0 };
  if (row.permanent) return { state: 'permanent', failCount: row.failCount };
  if (row.lockedOutUntil && row.lockedOutUntil > now) {
    return { state: 'soft', failCount: row.failCount, lockedOutUntil: row.lockedOutUntil };
  }
  // A served soft lock starts a fresh round of attempts.
  return { state: 'open', failCount: row.lockedOutUntil ? 0 : row.failCount };
}

/**
 * Holds the (kind, key) counter until commit and reads its row: every reader and writer of a counter takes this
 * first, so a check and the failure counted after it never interleave with a parallel attempt's.
 */
async function heldRow(em: EntityManager, kind: LockoutKind, key: string): Promise<Lockout | null> {
  await lockUntilCommit(em, `lockout:${kind}:${key}`);
  return em.findOne(Lockout, { kind, key }, { refresh: true });
}

/** The held row to count a failure on, made on first use by an upsert (never a duplicate-key error). */
async function heldRowToCount(em: EntityManager, kind: LockoutKind, key: string): Promise<Lockout> {
  const row = await heldRow(em, kind, key);
  if (row) return row;
  await em
    .createQueryBuilder(Lockout)
    .insert({ id: newId(), kind, key })
    .onConflict(['kind', 'key'])
    .ignore()
    .execute('run');
  return em.findOneOrFail(Lockout, { kind, key }, { refresh: true });
}

/**
 * The current lock for (kind, key), held until the caller's transaction commits: check it, then count the
 * attempt's failure with `recordFailure`, in the same transaction.
 */
export async function holdLock(
  em: EntityManager,
  kind: LockoutKind,
  key: string,
  now: Date,
): Promise<LockState> {
  return stateOf(await heldRow(em, kind, key), now);
}

/**
 * Spec §9 Auth: counts a failed attempt. The 6th failure in a round starts a 1-minute soft lock;
 * after `softLocksBeforePermanent` soft locks the lockout is permanent.
 */
export async function recordFailure(
  em: EntityManager,
  kind: LockoutKind,
  key: string,
  now: Date,
): Promise<LockState> {
  const row = await heldRowToCount(em, kind, key);
  if (row.lockedOutUntil && row.lockedOutUntil <= now) {
    row.lockedOutUntil = null;
    row.failCount = 0;
  }
  row.failCount += 1;
  row.lastFailedAt = now;
  if (row.failCount >= AUTH_POLICY.maxAttempts) {
    row.softLockCount += 1;
    if (row.softLockCount >= AUTH_POLICY.softLocksBeforePermanent) row.permanent = true;
    else row.lockedOutUntil = new Date(now.getTime() + AUTH_POLICY.softLockMs);
  }
  return stateOf(row, now);
}

/** A success clears the round (a permanent lockout is lifted only by setting a new password). */
export async function clearFailures(
  em: EntityManager,
  kind: LockoutKind,
  key: string,
  opts: { lift?: boolean } = {},
) {
  const row = await heldRow(em, kind, key);
  if (!row) return;
  row.failCount = 0;
  row.lockedOutUntil = null;
  if (opts.lift) {
    row.permanent = false;
    row.softLockCount = 0;
  }
}

/**
 * IP lockout: too many failed password attempts from one network within the window lock it out
 * for whole days (spec §8 IpAuthLockout).
 */
export async function recordIpFailure(em: EntityManager, ip: string, now: Date): Promise<void> {
  const row = await heldRowToCount(em, 'IP', ip);
  if (row.lockedOutUntil && row.lockedOutUntil > now) return;
  const windowStart = now.getTime() - AUTH_POLICY.ipFailureWindowMs;
  if (!row.lastFailedAt || row.lastFailedAt.getTime() < windowStart || row.lockedOutUntil) {
    row.failCount = 0;
    row.lockedOutUntil = null;
  }
  row.failCount += 1;
  row.lastFailedAt = now;
  if (row.failCount >= AUTH_POLICY.ipFailuresBeforeLock) {
    row.lockedOutUntil = new Date(now.getTime() + AUTH_POLICY.ipLockDays * 24 * 60 * 60 * 1000);
  }
}

/** Whole days left on an IP lockout, or 0 when the network may sign in; held until commit like `holdLock`. */
export async function holdIpLockDays(em: EntityManager, ip: string, now: Date): Promise<number> {
  const row = await heldRow(em, 'IP', ip);
  if (!row?.lockedOutUntil || row.lockedOutUntil <= now) return 0;
  return Math.ceil((row.lockedOutUntil.getTime() - now.getTime()) / (24 * 60 * 60 * 1000));
}

/** The result member a lock state answers with, per spec §8 (null while attempts remain). */
export function lockedResult(kind: 'PASSWORD' | 'TWO_FACTOR', lock: LockState, now: Date) {
  if (lock.state === 'permanent') {
    return kind === 'PASSWORD'
      ? {
          __typename: 'PasswordPermanentLockout' as const,
          message: authErrors.passwordPermanentLockout,
          lockoutInfo: lockoutInfo(lock),
        }
      : {
          __typename: 'TwoFactorAuthPermanentLockout' as const,
          message: authErrors.twoFactorAuthPermanentLockout,
          lockoutInfo: lockoutInfo(lock),
        };
  }
  if (lock.state === 'soft') {
    return kind === 'PASSWORD'
      ? {
          __typename: 'PasswordSoftLockout' as const,
          message: authErrors.passwordSoftLockout(lock.lockedOutUntil, now),
          lockoutInfo: lockoutInfo(lock),
        }
      : {
          __typename: 'TwoFactorAuthSoftLockout' as const,
          message: authErrors.twoFactorAuthSoftLockout(lock.lockedOutUntil, now),
          lockoutInfo: lockoutInfo(lock),
        };
  }
  return null;
}

/** The answer to a wrong password or code: a lockout if this failure started one, else the count down. */
export function failedAttemptResult(kind: 'PASSWORD' | 'TWO_FACTOR', after: LockState, now: Date) {
  return (
    lockedResult(kind, after, now) ??
    (kind === 'PASSWORD'
      ? {
          __typename: 'InvalidPassword' as const,
          message: authErrors.invalidPassword(after.failCount),
          lockoutInfo: lockoutInfo(after),
        }
      : {
          __typename: 'InvalidTwoFactorAuthCode' as const,
          message: authErrors.invalidTwoFactorAuthCode(after.failCount),
          lockoutInfo: lockoutInfo(after),
        })
  );
}
