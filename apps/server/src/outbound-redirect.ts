import { createHmac, timingSafeEqual } from 'node:crypto';
import { outboundTexts, PRODUCT_NAME } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { derivedSecret, type ServerConfig } from './config';
import { escapeHtml } from './html';

/** The key of outbound links (without APP_SECRET, signed links last until a restart). */
export const outboundSecret = (config: Pick<ServerConfig, 'APP_SECRET'>): string =>
  derivedSecret(config, 'outbound-links');

const signatureOf = (secret: string, url: string) =>
  createHmac('sha256', secret).update(`r\n${url}`).digest('base64url');

/** A `/r/?url=…&sig=…` path that redirects to `url` (an http(s) address we chose to link to). */
export function signedOutboundPath(secret: string, url: string): string {
  return `/r/?url=${encodeURIComponent(url)}&sig=${signatureOf(secret, url)}`;
}

function validSignature(secret: string, url: string, sig: string): boolean {
  const expected = Buffer.from(signatureOf(secret, url));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The http(s) URL to go to, or null: a foreign host needs our signature, our own host does not. */
export function outboundTarget(publicUrl: string, secret: string, url: unknown, sig: unknown): URL | null {
  if (typeof url !== 'string' || url.length > 4000) return null;
  let target: URL;
  try {
    target = new URL(url, publicUrl);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.host === new URL(publicUrl).host) return target;
  return typeof sig === 'string' && validSignature(secret, url, sig) ? target : null;
}

/**
 * Spec §2 /r: Medium's tracked outbound redirect (`/r/?url=`). Never an open redirect: it goes to our own host,
 * or to a target we signed; anything else is a 400 page naming the address as text, with no link.
 */
export function registerOutboundRedirect(app: FastifyInstance, config: ServerConfig) {
  const secret = outboundSecret(config);
  const handler = async (
    req: import('fastify').FastifyRequest<{ Querystring: { url?: unknown; sig?: unknown } }>,
    reply: import('fastify').FastifyReply,
  ) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'origin');
    const target = outboundTarget(config.publicUrl, secret, req.query.url, req.query.sig);
    if (target) return reply.redirect(target.toString(), 302);
    const shown =
      typeof req.query.url === 'string'
        ? `<p><code>${escapeHtml(req.query.url.slice(0, 500))}</code></p>`
        : '';
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(outboundTexts.title)} | ${escapeHtml(PRODUCT_NAME)}</title></head><body><h1>${escapeHtml(outboundTexts.title)}</h1><p>${escapeHtml(outboundTexts.refused)}</p>${shown}</body></html>`,
      );
  };
  app.get('/r', handler);
  app.get('/r/', handler);
}
