import { User } from '@quire/db';
import {
  AUTH_POLICY,
  authErrors,
  createAccountInput,
  crupdatePasswordInput,
  crupdateTwoFactorAuthInput,
  crupdateTwoFactorBackupCodesInput,
  emailAvailabilityInput,
  loginUserInput,
  magicLinkPreferredInput,
  registerAuthyUserInput,
  sendAcctAuthEmailInput,
  susiServerMessages,
  verifyLoginCodeInput,
} from '@quire/domain';
import { checkSignupLimits, createUser, sendVerification, userByEmail } from '../services/auth/accounts';
import { sendAcctAuthEmail, verifyLoginCode } from '../services/auth/email-link';
import { readAuthFlags } from '../services/auth/flags';
import {
  checkPassword,
  loginWithPassword,
  loginWithSecondFactor,
  safeRedirect,
} from '../services/auth/login';
import { crupdatePassword } from '../services/auth/password';
import { hashPassword } from '../services/auth/passwords';
import { fail } from '../services/auth/results';
import { signIn } from '../services/auth/sessions';
import { issueToken } from '../services/auth/tokens';
import { regenerateBackupCodes } from '../services/auth/two-factor';
import { confirmTwoFactor, registerTwoFactor } from '../services/auth/two-factor-setup';
import { authedProcedure, publicProcedure, router } from '../trpc';

const PASSWORDS_OFF = 'Passwords are turned off right now. Use a sign-in link instead.';

export const authRouter = router({
  /** What the sign-in modal may offer: passwords, email, social providers, captcha. */
  options: publicProcedure.query(async ({ ctx }) => {
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
  }),

  /** The local captcha's question (null with a third-party provider). */
  captchaChallenge: publicProcedure.query(({ ctx }) => ctx.env.captcha.challenge(ctx.now())),

  /** Spec §7 MagicLinkPreferredQuery: whether this address signs in by link (it has no password). */
  magicLinkPreferred: publicProcedure.input(magicLinkPreferredInput).query(async ({ ctx, input }) => {
    const user = await userByEmail(ctx.em, input.email);
    if (!user) return fail('NotFound', susiServerMessages.userDoesNotExist);
    return { __typename: 'PrefersMagicLink' as const, result: !user.passwordHash };
  }),

  /** Spec §7 EmailAvailability. */
  emailAvailability: publicProcedure.input(emailAvailabilityInput).query(async ({ ctx, input }) => ({
    emailAvailability: !(await userByEmail(ctx.em, input.email)),
  })),

  /** Spec §7 AccountTokenQuery: a short-lived single-use token for the viewer's action URLs. */
  accountToken: authedProcedure.mutation(async ({ ctx }) =>
    ctx.em.transactional(async (em) => {
      const { raw } = issueToken(em, {
        kind: 'ACCOUNT_TOKEN',
        ttlMs: AUTH_POLICY.accountTokenTtlMs,
        now: ctx.now(),
        user: ctx.viewer,
      });
      return { accountToken: raw };
    }),
  ),

  /** Spec §7 SendAcctAuthEmail. */
  sendAcctAuthEmail: publicProcedure
    .input(sendAcctAuthEmailInput)
    .mutation(({ ctx, input }) => ctx.em.transactional((em) => sendAcctAuthEmail(ctx, em, input))),

  /** Spec §7 VerifyLoginCode. */
  verifyLoginCode: publicProcedure
    .input(verifyLoginCodeInput)
    .mutation(({ ctx, input }) => ctx.em.transactional((em) => verifyLoginCode(ctx, em, input))),

  /** Spec §7 CreateAccount (email and password; social sign-up arrives with the providers). */
  createAccount: publicProcedure.input(createAccountInput).mutation(({ ctx, input }) =>
    ctx.em.transactional(async (em) => {
      const flags = await readAuthFlags(em);
      if (input.password && !flags.enable_passwords) return fail('BadRequest', PASSWORDS_OFF);
      if (!input.password) return fail('BadRequest', 'Choose a password, or sign up with an emailed link.');
      const limited = await checkSignupLimits(em, ctx, input.email.toLowerCase());
      if (limited) return limited;
      if (await userByEmail(em, input.email)) return fail('AlreadyExists', authErrors.alreadyExists);
      const user = await createUser(em, ctx, {
        email: input.email,
        name: input.name,
        username: input.username,
        passwordHash: await hashPassword(input.password),
        verified: false,
      });
      await em.flush();
      sendVerification(em, ctx, user, user.email!);
      await signIn(ctx, em, user);
      return { __typename: 'AuthInfo' as const, uid: user.id, redirect: safeRedirect(input.redirect) };
    }),
  ),

  /** Spec §7 LoginUser: password first, then the second factor when two-factor is on. */
  loginUser: publicProcedure.input(loginUserInput).mutation(async ({ ctx, input }) => {
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
  }),

  /** Spec §7 CrupdatePassword. */
  crupdatePassword: publicProcedure
    .input(crupdatePasswordInput)
    .mutation(({ ctx, input }) => ctx.em.transactional((em) => crupdatePassword(ctx, em, input))),

  /** Spec §7 sendVerificationEmail: mails a confirmation link to an unverified address. */
  sendVerificationEmail: authedProcedure.mutation(({ ctx }) =>
    ctx.em.transactional(async (em) => {
      const user = await em.findOneOrFail(User, ctx.viewer.id);
      const email = user.unverifiedEmail ?? user.email;
      if (!email || (user.emailVerifiedAt && !user.unverifiedEmail)) return { sent: false, email };
      sendVerification(em, ctx, user, email);
      return { sent: true, email };
    }),
  ),

  /** Spec §7 RegisterAuthyUser: starts two-factor setup for a method. */
  registerAuthyUser: authedProcedure
    .input(registerAuthyUserInput)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional(async (em) =>
        registerTwoFactor(ctx, em, await em.findOneOrFail(User, ctx.viewer.id), input),
      ),
    ),

  /** Spec §7 CrupdateTwoFactorAuth: confirms setup with a code, which turns two-factor on. */
  crupdateTwoFactorAuth: authedProcedure
    .input(crupdateTwoFactorAuthInput)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional((em) => confirmTwoFactor(ctx, em, ctx.viewer.id, input)),
    ),

  /** Spec §7 crupdateTwoFactorBackupCodes: ten new recovery codes, shown once. */
  crupdateTwoFactorBackupCodes: authedProcedure
    .input(crupdateTwoFactorBackupCodesInput)
    .mutation(({ ctx, input }) =>
      ctx.em.transactional(async (em) => {
        if (input.userId !== ctx.viewer.id) return fail('NotFound', 'No such user.');
        const user = await em.findOneOrFail(User, ctx.viewer.id);
        return { __typename: 'BackupCodes' as const, backupCodes: await regenerateBackupCodes(em, user) };
      }),
    ),
});
