import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken, TwoFactorAuth, type User } from '@quire/db';
import { digitsOnly, PHONE_DIGITS, type TwoFactorMethod, validationMessages } from '@quire/domain';
import type { Context } from '../../trpc';
import { clearFailures, failedAttemptResult, holdLock, lockedResult, recordFailure } from './lockouts';
import { fail } from './results';
import { issueToken, sha256 } from './tokens';
import {
  newAuthyId,
  newTotpSecret,
  otpauthUri,
  sendTwoFactorCode,
  type TwoFactorSetup,
  twoFactorFor,
  verifyTwoFactorCode,
} from './two-factor';

/** How long a new method may wait for its confirming code while an older one stays on. */
const PENDING_SETUP_TTL_MS = 30 * 60 * 1000;
const setupHash = (authyId: string) => sha256(`two-factor-setup:${authyId}`);

/**
 * Spec §7 RegisterAuthyUser: starts setting up a method. While two-factor is already on, the new
 * method waits in a pending setup and the current one keeps working until the new code is confirmed.
 */
export async function registerTwoFactor(
  ctx: Context,
  em: EntityManager,
  user: User,
  input: { preferredMethod: TwoFactorMethod; countryCode?: string; phoneNumber?: string },
) {
  const twoFactor = await twoFactorFor(em, user);
  const authyId = newAuthyId();
  let setup: TwoFactorSetup;
  if (input.preferredMethod === 'AUTH_APP') {
    setup = {
      preferredMethod: 'AUTH_APP',
      totpSecret: newTotpSecret(),
      countryCode: null,
      phoneNumber: null,
    };
  } else {
    const countryCode = digitsOnly(input.countryCode ?? '');
    const phoneNumber = digitsOnly(input.phoneNumber ?? '');
    if (phoneNumber.length !== PHONE_DIGITS || !/^\d{1,4}$/.test(countryCode)) {
      return fail('BadRequest', validationMessages.invalidPhone);
    }
    setup = { preferredMethod: input.preferredMethod, totpSecret: null, countryCode, phoneNumber };
  }
  if (twoFactor.enabled) {
    issueToken(em, {
      kind: 'TWO_FACTOR_SETUP',
      ttlMs: PENDING_SETUP_TTL_MS,
      now: ctx.now(),
      user,
      tokenHash: setupHash(authyId),
      payload: { ...setup },
    });
  } else {
    Object.assign(twoFactor, { ...setup, authyId, enabled: false, verifiedAt: null });
  }
  if (setup.preferredMethod !== 'AUTH_APP') sendTwoFactorCode(ctx, em, user, setup);
  return {
    __typename: 'AuthyUser' as const,
    authyId,
    otpauthUri: setup.totpSecret
      ? otpauthUri(ctx.env.productName, user.email ?? user.username, setup.totpSecret)
      : null,
    secret: setup.totpSecret,
  };
}

/** Spec §7 CrupdateTwoFactorAuth: a right code turns the new method on (replacing any earlier one). */
export async function confirmTwoFactor(
  ctx: Context,
  em: EntityManager,
  userId: string,
  input: { authyId: string; preferredMethod: TwoFactorMethod; verificationCode: string },
) {
  const now = ctx.now();
  const twoFactor = await em.findOne(TwoFactorAuth, { user: userId }, { populate: ['user'] });
  const pending = twoFactor?.enabled
    ? await em.findOne(AuthToken, {
        kind: 'TWO_FACTOR_SETUP',
        tokenHash: setupHash(input.authyId),
        user: userId,
        usedAt: null,
        expiresAt: { $gt: now },
      })
    : null;
  const setup: TwoFactorSetup | null = pending
    ? (pending.payload as unknown as TwoFactorSetup)
    : twoFactor && !twoFactor.enabled && twoFactor.authyId === input.authyId
      ? twoFactor
      : null;
  if (!twoFactor || !setup || setup.preferredMethod !== input.preferredMethod) {
    return fail('BadRequest', 'Start two-factor setup again: this setup is no longer current.');
  }
  const locked = lockedResult('TWO_FACTOR', await holdLock(em, 'TWO_FACTOR', userId, now), now);
  if (locked) return locked;
  if (!(await verifyTwoFactorCode(em, { ...setup, user: { id: userId } }, input.verificationCode, now))) {
    return failedAttemptResult('TWO_FACTOR', await recordFailure(em, 'TWO_FACTOR', userId, now), now);
  }
  Object.assign(twoFactor, {
    preferredMethod: setup.preferredMethod,
    totpSecret: setup.totpSecret,
    countryCode: setup.countryCode,
    phoneNumber: setup.phoneNumber,
    authyId: input.authyId,
    enabled: true,
    verifiedAt: now,
  });
  if (pending) pending.usedAt = now;
  await clearFailures(em, 'TWO_FACTOR', userId);
  return { __typename: 'Success' as const, success: true as const };
}
