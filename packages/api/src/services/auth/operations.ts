import { User } from '@quire/db';
import {
  AUTH_POLICY,
  afterSignUpPath,
  authErrors,
  type createAccountInput,
  type crupdatePasswordInput,
  type crupdateTwoFactorAuthInput,
  type crupdateTwoFactorBackupCodesInput,
  type loginUserInput,
  onboardingStatusFor,
  type registerAuthyUserInput,
  type sendAcctAuthEmailInput,
  susiServerMessages,
  type verifyLoginCodeInput,
} from '@quire/domain';
import type { z } from 'zod';
import type { Context } from '../../trpc';
import { checkSignupLimits, createUser, sendVerification, userByEmail } from './accounts';
import { sendAcctAuthEmail, verifyLoginCode } from './email-link';
import { readAuthFlags } from './flags';
import { checkPassword, loginWithPassword, loginWithSecondFactor, safeRedirect } from './login';
import { crupdatePassword } from './password';
import { passwordStrengthProblem } from './password-strength';
import { hashPassword } from './passwords';
import { fail } from './results';
import { signIn } from './sessions';
import { issueToken } from './tokens';
import { regenerateBackupCodes } from './two-factor';
import { confirmTwoFactor, registerTwoFactor } from './two-factor-setup';

/*
 * The spec §7 auth operations as the auth router calls them: each mutation runs in one transaction of the
 * request's EntityManager.
 */

const PASSWORDS_OFF = 'Passwords are turned off right now. Use a sign-in link instead.';

/** What the sign-in modal may offer: passwords, email, social providers, captcha. */
export async function authOptions(ctx: Context) {
  const flags = await readAuthFlags(ctx.em);
  const disabled = {
    google: flags.disable_login_google,
    facebook: flags.disable_login_facebook,
    twitter: flags.disable_login_twitter,
    apple: flags.disable_login_apple,
  };
  const googleClientId = ctx.env.oauth.find((o) => o.provider === 'google')?.clientId ?? null;
  return {
    enablePasswords: flags.enable_passwords,
    emailEnabled: !flags.disable_login_email,
    providers: ctx.env.oauth.map((o) => o.provider).filter((p) => !disabled[p]),
    captcha: { kind: ctx.env.captcha.kind, siteKey: ctx.env.captcha.siteKey },
    skipLoginCaptcha: flags.skip_sign_in_recaptcha,
    oneTap: {
      enabled: flags.enable_google_one_tap && !!googleClientId && !flags.disable_login_google,
      clientId: googleClientId,
    },
  };
}

/** Spec §7 MagicLinkPreferredQuery: whether this address signs in by link (it has no password). */
export async function magicLinkPreferred(ctx: Context, email: string) {
  const user = await userByEmail(ctx.em, email);
  if (!user) return fail('NotFound', susiServerMessages.userDoesNotExist);
  return { __typename: 'PrefersMagicLink' as const, result: !user.passwordHash };
}

/** Spec §7 EmailAvailability: whether no account uses the address yet. */
export async function emailAvailability(ctx: Context, email: string) {
  return { emailAvailability: !(await userByEmail(ctx.em, email)) };
}

/** Spec §7 AccountTokenQuery: a short-lived single-use token for the viewer's action URLs. */
export function accountToken(ctx: Context, viewer: User) {
  return ctx.em.transactional(async (em) => {
    const { raw } = issueToken(em, {
      kind: 'ACCOUNT_TOKEN',
      ttlMs: AUTH_POLICY.accountTokenTtlMs,
      now: ctx.now(),
      user: viewer,
    });
    return { accountToken: raw };
  });
}

/** Spec §7 SendAcctAuthEmail. */
export const sendAuthEmail = (ctx: Context, input: z.output<typeof sendAcctAuthEmailInput>) =>
  ctx.em.transactional((em) => sendAcctAuthEmail(ctx, em, input));

/** Spec §7 VerifyLoginCode. */
export const checkLoginCode = (ctx: Context, input: z.output<typeof verifyLoginCodeInput>) =>
  ctx.em.transactional((em) => verifyLoginCode(ctx, em, input));

/** Spec §7 CreateAccount (email and password; social sign-up arrives with the providers). */
export function createAccount(ctx: Context, input: z.output<typeof createAccountInput>) {
  return ctx.em.transactional(async (em) => {
    const flags = await readAuthFlags(em);
    if (input.password && !flags.enable_passwords) return fail('BadRequest', PASSWORDS_OFF);
    if (!input.password) return fail('BadRequest', 'Choose a password, or sign up with an emailed link.');
    const limited = await checkSignupLimits(em, ctx, input.email.toLowerCase());
    if (limited) return limited;
    if (await userByEmail(em, input.email)) return fail('AlreadyExists', authErrors.alreadyExists);
    const weak = passwordStrengthProblem(input.password, [input.name, input.email, input.username ?? '']);
    if (weak) return fail('BadRequest', weak);
    const user = await createUser(em, ctx, {
      email: input.email,
      name: input.name,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      verified: false,
      onboardingStatus: input.onboardingStatus ?? onboardingStatusFor(input.entryPoint),
    });
    await em.flush();
    sendVerification(em, ctx, user, user.email!);
    await signIn(ctx, em, user);
    return {
      __typename: 'AuthInfo' as const,
      uid: user.id,
      redirect: afterSignUpPath(user.onboardingStatus, safeRedirect(input.redirect)),
    };
  });
}

/** Spec §7 LoginUser: password first, then the second factor when two-factor is on. */
export async function loginUser(ctx: Context, input: z.output<typeof loginUserInput>) {
  if (input.token) {
    const token = input.token;
    return ctx.em.transactional((em) => loginWithSecondFactor(ctx, em, { ...input, token }));
  }
  const flags = await readAuthFlags(ctx.em);
  if (!flags.enable_passwords) return fail('BadRequest', PASSWORDS_OFF);
  const email = input.email!;
  const passwordOk = await checkPassword(ctx.em.fork(), email, input.password!);
  return ctx.em.transactional((em) =>
    loginWithPassword(ctx, em, { email, passwordOk, redirect: input.redirect }),
  );
}

/** Spec §7 CrupdatePassword. */
export const changePassword = (ctx: Context, input: z.output<typeof crupdatePasswordInput>) =>
  ctx.em.transactional((em) => crupdatePassword(ctx, em, input));

/** Spec §7 sendVerificationEmail: mails a confirmation link to an unverified address. */
export function sendVerificationEmail(ctx: Context, viewer: Pick<User, 'id'>) {
  return ctx.em.transactional(async (em) => {
    const user = await em.findOneOrFail(User, viewer.id);
    const email = user.unverifiedEmail ?? user.email;
    if (!email || (user.emailVerifiedAt && !user.unverifiedEmail)) return { sent: false, email };
    sendVerification(em, ctx, user, email);
    return { sent: true, email };
  });
}

/** Spec §7 RegisterAuthyUser: starts two-factor setup for a method. */
export const startTwoFactorSetup = (
  ctx: Context,
  viewer: Pick<User, 'id'>,
  input: z.output<typeof registerAuthyUserInput>,
) =>
  ctx.em.transactional(async (em) =>
    registerTwoFactor(ctx, em, await em.findOneOrFail(User, viewer.id), input),
  );

/** Spec §7 CrupdateTwoFactorAuth: confirms setup with a code, which turns two-factor on. */
export const finishTwoFactorSetup = (
  ctx: Context,
  viewer: Pick<User, 'id'>,
  input: z.output<typeof crupdateTwoFactorAuthInput>,
) => ctx.em.transactional((em) => confirmTwoFactor(ctx, em, viewer.id, input));

/** Spec §7 crupdateTwoFactorBackupCodes: ten new recovery codes, shown once. */
export function newBackupCodes(
  ctx: Context,
  viewer: Pick<User, 'id'>,
  input: z.output<typeof crupdateTwoFactorBackupCodesInput>,
) {
  return ctx.em.transactional(async (em) => {
    if (input.userId !== viewer.id) return fail('NotFound', 'No such user.');
    const user = await em.findOneOrFail(User, viewer.id);
    return { __typename: 'BackupCodes' as const, backupCodes: await regenerateBackupCodes(em, user) };
  });
}
