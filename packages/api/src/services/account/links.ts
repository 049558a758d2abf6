import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthToken, type User } from '@quire/db';
import type { AuthTokenKind } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import type { Context } from '../../trpc';
import { issueToken, retireTokens } from '../auth/tokens';
import { type AccountField, fieldError } from './field-errors';

const HOUR_MS = 60 * 60 * 1000;

/** A single-use link's terms: its kind, lifetime, the hourly limit and where a refusal is shown. */
interface AccountLinkTerms {
  kind: AuthTokenKind;
  ttlMs: number;
  perHour: number;
  tooMany: { field: AccountField; message: string };
  email?: string | null;
  payload?: Record<string, unknown>;
}

/**
 * Issues a signed-in account a single-use token (stored as a hash) and retires its earlier ones of that kind. An
 * account that asked for `perHour` of them in the last hour is refused next to `field`. Runs in the caller's
 * transaction; returns the raw token.
 */
export async function issueAccountLink(em: EntityManager, ctx: Context, user: User, link: AccountLinkTerms) {
  // The account's row is locked for the count and the new link: requests at once cannot pass the hourly limit.
  await em.lock(user, LockMode.PESSIMISTIC_WRITE);
  const now = ctx.now();
  const recent = await em.count(AuthToken, {
    kind: link.kind,
    user: user.id,
    createdAt: { $gt: new Date(now.getTime() - HOUR_MS) },
  });
  if (recent >= link.perHour) throw fieldError(link.tooMany.field, link.tooMany.message, 'TOO_MANY_REQUESTS');
  await retireTokens(em, link.kind, { userId: user.id }, now);
  const { raw, row } = issueToken(em, {
    kind: link.kind,
    ttlMs: link.ttlMs,
    now,
    email: link.email ?? null,
    user,
    payload: link.payload ?? {},
    ip: ctx.ip,
  });
  row.createdAt = now; // the hourly count reads the request's clock
  return raw;
}

/**
 * Mails a signed-in account a single-use link (issueAccountLink), so no one can use it to mail an address again
 * and again. Always sent: it is account-security mail. Runs in the caller's transaction.
 */
export async function mailAccountLink(
  em: EntityManager,
  ctx: Context,
  user: User,
  link: AccountLinkTerms & {
    email: string;
    /** The page the link opens, for its raw token. */
    path: (raw: string) => string;
    subject: string;
    template: string;
    text: (url: string) => string;
  },
) {
  const raw = await issueAccountLink(em, ctx, user, link);
  const url = `${ctx.env.publicUrl}${link.path(raw)}`;
  enqueueEmail(em, {
    category: 'security',
    to: link.email,
    subject: link.subject,
    template: link.template,
    payload: { link: url, text: link.text(url) },
  });
  return url;
}
