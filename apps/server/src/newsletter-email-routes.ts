import {
  createCaller,
  deliveryForLink,
  recordClick,
  recordOpen,
  type ServiceEnvironment,
  unsubscribeByDelivery,
} from '@quire/api';
import type { Orm } from '@quire/db';
import { LIST_UNSUBSCRIBE_POST, PRODUCT_NAME, newsletterUnsubscribeTexts as texts } from '@quire/domain';
import { NEWSLETTER_LINK_PATHS, newsletterUnsubscribeUrl, verifyNewsletterLink } from '@quire/mail';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { emailLinkSigner, type ServerConfig } from './config';
import { contextFor } from './context';
import { escapeHtml } from './html';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type Signed = { Params: { deliveryId: string; sig: string } };

/** A small standalone page (no sign-in, no app script): the unsubscribe confirmation and its result. */
function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(texts.title)} | ${PRODUCT_NAME}</title>
<style>body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#242424;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5}
button{background:#1a8917;color:#fff;border:0;border-radius:99px;padding:10px 20px;font-size:15px;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(texts.title)}</h1>${body}</main></body></html>`);
}

const invalid = (reply: FastifyReply, status = 404) =>
  page(reply, status, `<p>${escapeHtml(texts.invalid)}</p>`);

/**
 * The signed links of newsletter issues (packages/mail newsletter-links.ts), none needing a sign-in:
 * - GET /_/newsletter/unsubscribe/{deliveryId}/{sig}: asks to confirm; POST (RFC 8058 one-click, from a mail
 *   client or that page's button) unsubscribes the subscription the issue went to. The signature is the
 *   credential, so the POST takes no anti-forgery token.
 * - GET /_/newsletter/open/{deliveryId}/{sig}.gif: the open pixel; GET /_/newsletter/click/{deliveryId}/{sig}?url=
 *   redirects to a URL the email contained (the signature covers it). Both count once per delivery, and only
 *   where the newsletter tracks engagement.
 * A forged or altered link answers 404 (a click 400) and changes nothing.
 * Also spec §2 GET /_api/newsletters/{newsletterV3Id}/posts: the past issues that are public stories, as JSON.
 */
export function registerNewsletterEmailRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const signer = emailLinkSigner(config);
  const valid = (kind: 'unsubscribe' | 'open' | 'click', deliveryId: string, sig: string, target?: string) =>
    /^[0-9a-f]{12,16}$/.test(deliveryId) &&
    verifyNewsletterLink(signer.secret, kind, deliveryId, sig, target);

  app.get<Signed>(`${NEWSLETTER_LINK_PATHS.unsubscribe}/:deliveryId/:sig`, async (req, reply) => {
    const { deliveryId, sig } = req.params;
    if (!valid('unsubscribe', deliveryId, sig)) return invalid(reply);
    const delivery = await deliveryForLink(orm.em.fork(), deliveryId);
    if (!delivery) return invalid(reply);
    const name = delivery.email.newsletter.name;
    const action = new URL(newsletterUnsubscribeUrl(signer, deliveryId)).pathname;
    return page(
      reply,
      200,
      `<p>${escapeHtml(texts.confirm(name))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(texts.button)}</button></form>`,
    );
  });

  app.post<Signed>(
    `${NEWSLETTER_LINK_PATHS.unsubscribe}/:deliveryId/:sig`,
    { config: { xsrf: false } },
    async (req, reply) => {
      const { deliveryId, sig } = req.params;
      if (!valid('unsubscribe', deliveryId, sig)) return invalid(reply);
      const body = req.body as Record<string, unknown> | undefined;
      if (body?.['List-Unsubscribe'] !== 'One-Click')
        return reply.code(400).type('text/plain; charset=utf-8').send(`Expected ${LIST_UNSUBSCRIBE_POST}.`);
      const done = await unsubscribeByDelivery(orm.em.fork(), deliveryId, new Date());
      if (!done) return invalid(reply);
      return page(reply, 200, `<p role="status">${escapeHtml(texts.done(done.newsletterName))}</p>`);
    },
  );

  app.get<{ Params: { deliveryId: string; file: string } }>(
    `${NEWSLETTER_LINK_PATHS.open}/:deliveryId/:file`,
    async (req, reply) => {
      const { deliveryId, file } = req.params;
      const sig = file.endsWith('.gif') ? file.slice(0, -4) : '';
      if (!valid('open', deliveryId, sig)) return reply.callNotFound();
      await recordOpen(orm.em.fork(), deliveryId, new Date());
      return reply
        .type('image/gif')
        .header('cache-control', 'private, no-store')
        .header('content-length', String(PIXEL.length))
        .send(PIXEL);
    },
  );

  app.get<Signed & { Querystring: { url?: string } }>(
    `${NEWSLETTER_LINK_PATHS.click}/:deliveryId/:sig`,
    async (req, reply) => {
      const { deliveryId, sig } = req.params;
      const target = typeof req.query.url === 'string' ? req.query.url : '';
      if (!target || !/^(https?|mailto):/i.test(target) || !valid('click', deliveryId, sig, target))
        return invalid(reply, 400);
      await recordClick(orm.em.fork(), deliveryId, new Date());
      return reply.header('cache-control', 'private, no-store').redirect(target, 302);
    },
  );

  app.get<{ Params: { newsletterId: string } }>(
    '/_api/newsletters/:newsletterId/posts',
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const caller = createCaller(await contextFor(orm, config, env, req, reply));
      const answer = await caller.newsletterStats.pastPosts({ newsletterId: req.params.newsletterId });
      return reply.type('application/json').send(answer);
    },
  );
}
