import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import { authErrors } from '@quire/domain';
import type { Context } from '../../trpc';
import { clearFailures, failedAttemptResult, holdLock, lockedResult, recordFailure } from './lockouts';
import { hashPassword, verifyPassword } from './passwords';
import { fail } from './results';
import { revokeAllSessions, signIn } from './sessions';
import { redeemToken, sha256 } from './tokens';

/**
 * Spec §7 CrupdatePassword: set a password with an emailed reset token, or change it signed in
 * (the current password is required when one exists). Every other session is signed out.
 */
export async function crupdatePassword(
  ctx: Context,
  em: EntityManager,
  input: { password: string; oldPassword?: string; token?: string },
) {
  const now = ctx.now();
  let user: User | null = null;
  if (input.token) {
    const redeemed = await redeemToken(em, 'PASSWORD_RESET', sha256(input.token), now);
    if (redeemed.status === 'expired') return fail('ExpiredCredentials', authErrors.passwordResetLinkExpired);
    if (redeemed.status === 'invalid' || !redeemed.token.user)
      return fail('BadRequest', authErrors.invalidTokenMarker);
    user = redeemed.token.user;
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
  user.passwordHash = await hashPassword(input.password);
  await clearFailures(em, 'PASSWORD', user.id, { lift: true });
  await revokeAllSessions(em, user.id, now);
  await signIn(ctx, em, user);
  return { __typename: 'Success' as const, redirect: '/' };
}
