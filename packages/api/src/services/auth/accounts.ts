import type { EntityManager } from '@mikro-orm/postgresql';
import { SignupAttempt, User } from '@quire/db';
import { AUTH_POLICY, authErrors, type OnboardingStatus, usernameFromEmail } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import type { Context } from '../../trpc';
import { lockUntilCommit } from '../locks';
import { fail } from './results';
import { issueToken, redeemToken, sha256 } from './tokens';

/** Finds a user by email, case-insensitively (addresses are stored lowercased). */
export function userByEmail(em: EntityManager, email: string) {
  return em.findOne(User, { email: email.trim().toLowerCase(), isDeleted: false });
}

/** Spec §5: a username from the email prefix, made unique with a number when taken. */
export async function uniqueUsername(em: EntityManager, email: string, wanted?: string): Promise<string> {
  const base = (wanted || usernameFromEmail(email) || 'Reader').slice(0, 40);
  // Parallel sign-ups with one base would otherwise pick the same free name.
  await lockUntilCommit(em, `username:${base.toLowerCase()}`);
  const taken = new Set(
    (await em.find(User, { username: { $ilike: `${base}%` } }, { fields: ['username'] })).map((u) =>
      u.username.toLowerCase(),
    ),
  );
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
}

/**
 * Spec §8 account creation limits: too many accounts from one IP today is UserCreationRateLimited;
 * too many attempts with one address is Forbidden. Records this attempt either way. The IP's and the address's
 * counts stay held until the caller's transaction commits the account, so parallel sign-ups cannot pass them.
 */
export async function checkSignupLimits(em: EntityManager, ctx: Context, email: string) {
  const now = ctx.now();
  await lockUntilCommit(em, `signup-ip:${ctx.ip}`);
  await lockUntilCommit(em, `signup-email:${email}`);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [fromIp, withEmail] = await Promise.all([
    em.count(SignupAttempt, { ip: ctx.ip, succeeded: true, createdAt: { $gt: dayAgo } }),
    em.count(SignupAttempt, { email }),
  ]);
  if (fromIp >= AUTH_POLICY.accountsPerIpPerDay)
    return fail('UserCreationRateLimited', authErrors.userCreationRateLimited);
  em.create(SignupAttempt, { ip: ctx.ip, email });
  if (withEmail >= AUTH_POLICY.attemptsPerEmail) return fail('Forbidden', authErrors.accountForbidden);
  return null;
}

/** Creates the user row (the caller signs them in). `verified` when they proved the address by link. */
export async function createUser(
  em: EntityManager,
  ctx: Context,
  input: {
    email: string;
    name: string;
    passwordHash?: string | null;
    username?: string;
    verified: boolean;
    /** Spec §3 onboarding status; NOT_ONBOARDED unless the sign-up came from an entry point that skips it. */
    onboardingStatus?: OnboardingStatus;
  },
) {
  const email = input.email.trim().toLowerCase();
  const user = em.create(User, {
    name: input.name.trim(),
    username: await uniqueUsername(em, email, input.username),
    email,
    passwordHash: input.passwordHash ?? null,
    emailVerifiedAt: input.verified ? ctx.now() : null,
    onboardingStatus: input.onboardingStatus ?? 'NOT_ONBOARDED',
  });
  const attempt = await em.findOne(
    SignupAttempt,
    { email, ip: ctx.ip, succeeded: false },
    { orderBy: { createdAt: 'desc' } },
  );
  if (attempt) {
    attempt.succeeded = true;
    attempt.user = user;
  } else {
    em.create(SignupAttempt, { ip: ctx.ip, email, succeeded: true, user });
  }
  return user;
}

/** Queues the address-confirmation email (spec §7 sendVerificationEmail, /m/account/confirm/{key}). */
export function sendVerification(em: EntityManager, ctx: Context, user: User, email: string) {
  const { raw } = issueToken(em, {
    kind: 'EMAIL_VERIFICATION',
    ttlMs: AUTH_POLICY.emailVerificationTtlMs,
    now: ctx.now(),
    email,
    user,
  });
  const link = `${ctx.env.publicUrl}/m/account/confirm/${raw}`;
  enqueueEmail(em, {
    category: 'security',
    to: email,
    subject: `Confirm your email for ${ctx.env.productName}`,
    template: 'verify-email',
    payload: { link, text: `Confirm this address for your ${ctx.env.productName} account:\n${link}` },
  });
  return link;
}

/** GET /m/account/confirm/{key}: the emailed link proves the address. */
export async function confirmEmail(ctx: Context, key: string): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    const redeemed = await redeemToken(em, 'EMAIL_VERIFICATION', sha256(key), ctx.now());
    if (redeemed.status !== 'ok' || !redeemed.token.user) return false;
    const user = redeemed.token.user;
    const email = redeemed.token.email ?? user.email;
    if (email && user.unverifiedEmail === email) {
      // An address another account took while the link waited stays theirs.
      const holder = await userByEmail(em, email);
      if (holder && holder.id !== user.id) return false;
      user.email = email;
      user.unverifiedEmail = null;
    }
    user.emailVerifiedAt = ctx.now();
    return true;
  });
}
