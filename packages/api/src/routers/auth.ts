import {
  createAccountInput,
  crupdatePasswordInput,
  crupdateTwoFactorAuthInput,
  crupdateTwoFactorBackupCodesInput,
  emailAvailabilityInput,
  loginUserInput,
  magicLinkPreferredInput,
  registerAuthyUserInput,
  sendAcctAuthEmailInput,
  verifyLoginCodeInput,
} from '@quire/domain';
import {
  accountToken,
  authOptions,
  changePassword,
  checkLoginCode,
  createAccount,
  emailAvailability,
  finishTwoFactorSetup,
  loginUser,
  magicLinkPreferred,
  newBackupCodes,
  sendAuthEmail,
  sendVerificationEmail,
  startTwoFactorSetup,
} from '../services/auth/operations';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  /** What the sign-in modal may offer: passwords, email, social providers, captcha. */
  options: publicProcedure.query(({ ctx }) => authOptions(ctx)),

  /** The local captcha's question (null with a third-party provider). */
  captchaChallenge: publicProcedure.query(({ ctx }) => ctx.env.captcha.challenge(ctx.now())),

  /** Spec §7 MagicLinkPreferredQuery: whether this address signs in by link (it has no password). */
  magicLinkPreferred: publicProcedure
    .input(magicLinkPreferredInput)
    .query(({ ctx, input }) => magicLinkPreferred(ctx, input.email)),

  /** Spec §7 EmailAvailability. */
  emailAvailability: publicProcedure
    .input(emailAvailabilityInput)
    .query(({ ctx, input }) => emailAvailability(ctx, input.email)),

  /** Spec §7 AccountTokenQuery: a short-lived single-use token for the viewer's action URLs. */
  accountToken: authedProcedure.mutation(({ ctx }) => accountToken(ctx, ctx.viewer)),

  /** Spec §7 SendAcctAuthEmail. */
  sendAcctAuthEmail: publicProcedure
    .input(sendAcctAuthEmailInput)
    .mutation(({ ctx, input }) => sendAuthEmail(ctx, input)),

  /** Spec §7 VerifyLoginCode. */
  verifyLoginCode: publicProcedure
    .input(verifyLoginCodeInput)
    .mutation(({ ctx, input }) => checkLoginCode(ctx, input)),

  /** Spec §7 CreateAccount (email and password; social sign-up arrives with the providers). */
  createAccount: publicProcedure
    .input(createAccountInput)
    .mutation(({ ctx, input }) => createAccount(ctx, input)),

  /** Spec §7 LoginUser: password first, then the second factor when two-factor is on. */
  loginUser: publicProcedure.input(loginUserInput).mutation(({ ctx, input }) => loginUser(ctx, input)),

  /** Spec §7 CrupdatePassword. */
  crupdatePassword: publicProcedure
    .input(crupdatePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  /** Spec §7 sendVerificationEmail: mails a confirmation link to an unverified address. */
  sendVerificationEmail: authedProcedure.mutation(({ ctx }) => sendVerificationEmail(ctx, ctx.viewer)),

  /** Spec §7 RegisterAuthyUser: starts two-factor setup for a method. */
  registerAuthyUser: authedProcedure
    .input(registerAuthyUserInput)
    .mutation(({ ctx, input }) => startTwoFactorSetup(ctx, ctx.viewer, input)),

  /** Spec §7 CrupdateTwoFactorAuth: confirms setup with a code, which turns two-factor on. */
  crupdateTwoFactorAuth: authedProcedure
    .input(crupdateTwoFactorAuthInput)
    .mutation(({ ctx, input }) => finishTwoFactorSetup(ctx, ctx.viewer, input)),

  /** Spec §7 crupdateTwoFactorBackupCodes: ten new recovery codes, shown once. */
  crupdateTwoFactorBackupCodes: authedProcedure
    .input(crupdateTwoFactorBackupCodesInput)
    .mutation(({ ctx, input }) => newBackupCodes(ctx, ctx.viewer, input)),
});
