import { createHash, timingSafeEqual } from 'node:crypto';
import { createCaller, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import type { NewsletterTargetInput } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerConfig } from './config';
import { contextFor, hasValidXsrf, XSRF_COOKIE } from './context';

/** A form post's fields: the anti-forgery token (a form cannot send the header), an address, where to go back. */
const formBody = z
  .object({
    xsrf: z.string().max(200).optional(),
    email: z.string().max(1000).optional(),
    redirect: z.string().max(2000).optional(),
  })
  .partial()
  .nullish();

const isForm = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** The double-submit check of a form post: its `xsrf` field equals the xsrf cookie. */
function formXsrfMatches(req: FastifyRequest, field: string | undefined): boolean {
  const cookie = req.cookies[XSRF_COOKIE];
  if (!cookie || !field) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(cookie), digest(field));
}

/** A path on this site to go back to, or home (never another host). */
function backTo(path: string | undefined, req: FastifyRequest): string {
  const safe = (p: unknown) =>
    typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') && !p.includes('\\');
  if (safe(path)) return path!;
  const referer = req.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === req.headers.host && safe(url.pathname)) return `${url.pathname}${url.search}`;
    } catch {}
  }
  return '/';
}

/**
 * Spec §7 subscribe endpoints, thin over the `newsletters` procedures: /_/subscribe/user/{id}[/{x}] and
 * /_/subscribe/collection/{id}[/{x}] (POST: subscribe; a form post from a visitor with an email subscribes that
 * address, to be confirmed), /_/api/subscriptions/newsletters/{id} (GET the viewer's state, POST subscribe, DELETE
 * unsubscribe), /_/api/users/{id}/lazily-enable-writer-subscription (POST, the writer themself), and the
 * confirmation link of a subscription by email (GET /m/newsletter/confirm/{token}). The spec shows no bodies: JSON
 * answers, or a redirect back for a form post. {x} (the story it was done from, in old links) is accepted and unused.
 */
export function registerNewsletterSubscribeRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const caller = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    return createCaller(await contextFor(orm, config, env, req, reply));
  };

  /** A subscribe action: checks the anti-forgery token itself, since a form sends it as a field, not a header. */
  const subscribeAction = async (req: FastifyRequest, reply: FastifyReply, target: NewsletterTargetInput) => {
    const body = formBody.parse(req.body) ?? {};
    if (!hasValidXsrf(req) && !(isForm(req) && formXsrfMatches(req, body.xsrf))) {
      return reply
        .code(403)
        .send({ error: { message: 'Invalid or missing anti-forgery token.', code: 'FORBIDDEN' } });
    }
    const api = await caller(req, reply);
    const signedIn = !!req.quireContext?.viewer;
    const result =
      !signedIn && body.email !== undefined
        ? await api.newsletters.subscribeByEmail({ ...target, email: body.email })
        : await api.newsletters.subscribe(target);
    if (!isForm(req)) return result;
    const back = new URL(backTo(body.redirect, req), 'http://local');
    back.searchParams.set('subscribed', 'outcome' in result ? result.outcome : 'CHECK_INBOX');
    return reply.redirect(`${back.pathname}${back.search}`, 303);
  };

  for (const kind of ['user', 'collection'] as const) {
    const target = (id: string): NewsletterTargetInput =>
      kind === 'user' ? { userId: id } : { collectionId: id };
    for (const path of [`/_/subscribe/${kind}/:id`, `/_/subscribe/${kind}/:id/:x`]) {
      app.post<{ Params: { id: string } }>(path, { config: { xsrf: false } }, (req, reply) =>
        subscribeAction(req, reply, target(req.params.id)),
      );
    }
  }

  const newsletterPath = '/_/api/subscriptions/newsletters/:id';
  app.get<{ Params: { id: string } }>(newsletterPath, async (req, reply) =>
    (await caller(req, reply)).newsletters.state({ newsletterId: req.params.id }),
  );
  app.post<{ Params: { id: string } }>(newsletterPath, async (req, reply) =>
    (await caller(req, reply)).newsletters.subscribe({ newsletterId: req.params.id }),
  );
  app.delete<{ Params: { id: string } }>(newsletterPath, async (req, reply) =>
    (await caller(req, reply)).newsletters.unsubscribe({ newsletterId: req.params.id }),
  );
  app.post<{ Params: { id: string } }>(
    '/_/api/users/:id/lazily-enable-writer-subscription',
    async (req, reply) =>
      (await caller(req, reply)).newsletters.lazilyEnableWriter({ userId: req.params.id }),
  );

  // The emailed link: confirms, then lands on a page that says so (or that the link does not work).
  app.get<{ Params: { token: string } }>('/m/newsletter/confirm/:token', async (req, reply) => {
    const api = await caller(req, reply);
    // A wrong, spent or malformed token lands on the failure page; a failure of ours stays an error.
    const confirmed = await api.newsletters.confirm({ token: req.params.token }).catch((error: unknown) => {
      if (error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST'))
        return null;
      throw error;
    });
    return reply.redirect(
      confirmed ? `/m/newsletter/confirmed/${confirmed.newsletter.id}` : '/m/newsletter/confirm-failed',
      302,
    );
  });
}
