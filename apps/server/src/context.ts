import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type Context,
  type CookieJar,
  createContextInner,
  readSession,
  type ServiceEnvironment,
  touchSession,
} from '@quire/api';
import type { Orm } from '@quire/db';
import { isBotUserAgent } from '@quire/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'xsrf';
export const XSRF_HEADER = 'x-xsrf-token';
export const VISITOR_COOKIE = 'qv';
/** The shape of the visitor ids ensureClientCookies issues. */
const VISITOR_ID = /^[0-9a-f]{16}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The tRPC context of this request, built once and shared by tRPC, GraphQL and SSR. */
    quireContext?: Context;
  }
}

/** Cookie options: HttpOnly unless the browser must read it; Secure in production. */
export function cookieOptions(config: ServerConfig, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: config.NODE_ENV === 'production',
    maxAge: 60 * 60 * 24 * 365,
  };
}

/** Issues the anti-forgery and visitor cookies on first contact (spec §3 session.xsrf, Visitor). */
export function ensureClientCookies(config: ServerConfig, req: FastifyRequest, reply: FastifyReply) {
  if (!req.cookies[XSRF_COOKIE]) {
    const token = randomBytes(18).toString('base64url');
    req.cookies[XSRF_COOKIE] = token;
    reply.setCookie(XSRF_COOKIE, token, cookieOptions(config, false));
  }
  // Only ids this server issues are kept: anything else (a NUL, a megabyte) is replaced, never stored.
  if (!VISITOR_ID.test(req.cookies[VISITOR_COOKIE] ?? '')) {
    const id = randomBytes(8).toString('hex');
    req.cookies[VISITOR_COOKIE] = id;
    reply.setCookie(VISITOR_COOKIE, id, cookieOptions(config, true));
  }
}

/** Double-submit check: the x-xsrf-token header must equal the xsrf cookie. */
export function hasValidXsrf(req: FastifyRequest): boolean {
  const cookie = req.cookies[XSRF_COOKIE];
  const header = req.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !header) return false;
  const a = createHash('sha256').update(cookie).digest();
  const b = createHash('sha256').update(header).digest();
  return timingSafeEqual(a, b);
}

/** Cookies set by procedures go on this reply, with the app's cookie options. */
function replyCookieJar(config: ServerConfig, reply: FastifyReply): CookieJar {
  return {
    set: (name, value, options) =>
      void reply.setCookie(name, value, {
        ...cookieOptions(config, options.httpOnly),
        ...(options.maxAgeSeconds ? { maxAge: options.maxAgeSeconds } : {}),
      }),
    clear: (name) => void reply.clearCookie(name, { path: '/' }),
  };
}

/**
 * Builds (once per request) the context procedures see: forked EntityManager, viewer, visitor. A page that ranks
 * or filters stories by the reader's follows, mutes and blocks has them read with the session (`readerSets`).
 */
export async function contextFor(
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
  req: FastifyRequest,
  reply: FastifyReply,
  reads: { readerSets?: boolean } = {},
): Promise<Context> {
  if (req.quireContext) return req.quireContext;
  const em = orm.em.fork();
  const now = new Date();
  const read = await readSession(em, req.cookies[SESSION_COOKIE], now, reads);
  const session = read?.session ?? null;
  const viewer = session?.user ?? null;
  const countryHeader = req.headers[config.GEO_HEADER.toLowerCase()];
  const country =
    typeof countryHeader === 'string' && /^[A-Za-z]{2}$/.test(countryHeader)
      ? countryHeader.toUpperCase()
      : null;
  // The settings' session list shows last use and place; written at most once every few minutes.
  if (session) await touchSession(em, session, now, country);
  const ctx = createContextInner({
    em,
    viewer,
    sessionId: session?.id ?? null,
    sessionIsSpoofed: session?.isSpoofed ?? false,
    viewerDismissedFlags: read?.dismissedFlags ?? [],
    visitor: {
      id: req.cookies[VISITOR_COOKIE] ?? 'anonymous',
      isBot: isBotUserAgent(req.headers['user-agent']),
      country,
    },
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    cookies: replyCookieJar(config, reply),
    env,
  });
  req.quireContext = ctx;
  return ctx;
}
