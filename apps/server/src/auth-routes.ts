import {
  completeEmailLink,
  confirmEmail,
  hashToken,
  SESSION_COOKIE,
  type ServiceEnvironment,
} from '@quire/api';
import { type Orm, Session } from '@quire/db';
import { EMAIL_LOGIN_TIMEOUT_ENTRY, logTexts } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
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
    const result = outcome.result;
    if (result.__typename === 'AuthInfo') return reply.redirect(result.redirect, 302);
    if (result.__typename === 'AuthToken') {
      const params = new URLSearchParams({ twoFactorToken: result.token, method: result.method });
      return reply.redirect(`/m/signin?${params}`, 302);
    }
    return reply.redirect(expired, 302);
  });

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

  // The address-confirmation link of sendVerificationEmail.
  app.get<{ Params: { key: string } }>('/m/account/confirm/:key', async (req, reply) => {
    const ctx = await contextFor(orm, config, env, req, reply);
    const ok = req.params.key.length <= 200 && (await confirmEmail(ctx, req.params.key));
    return reply
      .header('cache-control', 'no-store')
      .redirect(ok ? '/?emailVerified=1' : '/?emailVerified=0', 302);
  });
}
