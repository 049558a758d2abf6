import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import { APP_LOGIN_POLICY, appLoginPath, linkTokenSchema, appLoginTexts as texts } from '@quire/domain';
import type { Context } from '../../trpc';
import { issueAccountLink } from '../account/links';
import { completeFirstFactor } from './login';
import { fail, type LoginResult } from './results';
import { peekToken, type Redeemed, redeemToken, sha256 } from './tokens';

/*
 * /m/app/login/{token}: a link the signed-in account makes in its security settings and opens on another device
 * (domain app-login.ts). 256 random bits stored as a hash, single use, minutes long; the device's page asks first.
 */

/** Makes the viewer a sign-in link (retiring an earlier one), at most APP_LOGIN_POLICY.linksPerHour an hour. */
export async function createAppLoginLink(em: EntityManager, ctx: Context, viewerId: string) {
  const user = await em.findOneOrFail(User, viewerId);
  const raw = await issueAccountLink(em, ctx, user, {
    kind: 'APP_LOGIN',
    ttlMs: APP_LOGIN_POLICY.ttlMs,
    perHour: APP_LOGIN_POLICY.linksPerHour,
    tooMany: { field: 'appLogin', message: texts.tooMany },
  });
  return {
    url: `${ctx.env.publicUrl}${appLoginPath(raw)}`,
    expiresAt: new Date(ctx.now().getTime() + APP_LOGIN_POLICY.ttlMs),
  };
}

/** Why a sign-in link cannot be used (its message), or the account it signs in. */
function linkState(found: Redeemed) {
  if (found.status === 'expired') return { ok: false as const, message: texts.expired };
  const user = found.status === 'ok' ? found.token.user : null;
  // A deleted account signs in nowhere, whatever link it made before (a suspended one signs in as by email).
  if (!user || user.isDeleted) return { ok: false as const, message: texts.invalid };
  return { ok: true as const, user };
}

/** The link's page, without using it: whom it signs in, or why it cannot be used. */
export async function appLoginLink(em: EntityManager, ctx: Context, token: string) {
  if (!linkTokenSchema.safeParse(token).success) return { usable: false as const, message: texts.invalid };
  const state = linkState(await peekToken(em, 'APP_LOGIN', sha256(token), ctx.now()));
  return state.ok
    ? { usable: true as const, name: state.user.name, username: state.user.username }
    : { usable: false as const, message: state.message };
}

/**
 * Signs this device in with the link, which it uses up: the session cookie, or the second factor's step when the
 * account has two-factor on (the link stands for the password, never for the second factor).
 */
export function completeAppLogin(ctx: Context, token: string): Promise<LoginResult> {
  return ctx.em.transactional(async (em) => {
    const state = linkState(await redeemToken(em, 'APP_LOGIN', sha256(token), ctx.now()));
    if (!state.ok) return fail('BadRequest', state.message);
    return completeFirstFactor(ctx, em, state.user, '/');
  });
}
