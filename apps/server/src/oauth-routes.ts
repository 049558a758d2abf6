import { checkAuthorizeRequest, type OAuthResponse, revocationEndpoint, tokenEndpoint } from '@quire/api';
import type { Orm } from '@quire/db';
import {
  OAUTH_AUTHORIZE_PATH,
  OAUTH_REVOKE_PATH,
  OAUTH_TOKEN_PATH,
  oauthAuthorizeInput,
  oauthErrorTexts,
} from '@quire/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { siteOf } from './hosts';

/** Token requests a client may make a minute from one address: plenty for refreshes, little for guessing codes. */
const TOKEN_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** RFC 6749 §5.1: token responses are never cached. */
function sendOAuth(reply: FastifyReply, out: OAuthResponse) {
  return reply
    .code(out.status)
    .headers({ 'cache-control': 'no-store', pragma: 'no-cache', ...out.headers })
    .type('application/json; charset=utf-8')
    .send(out.body);
}

/**
 * The OAuth 2 endpoints (spec §2 /m/oauth/authorize, /m/token): the token and revocation endpoints, which the
 * client authenticates with its secret — no session, no cookie and no anti-forgery token play a part — and the
 * authorize path's error redirects, sent before the consent page renders.
 */
export function registerOAuthRoutes(app: FastifyInstance, orm: Orm) {
  const endpoint =
    (run: typeof tokenEndpoint) =>
    async (req: { body: unknown; headers: { authorization?: string } }, reply: FastifyReply) => {
      const out = await orm.em
        .fork()
        .transactional((em) => run(em, req.body, req.headers.authorization, new Date()));
      return sendOAuth(reply, out);
    };
  const options = { config: { xsrf: false, rateLimit: TOKEN_RATE_LIMIT } };
  app.post(OAUTH_TOKEN_PATH, options, endpoint(tokenEndpoint));
  app.post(OAUTH_REVOKE_PATH, options, endpoint(revocationEndpoint));
  app.get(OAUTH_TOKEN_PATH, async (_req, reply) =>
    sendOAuth(reply, {
      status: 405,
      body: { error: 'invalid_request', error_description: oauthErrorTexts.method },
      headers: { allow: 'POST' },
    }),
  );

  // A request the RFC answers at the client's redirect URI goes there at once; the rest is the consent page's.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.url.startsWith(OAUTH_AUTHORIZE_PATH)) return;
    if (req.url.split('?')[0] !== OAUTH_AUTHORIZE_PATH || siteOf(req).kind !== 'main') return;
    const query = oauthAuthorizeInput.safeParse(req.query);
    if (!query.success) return;
    const check = await checkAuthorizeRequest(orm.em.fork(), query.data);
    if (check.kind !== 'redirect') return;
    return reply.code(302).header('location', check.location).header('cache-control', 'no-store').send();
  });
}
