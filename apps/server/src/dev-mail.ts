import type { Orm } from '@quire/db';
import { EmailOutbox } from '@quire/db';
import { renderQueuedEmail } from '@quire/mail';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailLinkSigner, isLoopback, type ServerConfig } from './config';
import { escapeHtml } from './html';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Headers a proxy adds: a request relayed from elsewhere reaches us from a loopback socket too. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * Whether the request comes from this machine itself: the socket peer (never X-Forwarded-For, whatever
 * TRUST_PROXY says) is loopback, nothing relayed it, and it names a loopback host (no DNS rebinding).
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  if (!isLoopback(req.socket.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  return isLoopback(host);
}

/**
 * GET /_/dev/mail: the newest emails of the outbox, for machines without SMTP (sign-in links and
 * codes land here). Registered only when config.devMailPage (never in production, with SMTP_URL or on a
 * non-loopback bind), and answered only to requests from this machine: anyone else gets the 404 page.
 */
export function registerDevMail(app: FastifyInstance, orm: Orm, config: ServerConfig) {
  if (!config.devMailPage) return;
  // Shown as the sender renders them: absolute links and the signed unsubscribe link included.
  const links = emailLinkSigner(config);
  app.get('/_/dev/mail', async (req, reply) => {
    if (!isLocalRequest(req)) return reply.callNotFound();
    const mails = await orm.em.fork().find(EmailOutbox, {}, { orderBy: { createdAt: 'desc' }, limit: 50 });
    const rendered = await Promise.all(mails.map((m) => renderQueuedEmail(m, links)));
    const items = mails
      .map(
        (
          m,
          i,
        ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</p>
<pre>${linkify(rendered[i]!.text)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<style>body{font-family:sans-serif;max-width:760px;margin:32px auto;padding:0 16px}article{border-bottom:1px solid #eee;padding:12px 0}
.meta{color:#666;font-size:13px}pre{white-space:pre-wrap}</style></head>
<body><h1>Outbox (development only)</h1><p>Mail is not sent without SMTP_URL; it waits here.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
}
