import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import {
  AUTH_POLICY,
  afterSignUpPath,
  LOGIN_CODE_LENGTH,
  onboardingStatusFor,
  susiServerMessages,
  validationMessages,
} from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import type { Context } from '../../trpc';
import { spendOnce } from '../usage-counts';
import { createUser, userByEmail } from './accounts';
import type { SpendOnce } from './captcha';
import { readAuthFlags } from './flags';
import { clearFailures, holdLock, recordFailure } from './lockouts';
import { completeFirstFactor, safeRedirect } from './login';
import { fail, type LoginResult } from './results';
import { issueToken, loginCodeHash, numericCode, redeemToken, retireTokens, sha256 } from './tokens';

export const FAILED_CHALLENGE = 'We could not confirm you are a person. Please answer the question again.';
export const CODE_NOT_FOUND = 'That code is not right. Check the code in the email we sent you.';
export const CODE_TOO_MANY = 'Too many wrong codes. Ask for a new email and try again.';
export const EMAIL_SIGN_IN_OFF = 'Signing in by email is turned off right now.';

type Operation = 'login' | 'register';

/** Spec §7 SendAcctAuthEmail: emails a single-use sign-in link and 6-digit code (or a reset link). */
export async function sendAcctAuthEmail(
  ctx: Context,
  em: EntityManager,
  input: {
    email: string;
    operation: Operation;
    redirect?: string;
    fullName?: string;
    captchaValue?: string;
    resetPasswordFlow?: boolean;
    entryPoint?: string;
  },
) {
  const now = ctx.now();
  const email = input.email.trim().toLowerCase();
  const flags = await readAuthFlags(em);
  if (flags.disable_login_email) return fail('BadRequest', EMAIL_SIGN_IN_OFF);
  // Spec §5: a captcha guards emailed links, except sign-in when skip_sign_in_recaptcha is on.
  const captchaRequired = !(input.operation === 'login' && flags.skip_sign_in_recaptcha);
  const spend: SpendOnce = (key, until) => spendOnce(em, key, until);
  if (captchaRequired && !(await ctx.env.captcha.verify(input.captchaValue, ctx.ip, now, spend))) {
    return fail('FailedChallenge', FAILED_CHALLENGE);
  }
  const user = await userByEmail(em, email);
  let operation = input.operation;
  if (!user) {
    if (operation === 'login' || input.resetPasswordFlow)
      return fail('NotFound', susiServerMessages.userDoesNotExist);
    if (!input.fullName?.trim()) return fail('BadRequest', validationMessages.nameRequired);
  } else {
    operation = 'login'; // registering an address that has an account signs it in instead
  }
  const redirect = safeRedirect(input.redirect);
  if (input.resetPasswordFlow && user) {
    await retireTokens(em, 'PASSWORD_RESET', { email }, now);
    const { raw } = issueToken(em, {
      kind: 'PASSWORD_RESET',
      ttlMs: AUTH_POLICY.passwordResetTtlMs,
      now,
      email,
      user,
      ip: ctx.ip,
    });
    const link = `${ctx.env.publicUrl}/password?token=${raw}`;
    enqueueEmail(em, {
      category: 'security',
      to: email,
      subject: `Reset your ${ctx.env.productName} password`,
      template: 'password-reset',
      payload: { link, text: `Set a new password for your ${ctx.env.productName} account:\n${link}` },
    });
    return { __typename: 'SusiMethod' as const, value: 'PASSWORD_RESET_EMAIL' };
  }
  // A new email replaces any earlier link and code for this address.
  await retireTokens(em, 'MAGIC_LINK', { email }, now);
  await retireTokens(em, 'LOGIN_CODE', { email }, now);
  const payload = {
    operation,
    redirect,
    fullName: input.fullName?.trim() || null,
    entryPoint: input.entryPoint ?? null,
  };
  // The link and the code are two ways to the same sign-in: same lifetime, address and payload.
  const issued = { ttlMs: AUTH_POLICY.magicLinkTtlMs, now, email, user, payload, ip: ctx.ip };
  const { raw } = issueToken(em, { kind: 'MAGIC_LINK', ...issued });
  const code = numericCode(LOGIN_CODE_LENGTH);
  issueToken(em, { kind: 'LOGIN_CODE', ...issued, tokenHash: loginCodeHash(email, code) });
  await clearFailures(em, 'LOGIN_CODE', email);
  const link = `${ctx.env.publicUrl}/m/callback/email?token=${raw}&operation=${operation}`;
  const verb = operation === 'register' ? 'Finish creating your account' : 'Sign in';
  enqueueEmail(em, {
    category: 'security',
    to: email,
    subject: `${verb} on ${ctx.env.productName}`,
    template: 'magic-link',
    payload: {
      link,
      code,
      text: `${verb} on ${ctx.env.productName} with this link (it works once, for 15 minutes):\n${link}\n\nOr enter this code: ${code}`,
    },
  });
  return { __typename: 'SusiMethod' as const, value: 'EMAIL' };
}

/**
 * Spec §7 VerifyLoginCode: a right code trades for a one-use completion token; the browser then
 * goes to the login-completion URL with token, state and operation (spec §4).
 */
export async function verifyLoginCode(
  ctx: Context,
  em: EntityManager,
  input: { email: string; loginCode: string },
) {
  const now = ctx.now();
  const email = input.email.trim().toLowerCase();
  // Held until commit, so parallel guesses are checked one at a time and never past the limit.
  const lock = await holdLock(em, 'LOGIN_CODE', email, now);
  if (lock.state !== 'open' || lock.failCount >= AUTH_POLICY.loginCodeMaxAttempts)
    return fail('TooManyRequests', CODE_TOO_MANY);
  const redeemed = await redeemToken(em, 'LOGIN_CODE', loginCodeHash(email, input.loginCode), now);
  if (redeemed.status === 'expired') return fail('BadRequest', 'That code has expired. Ask for a new email.');
  if (redeemed.status === 'invalid') {
    await recordFailure(em, 'LOGIN_CODE', email, now);
    return fail('NotFound', CODE_NOT_FOUND);
  }
  await retireTokens(em, 'MAGIC_LINK', { email }, now);
  const payload = redeemed.token.payload;
  const { raw } = issueToken(em, {
    kind: 'MAGIC_LINK',
    ttlMs: AUTH_POLICY.magicLinkTtlMs,
    now,
    email,
    user: redeemed.token.user ?? null,
    payload,
    ip: ctx.ip,
  });
  const operation = (payload.operation as string) ?? 'login';
  const params = new URLSearchParams({
    token: raw,
    operation,
    state: `email|${payload.redirect ?? '/'}|${operation}`,
  });
  return { __typename: 'Token' as const, value: raw, redirectUrl: `/m/callback/email?${params}` };
}

/** What the emailed link leads to. */
export type EmailCallbackOutcome =
  | { kind: 'signed-in'; result: LoginResult }
  | { kind: 'expired' }
  | { kind: 'needs-name'; email: string };

/** GET /m/callback/email: redeems the link, creates the account on sign-up, signs in. */
export async function completeEmailLink(
  ctx: Context,
  em: EntityManager,
  token: string,
): Promise<EmailCallbackOutcome> {
  const now = ctx.now();
  const redeemed = await redeemToken(em, 'MAGIC_LINK', sha256(token), now);
  if (redeemed.status !== 'ok' || !redeemed.token.email) return { kind: 'expired' };
  const { email, payload } = redeemed.token;
  await retireTokens(em, 'LOGIN_CODE', { email }, now);
  let user: User | null = await userByEmail(em, email);
  let redirect = safeRedirect(payload.redirect as string);
  if (!user) {
    const fullName = typeof payload.fullName === 'string' ? payload.fullName : '';
    if (!fullName) return { kind: 'needs-name', email };
    const entryPoint = typeof payload.entryPoint === 'string' ? payload.entryPoint : null;
    user = await createUser(em, ctx, {
      email,
      name: fullName,
      verified: true,
      onboardingStatus: onboardingStatusFor(entryPoint),
    });
    redirect = afterSignUpPath(user.onboardingStatus, redirect);
  } else if (!user.emailVerifiedAt) {
    user.emailVerifiedAt = now; // following the link proves the address
  }
  return { kind: 'signed-in', result: await completeFirstFactor(ctx, em, user, redirect) };
}
