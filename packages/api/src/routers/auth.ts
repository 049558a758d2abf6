import {
  createAccountInput,
  crupdatePasswordInput,
  crupdateTwoFactorAuthInput,
  crupdateTwoFactorBackupCodesInput,
  emailAvailabilityInput,
  linkTokenSchema,
  loginUserInput,
  magicLinkPreferredInput,
  registerAuthyUserInput,
  sendAcctAuthEmailInput,
  textInput,
  verifyLoginCodeInput,
} from '@quire/domain';
import { z } from 'zod';
import { appLoginLink, completeAppLogin } from '../services/auth/app-login';
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
import { authedProcedure, openProcedure, publicProcedure, router } from '../trpc';

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

  /*
   * /m/app/login/{token}: the link that signs an account in on another device. Open to anyone by nature: the link
   * is its own key (256 random bits, stored as a hash, five minutes, single use), as an emailed sign-in link is.
   */
  /** The link's state without using it: whom it signs in, or why it cannot be used. */
  appLoginLink: openProcedure
    .input(z.object({ token: textInput().max(1000) }))
    .query(({ ctx, input }) => appLoginLink(ctx.em, ctx, input.token)),
  /** Signs this device in with the link (or asks for the second factor), using it up. */
  completeAppLogin: openProcedure
    .input(z.object({ token: linkTokenSchema }))
    .mutation(({ ctx, input }) => completeAppLogin(ctx, input.token)),
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
