import type { Orm } from '@quire/db';
import { EmailOutbox } from '@quire/db';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { escapeHtml } from './html';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * GET /_/dev/mail: the newest emails of the outbox, for machines without SMTP (sign-in links and
 * codes land here). Never served in production or when SMTP_URL is set.
 */
export function registerDevMail(app: FastifyInstance, orm: Orm, config: ServerConfig) {
  if (config.NODE_ENV === 'production' || config.SMTP_URL) return;
  app.get('/_/dev/mail', async (_req, reply) => {
    const mails = await orm.em.fork().find(EmailOutbox, {}, { orderBy: { createdAt: 'desc' }, limit: 50 });
    const items = mails
      .map(
        (
          m,
        ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</p>
<pre>${linkify(typeof m.payload.text === 'string' ? m.payload.text : '')}</pre></article>`,
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
