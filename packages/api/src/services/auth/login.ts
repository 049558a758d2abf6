import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken, TwoFactorAuth, TwoFactorBackupCode, type User } from '@quire/db';
import { AUTH_POLICY, authErrors, isSitePath } from '@quire/domain';
import type { Context } from '../../trpc';
import { userByEmail } from './accounts';
import {
  clearFailures,
  failedAttemptResult,
  holdIpLockDays,
  holdLock,
  lockedResult,
  recordFailure,
  recordIpFailure,
} from './lockouts';
import { hashPassword, verifyPassword } from './passwords';
import { fail, type LoginResult } from './results';
import { signIn } from './sessions';
import { issueToken, sha256 } from './tokens';
import { sendTwoFactorCode, verifyTwoFactorCode } from './two-factor';

const SIGN_IN_EXPIRED = 'Your sign-in took too long. Please sign in again.';

/** Where to send a signed-in browser: a path on this site, or home. */
export const safeRedirect = (redirect: unknown): string => (isSitePath(redirect) ? redirect : '/');

/** Signs in, or asks for the second factor when the user has two-factor on (spec §4). */
export async function completeFirstFactor(
  ctx: Context,
  em: EntityManager,
  user: User,
  redirect: string,
): Promise<LoginResult> {
  const twoFactor = await em.findOne(TwoFactorAuth, { user: user.id, enabled: true });
  if (twoFactor) {
    const { raw } = issueToken(em, {
      kind: 'TWO_FACTOR_PENDING',
      ttlMs: AUTH_POLICY.twoFactorPendingTtlMs,
      now: ctx.now(),
      user,
      payload: { redirect },
      ip: ctx.ip,
    });
    if (twoFactor.preferredMethod !== 'AUTH_APP') sendTwoFactorCode(ctx, em, user, twoFactor);
    return { __typename: 'AuthToken', token: raw, method: twoFactor.preferredMethod };
  }
  await signIn(ctx, em, user);
  return { __typename: 'AuthInfo', uid: user.id, redirect };
}

/**
 * Checks the password outside any transaction (argon2 takes ~100 ms; no connection should wait on
 * it). Unknown addresses are checked against a dummy hash so both answers take as long.
 */
export async function checkPassword(em: EntityManager, email: string, password: string): Promise<boolean> {
  const user = await userByEmail(em, email);
  return verifyPassword(user?.passwordHash ?? (await dummyHash()), password).then(
    (ok) => ok && !!user?.passwordHash,
  );
}

let dummy: Promise<string> | null = null;
const dummyHash = () => {
  dummy ??= hashPassword('not a password anyone has');
  return dummy;
};

/** Spec §7 LoginUser with email and password, with the §8 lockout rules. */
export async function loginWithPassword(
  ctx: Context,
  em: EntityManager,
  input: { email: string; passwordOk: boolean; redirect?: string },
): Promise<LoginResult> {
  const now = ctx.now();
  // The network's counter before the account's, always in this order, so two sign-ins never wait crosswise.
  const days = await holdIpLockDays(em, ctx.ip, now);
  if (days > 0) {
    return {
      __typename: 'IpAuthLockout',
      message: authErrors.ipAuthLockout(days),
      lockoutInfo: { failCount: 0, lockedOutUntil: null },
    };
  }
  const user = await userByEmail(em, input.email);
  if (!user?.passwordHash) {
    // Unknown address or no password: the same answer as a wrong password, so addresses stay private.
    await recordIpFailure(em, ctx.ip, now);
    return fail('NotFound', authErrors.passwordIncorrect);
  }
  const locked = lockedResult('PASSWORD', await holdLock(em, 'PASSWORD', user.id, now), now);
  if (locked) return locked;
  if (!input.passwordOk) {
    await recordIpFailure(em, ctx.ip, now);
    return failedAttemptResult('PASSWORD', await recordFailure(em, 'PASSWORD', user.id, now), now);
  }
  await clearFailures(em, 'PASSWORD', user.id);
  return completeFirstFactor(ctx, em, user, safeRedirect(input.redirect));
}

/** Spec §7 LoginUser, second step: the pending token plus a verification code or a recovery code. */
export async function loginWithSecondFactor(
  ctx: Context,
  em: EntityManager,
  input: { token: string; twoFactorVerificationCode?: string; backupCode?: string },
): Promise<LoginResult> {
  const now = ctx.now();
  const pending = await em.findOne(
    AuthToken,
    { kind: 'TWO_FACTOR_PENDING', tokenHash: sha256(input.token) },
    { populate: ['user'] },
  );
  if (!pending?.user || pending.usedAt || pending.expiresAt <= now)
    return fail('BadRequest', SIGN_IN_EXPIRED);
  const user = pending.user;
  const locked = lockedResult('TWO_FACTOR', await holdLock(em, 'TWO_FACTOR', user.id, now), now);
  if (locked) return locked;
  // Read again under the user's lock: a sign-in that finished meanwhile has used the pending token.
  await em.refresh(pending);
  if (pending.usedAt) return fail('BadRequest', SIGN_IN_EXPIRED);
  let ok = false;
  if (input.backupCode) {
    const code = await em.findOne(TwoFactorBackupCode, {
      user: user.id,
      codeHash: sha256(input.backupCode.trim().toLowerCase()),
      usedAt: null,
    });
    if (code) {
      code.usedAt = now;
      ok = true;
    }
  } else if (input.twoFactorVerificationCode) {
    const twoFactor = await em.findOne(TwoFactorAuth, { user: user.id, enabled: true });
    ok = !!twoFactor && (await verifyTwoFactorCode(em, twoFactor, input.twoFactorVerificationCode, now));
  } else {
    return fail('BadRequest', authErrors.invalidRecoveryCode);
  }
  if (!ok) {
    const after = await recordFailure(em, 'TWO_FACTOR', user.id, now);
    const result = failedAttemptResult('TWO_FACTOR', after, now);
    // A wrong recovery code answers NotFound (spec §8: the message mentions 'recovery code').
    if (input.backupCode && result.__typename === 'InvalidTwoFactorAuthCode') {
      return fail('NotFound', `No unused recovery code matches. ${authErrors.invalidRecoveryCode}`);
    }
    return result;
  }
  pending.usedAt = now;
  await clearFailures(em, 'TWO_FACTOR', user.id);
  await signIn(ctx, em, user);
  return {
    __typename: 'AuthInfo',
    uid: user.id,
    redirect: safeRedirect(pending.payload.redirect as string | undefined),
  };
}
