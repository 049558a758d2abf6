import {
  completeEmailLink,
  confirmEmail,
  decodeState,
  encodeState,
  finishSocialSignIn,
  hashToken,
  type LoginResultLike,
  readAuthFlags,
  SESSION_COOKIE,
  type ServiceEnvironment,
  safeRedirect,
  startSocialSignIn,
} from '@quire/api';
import { type Orm, Session } from '@quire/db';
import { EMAIL_LOGIN_TIMEOUT_ENTRY, logTexts, MOBILE_BETA_PATH, pathAfterSignIn } from '@quire/domain';

/** The sign-in page, then `redirect`. */
const signInPath = (redirect: string) => `/m/signin?${new URLSearchParams({ redirect })}`;

/** Where a social sign-in that did not sign in goes back to. */
const SOCIAL_FAILED = '/m/signin?error=social';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { contextFor, XSRF_COOKIE } from './context';

/** The browser-facing auth endpoints of spec §2 "Account and auth" (links from emails, sign-out). */
export async function registerAuthRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  // The emailed sign-in link (and the login-code completion URL): one use, then gone.
  app.get<{ Querystring: { token?: string } }>('/m/callback/email', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const expired = `/m/signin?entry=${EMAIL_LOGIN_TIMEOUT_ENTRY}`;
    if (!token || token.length > 200) return reply.redirect(expired, 302);
    const ctx = await contextFor(orm, config, env, req, reply);
    const outcome = await ctx.em.transactional((em) => completeEmailLink(ctx, em, token));
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'expired') return reply.redirect(expired, 302);
    if (outcome.kind === 'needs-name') {
      return reply.redirect(`/m/signin?operation=register&email=${encodeURIComponent(outcome.email)}`, 302);
    }
    return reply.redirect(pathAfterSignIn(outcome.result, expired), 302);
  });

  // Social sign-in (spec §2 /m/connect/{provider}, /m/callback/{provider}).
  const OAUTH_COOKIE = 'oauth_state';
  const providerConfig = async (name: string) => {
    const config = env.oauth.find((o) => o.provider === name);
    if (!config) return null;
    const flags = await readAuthFlags(orm.em.fork());
    return flags[`disable_login_${config.provider}`] ? null : config;
  };
  const callbackUri = (provider: string) => `${config.publicUrl}/m/callback/${provider}`;

  app.get<{
    Params: { provider: string };
    Querystring: { redirect?: string; operation?: string; entry?: string };
  }>('/m/connect/:provider', async (req, reply) => {
    const provider = await providerConfig(req.params.provider);
    if (!provider)
      return reply.code(404).send({ error: { message: 'That sign-in service is not available.' } });
    const redirect = safeRedirect(req.query.redirect);
    const operation = req.query.operation === 'register' ? 'register' : 'login';
    const state = encodeState({
      provider: provider.provider,
      redirect,
      entry: String(req.query.entry ?? ''),
      operation,
    });
    const { url, verifier } = startSocialSignIn(provider, callbackUri(provider.provider), state);
    reply.setCookie(OAUTH_COOKIE, JSON.stringify({ state, verifier }), {
      path: '/m/callback',
      httpOnly: true,
      maxAge: 600,
      // Apple posts back cross-site; its cookie needs SameSite=None (allowed on localhost and HTTPS).
      ...(provider.formPost
        ? { sameSite: 'none' as const, secure: true }
        : { sameSite: 'lax' as const, secure: config.NODE_ENV === 'production' }),
    });
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  });

  const socialCallback = async (
    req: FastifyRequest<{ Params: { provider: string } }>,
    reply: FastifyReply,
    params: Record<string, unknown>,
  ) => {
    const provider = await providerConfig(req.params.provider);
    const failed = '/m/signin?error=social';
    if (!provider) return reply.redirect(failed, 302);
    let saved: { state?: string; verifier?: string | null } = {};
    try {
      saved = JSON.parse(req.cookies[OAUTH_COOKIE] ?? '{}');
    } catch {}
    reply.clearCookie(OAUTH_COOKIE, { path: '/m/callback' });
    const state = typeof params.state === 'string' ? params.state : '';
    const code = typeof params.code === 'string' ? params.code : '';
    // The state must be the one this browser was given: no signing a victim into someone else's account.
    if (!state || !code || state !== saved.state || decodeState(state).provider !== provider.provider) {
      return reply.redirect(failed, 302);
    }
    const ctx = await contextFor(orm, config, env, req, reply);
    let result: LoginResultLike;
    try {
      result = await ctx.em.transactional((em) =>
        finishSocialSignIn(ctx, em, provider, {
          code,
          verifier: saved.verifier ?? null,
          redirectUri: callbackUri(provider.provider),
          redirect: safeRedirect(decodeState(state).redirect),
          entryPoint: decodeState(state).entry || null,
        }),
      );
    } catch (error) {
      req.log.warn({ err: error }, 'social sign-in failed');
      return reply.redirect(failed, 302);
    }
    return reply.header('cache-control', 'no-store').redirect(pathAfterSignIn(result, SOCIAL_FAILED), 302);
  };
  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/m/callback/:provider',
    (req, reply) => socialCallback(req, reply, req.query),
  );
  // Apple answers with a form POST; the state cookie, not the xsrf token, ties it to this browser.
  app.post<{ Params: { provider: string }; Body: Record<string, unknown> }>(
    '/m/callback/:provider',
    { config: { xsrf: false } },
    (req, reply) => socialCallback(req, reply, (req.body as Record<string, unknown>) ?? {}),
  );

  // Spec AcctSignout: sign-out needs the anti-forgery token in the path.
  app.get<{ Params: { xsrf: string } }>('/m/signout/:xsrf', async (req, reply) => {
    const cookie = req.cookies[XSRF_COOKIE];
    if (!cookie) {
      req.log.warn(logTexts.noXsrfToken);
      return reply.code(403).send({ error: { message: 'Invalid or missing anti-forgery token.' } });
    }
    if (req.params.xsrf !== cookie) {
      return reply.code(403).send({ error: { message: 'Invalid or missing anti-forgery token.' } });
    }
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      const em = orm.em.fork();
      await em.nativeUpdate(
        Session,
        { tokenHash: hashToken(token), revokedAt: null },
        { revokedAt: new Date() },
      );
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.header('cache-control', 'no-store').redirect('/', 302);
  });

  // Spec §2 /me: the reader's own profile; a visitor signs in first and lands there.
  app.get('/me', async (req, reply) => {
    const ctx = await contextFor(orm, config, env, req, reply);
    const to = ctx.viewer ? `/@${ctx.viewer.username}` : signInPath('/me');
    return reply.header('cache-control', 'private, no-store').redirect(to, 302);
  });
  // Spec §2 /m/login-redirect: the sign-in page, back to the page named by `redirect` (on this site) after it.
  app.get<{ Querystring: { redirect?: unknown } }>('/m/login-redirect', async (req, reply) =>
    reply.header('cache-control', 'no-store').redirect(signInPath(safeRedirect(req.query.redirect)), 302),
  );
  // Spec §2 /m/app: there is no app to download; the page on using Quire from a phone says so.
  app.get('/m/app', async (_req, reply) => reply.redirect(MOBILE_BETA_PATH, 301));

  // The address-confirmation link of sendVerificationEmail.
  app.get<{ Params: { key: string } }>('/m/account/confirm/:key', async (req, reply) => {
    const ctx = await contextFor(orm, config, env, req, reply);
    const ok = req.params.key.length <= 200 && (await confirmEmail(ctx, req.params.key));
    return reply
      .header('cache-control', 'no-store')
      .redirect(ok ? '/?emailVerified=1' : '/?emailVerified=0', 302);
  });
}
