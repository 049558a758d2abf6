import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import {
  ACCOUNT_CONVERT_POLICY,
  accountConvertPath,
  linkTokenSchema,
  accountConvertTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../trpc';
import { passwordStrengthProblem } from '../auth/password-strength';
import { hashPassword } from '../auth/passwords';
import { peekToken, type Redeemed, redeemToken, sha256 } from '../auth/tokens';
import { fieldError } from './field-errors';
import { mailAccountLink } from './links';

/*
 * Not in the spec beyond its path (/m/account/convert/{token}): an account with no password (it signs in through
 * a connected account or an emailed link) is mailed a single-use link, stored as a hash, that lets it add a
 * password and so sign in with its email and that password. The link proves the address, like the email-change
 * link: a password is never attached to an address its account has not opened mail at.
 */

const HOUR_MS = 60 * 60 * 1000;

/** Mails the viewer the link to add a password; refused for an account that has one or has no address. */
export async function mailConvertLink(em: EntityManager, ctx: Context, viewerId: string) {
  const user = await em.findOneOrFail(User, viewerId);
  if (user.passwordHash) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.hasPassword });
  if (!user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.noEmail });
  const hours = Math.round(ACCOUNT_CONVERT_POLICY.ttlMs / HOUR_MS);
  await mailAccountLink(em, ctx, user, {
    kind: 'ACCOUNT_CONVERT',
    ttlMs: ACCOUNT_CONVERT_POLICY.ttlMs,
    email: user.email,
    perHour: ACCOUNT_CONVERT_POLICY.linksPerHour,
    tooMany: { field: 'email', message: texts.tooMany },
    path: accountConvertPath,
    subject: texts.mailSubject(ctx.env.productName),
    template: 'account-convert',
    text: (link) => texts.mailText(ctx.env.productName, link, hours),
  });
  return { sentTo: user.email };
}

/** Why a convert link cannot be used (its message), or the account it adds a password to. */
function linkState(found: Redeemed) {
  if (found.status === 'expired') return { ok: false as const, message: texts.expired };
  const user = found.status === 'ok' ? found.token.user : null;
  const email = found.status === 'ok' ? found.token.email : null;
  // The account's address changed since the link was mailed: the link proved the old one only.
  if (!user || user.isDeleted || !email || user.email !== email)
    return { ok: false as const, message: texts.invalid };
  if (user.passwordHash) return { ok: false as const, message: texts.hasPassword };
  return { ok: true as const, user, email };
}

/** The convert page's view of its link, without using it: the address it is for, or why it cannot be used. */
export async function convertLink(em: EntityManager, ctx: Context, token: string) {
  if (!linkTokenSchema.safeParse(token).success) return { usable: false as const, message: texts.invalid };
  const state = linkState(await peekToken(em, 'ACCOUNT_CONVERT', sha256(token), ctx.now()));
  return state.ok
    ? { usable: true as const, email: state.email }
    : { usable: false as const, message: state.message };
}

/**
 * Adds the password with the link, in one transaction: the link is used up only when the password is kept. A bad,
 * forged, expired or used link, or a guessable password, changes nothing (the link stays usable after the latter).
 * The account's address counts as confirmed. No one is signed in: the account signs in with the new password.
 */
export function convertAccount(ctx: Context, input: { token: string; password: string }) {
  return ctx.em.transactional(async (em) => {
    const state = linkState(await redeemToken(em, 'ACCOUNT_CONVERT', sha256(input.token), ctx.now()));
    if (!state.ok) throw fieldError('token', state.message);
    const { user, email } = state;
    const weak = passwordStrengthProblem(input.password, [user.name, user.username, email]);
    if (weak) throw fieldError('password', weak);
    user.passwordHash = await hashPassword(input.password);
    user.emailVerifiedAt ??= ctx.now();
    return { email };
  });
}
