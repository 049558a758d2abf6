import { API_ERROR_CODES, inputTexts, isStorableText } from '@quire/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that answer JSON (or GraphQL's JSON); every other GET that asks for HTML is a page. */
const API_PREFIXES = ['/trpc', '/_/', '/1/', '/feed', '/media/', '/static/'];
const GRAPHQL_PATHS = ['/_/graphql', '/_/batch'];

/** The path and query as a reader meant them, or null when a % escape is malformed or encodes broken UTF-8. */
function decodedUrl(url: string): string | null {
  try {
    return decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** True when the request's path or query carries a NUL, a lone surrogate or a malformed % escape. */
export function isHostileUrl(url: string): boolean {
  const decoded = decodedUrl(url);
  return decoded === null || !isStorableText(decoded);
}

/** A clear 400 in the form the route's clients read: GraphQL errors, JSON, or a plain page. */
export function refuseHostileUrl(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?', 1)[0] ?? '';
  const message = inputTexts.invalidAddress;
  reply.code(400).header('cache-control', 'no-store');
  if (GRAPHQL_PATHS.includes(path)) return reply.send({ errors: [{ message }] });
  // The /v1 API answers in Medium's error shape.
  if (path.startsWith('/v1/'))
    return reply.send({ errors: [{ message, code: API_ERROR_CODES.invalidRequest }] });
  const isPage =
    !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
    (req.headers.accept ?? '').includes('text/html');
  if (!isPage) return reply.send({ error: { message, code: 'BAD_REQUEST' } });
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>400</title></head><body><main><h1>400</h1><p>${message}</p></main></body></html>`,
    );
}

/** Fastify's `frameworkErrors`: a path the router cannot decode gets the same 400 as the hook's. */
export function refuseUndecodablePath(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return refuseHostileUrl(req, reply);
  return reply.send(error);
}

/**
 * Refuses a request whose decoded path or query holds text the database cannot store, before any route (and
 * its queries) runs; the router itself refuses a malformed escape in the path through `frameworkErrors`.
 */
export function registerHostileInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (isHostileUrl(req.url)) return refuseHostileUrl(req, reply);
  });
}
