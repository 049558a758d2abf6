import { CLIENT_COOKIES_PATH } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { ensureClientCookies } from './context';

/**
 * Paths whose responses never need the visitor's cookies (static files, media, icons, the payment webhook, and the
 * OAuth token and revocation endpoints, which clients call with their secret).
 */
const COOKIELESS = [
  '/static/',
  '/media/',
  '/favicon.ico',
  '/_/favicon/',
  '/_/stripe/webhook',
  '/m/token',
  '/m/oauth/revoke',
  // The /v1 API authenticates by bearer token only.
  '/v1/',
];

/**
 * The visitor's anti-forgery and visitor-id cookies: issued on first contact, but never on a response a shared
 * cache may keep (a CDN would hand one visitor's cookies to everyone). A page served that way fetches them
 * from CLIENT_COOKIES_PATH, which is never cached.
 */
export function registerClientCookies(app: FastifyInstance, config: ServerConfig) {
  app.addHook('onRequest', async (req, reply) => {
    if (COOKIELESS.some((prefix) => req.url.startsWith(prefix))) return;
    ensureClientCookies(config, req, reply);
  });
  // Runs after the cookie plugin's own onSend hook has written Set-Cookie.
  app.addHook('onSend', async (_req, reply, payload) => {
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (/\bpublic\b/.test(cacheControl) && reply.hasHeader('set-cookie')) reply.removeHeader('set-cookie');
    return payload;
  });
  app.get(CLIENT_COOKIES_PATH, { logLevel: 'warn' }, async (_req, reply) =>
    reply.code(204).header('cache-control', 'private, no-store').send(),
  );
}
