import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import { ACCOUNT_LIMITS, AUTH_POLICY, accountEmailTexts, accountTexts, normalizeEmail } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import type { Context } from '../../trpc';
import { userByEmail } from '../auth/accounts';
import { retireTokens } from '../auth/tokens';
import { fieldError } from './field-errors';
import { mailAccountLink } from './links';

/*
 * Spec §3 email and unverifiedEmail: a new address waits in unverifiedEmail until its owner opens the
 * single-use link mailed to it (GET /m/account/confirm/{key}, stored as a hash), and the address in use is told.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account-security email: always sent, whatever the notification settings say. */
function securityMail(to: string, subject: string, template: string, payload: Record<string, unknown>) {
  const message = { category: 'security' as const, to, subject, template, payload };
  return message;
}

/**
 * Mails the confirmation link for `email` to it; earlier links of the viewer stop working. An account that asked
 * for too many in the last hour is refused, so no one can use it to mail an address again and again.
 */
export async function mailEmailConfirmation(em: EntityManager, ctx: Context, user: User, email: string) {
  const days = Math.round(AUTH_POLICY.emailVerificationTtlMs / DAY_MS);
  await mailAccountLink(em, ctx, user, {
    kind: 'EMAIL_VERIFICATION',
    ttlMs: AUTH_POLICY.emailVerificationTtlMs,
    email,
    perHour: ACCOUNT_LIMITS.emailChangesPerHour,
    tooMany: { field: 'email', message: accountTexts.emailTooMany },
    path: (raw) => `/m/account/confirm/${raw}`,
    payload: { change: true },
    subject: accountEmailTexts.confirmSubject(ctx.env.productName),
    template: 'confirm-email-change',
    text: (link) => accountEmailTexts.confirmText(ctx.env.productName, link, days),
  });
}

/**
 * Starts an email change: the new address is kept as unverifiedEmail and sent a confirmation link, and the
 * address in use (if any) is told. An address another account uses is refused next to the field.
 */
export async function changeEmail(
  em: EntityManager,
  ctx: Context,
  viewerId: string,
  input: { email: string },
) {
  const user = await em.findOneOrFail(User, viewerId);
  const email = normalizeEmail(input.email);
  if (email === user.email) throw fieldError('email', accountTexts.emailSame);
  const holder = await userByEmail(em, email);
  if (holder && holder.id !== user.id) throw fieldError('email', accountTexts.emailTaken, 'CONFLICT');
  user.unverifiedEmail = email;
  await mailEmailConfirmation(em, ctx, user, email);
  if (user.email) {
    enqueueEmail(
      em,
      securityMail(user.email, accountEmailTexts.noticeSubject(ctx.env.productName), 'email-change-notice', {
        text: accountEmailTexts.noticeText(ctx.env.productName, email),
      }),
    );
  }
  await em.flush();
  return { unverifiedEmail: email };
}

/** Drops a pending email change: its link stops working and the address in use stays. */
export async function cancelEmailChange(em: EntityManager, ctx: Context, viewerId: string) {
  const user = await em.findOneOrFail(User, viewerId);
  if (user.unverifiedEmail) {
    await retireTokens(em, 'EMAIL_VERIFICATION', { userId: user.id }, ctx.now());
    user.unverifiedEmail = null;
    await em.flush();
  }
  return { unverifiedEmail: null };
}
