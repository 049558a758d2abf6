import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken, User } from '@quire/db';
import { authErrors } from '@quire/domain';
import type { Context } from '../../trpc';
import { clearFailures, failedAttemptResult, holdLock, lockedResult, recordFailure } from './lockouts';
import { passwordStrengthProblem } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import { fail } from './results';
import { revokeAllSessions, signIn } from './sessions';
import { redeemToken, sha256 } from './tokens';

/**
 * Spec §7 CrupdatePassword: set a password with an emailed reset token, or change it signed in
 * (the current password is required when one exists), refusing a guessable one. Every other session is
 * signed out.
 */
export async function crupdatePassword(
  ctx: Context,
  em: EntityManager,
  input: { password: string; oldPassword?: string; token?: string },
) {
  const now = ctx.now();
  let user: User | null = null;
  let redeemedToken: AuthToken | null = null;
  if (input.token) {
    const redeemed = await redeemToken(em, 'PASSWORD_RESET', sha256(input.token), now);
    if (redeemed.status === 'expired') return fail('ExpiredCredentials', authErrors.passwordResetLinkExpired);
    if (redeemed.status === 'invalid' || !redeemed.token.user)
      return fail('BadRequest', authErrors.invalidTokenMarker);
    user = redeemed.token.user;
    redeemedToken = redeemed.token;
  } else if (ctx.viewer) {
    user = await em.findOneOrFail(User, ctx.viewer.id);
    if (user.passwordHash) {
      if (!input.oldPassword) return fail('Forbidden', authErrors.currentPasswordRequired);
      const locked = lockedResult('PASSWORD', await holdLock(em, 'PASSWORD', user.id, now), now);
      if (locked) return locked;
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        return failedAttemptResult('PASSWORD', await recordFailure(em, 'PASSWORD', user.id, now), now);
      }
    }
  }
  if (!user) return fail('NotFound', 'Sign in, or open the password link we emailed you.');
  // Beside the spec's 8-character rule (checked by the input schema): nothing an attacker would guess first.
  const weak = passwordStrengthProblem(input.password, [user.name, user.username, user.email ?? '']);
  if (weak) {
    // The emailed link stays usable for a stronger password.
    if (redeemedToken) {
      await em.nativeUpdate(AuthToken, { id: redeemedToken.id }, { usedAt: null });
      redeemedToken.usedAt = null;
    }
    return fail('BadRequest', weak);
  }
  user.passwordHash = await hashPassword(input.password);
  await clearFailures(em, 'PASSWORD', user.id, { lift: true });
  await revokeAllSessions(em, user.id, now);
  await signIn(ctx, em, user);
  return { __typename: 'Success' as const, redirect: '/' };
}
