import { createCaller, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import { CLAPS_PER_READER_MAX, clapTexts } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerConfig } from './config';
import { contextFor } from './context';

/** A quote's body: the paragraph and the span of its text (checked again by the procedure). */
const quoteBody = z.object({ paragraphName: z.string(), startOffset: z.int(), endOffset: z.int() });

/** A vote's body: how many claps this burst adds (one when the body says nothing). */
const voteBody = z.object({ count: z.int().min(1).max(CLAPS_PER_READER_MAX).default(1) }).nullish();

/**
 * Spec §7 action endpoints for claps (/_/vote/p/{postId}, /_/vote/{type}/{id}) and bookmarks
 * (/_/bookmark/p/{postId}: POST saves, DELETE takes out), on the same procedures as the reader's calls. The
 * xsrf check guards them like every state-changing request; errors answer {error: {message, code}}.
 */
export function registerActionRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const caller = async (req: Parameters<typeof contextFor>[3], reply: Parameters<typeof contextFor>[4]) => {
    reply.header('cache-control', 'private, no-store');
    return createCaller(await contextFor(orm, config, env, req, reply));
  };

  app.post<{ Params: { postId: string } }>('/_/vote/p/:postId', async (req, reply) => {
    const body = voteBody.parse(req.body);
    return (await caller(req, reply)).posts.clap({ postId: req.params.postId, count: body?.count ?? 1 });
  });
  app.post<{ Params: { type: string; id: string } }>('/_/vote/:type/:id', async (req, reply) => {
    // Spec §1 vote targets: POST and CATALOG (a list).
    const target = req.params.type.toUpperCase();
    if (target !== 'POST' && target !== 'CATALOG') {
      return reply.code(404).send({ error: { message: clapTexts.unknownTarget, code: 'NOT_FOUND' } });
    }
    const count = voteBody.parse(req.body)?.count ?? 1;
    const api = await caller(req, reply);
    return target === 'POST'
      ? api.posts.clap({ postId: req.params.id, count })
      : api.lists.clap({ catalogId: req.params.id, count });
  });
  // Spec §7 /_/p/{postId}/quotes/create: highlights a passage ({paragraphName, startOffset, endOffset}).
  app.post<{ Params: { postId: string } }>('/_/p/:postId/quotes/create', async (req, reply) => {
    const body = quoteBody.parse(req.body);
    return (await caller(req, reply)).highlights.create({ postId: req.params.postId, ...body });
  });
  app.post<{ Params: { postId: string } }>('/_/bookmark/p/:postId', async (req, reply) =>
    (await caller(req, reply)).posts.bookmark({ postId: req.params.postId, saved: true }),
  );
  app.delete<{ Params: { postId: string } }>('/_/bookmark/p/:postId', async (req, reply) =>
    (await caller(req, reply)).posts.bookmark({ postId: req.params.postId, saved: false }),
  );
}
