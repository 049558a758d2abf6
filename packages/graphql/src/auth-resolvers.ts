import { nullWhenRefused, orBadRequest } from './errors';
import type { ShimContext } from './resolvers';

type Args = Record<string, unknown>;

/** GraphQL leaves absent arguments out; zod treats null as a value, so drop nulls. */
const clean = <T extends Args>(args: T) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined)) as never;

/** Spec §7 sign-in calls: each translates arguments and calls the auth router. */
export const authResolvers = {
  Query: {
    magicLinkPreferred: (_: unknown, args: Args, ctx: ShimContext) =>
      ctx.caller.auth.magicLinkPreferred(clean(args)),
    emailAvailability: async (_: unknown, args: Args, ctx: ShimContext) =>
      (await ctx.caller.auth.emailAvailability(clean(args))).emailAvailability,
    accountToken: async (_: unknown, __: Args, ctx: ShimContext) =>
      (await nullWhenRefused(() => ctx.caller.auth.accountToken()))?.accountToken ?? null,
  },
  Mutation: {
    createAccount: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.createAccount(clean(args))),
    crupdatePassword: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.crupdatePassword(clean(args))),
    sendAcctAuthEmail: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.sendAcctAuthEmail(clean(args))),
    verifyLoginCode: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.verifyLoginCode(clean(args))),
    loginUser: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.loginUser(clean(args))),
    crupdateTwoFactorAuth: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.crupdateTwoFactorAuth(clean(args))),
    registerAuthyUser: (_: unknown, args: Args, ctx: ShimContext) =>
      orBadRequest(() => ctx.caller.auth.registerAuthyUser(clean(args))),
    crupdateTwoFactorBackupCodes: (_: unknown, args: Args, ctx: ShimContext) =>
      ctx.caller.auth.crupdateTwoFactorBackupCodes(clean(args)),
    sendVerificationEmail: async (_: unknown, __: Args, ctx: ShimContext) =>
      (await ctx.caller.auth.sendVerificationEmail()).sent,
  },
  AuthInfo: { sessionToken: () => null },
};
