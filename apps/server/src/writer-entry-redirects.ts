import type { FastifyInstance } from 'fastify';

/**
 * Spec §2 Writing: the mobile-web writer's entry points go to the one editor: /p/new-post and /m-write to
 * /new-story (which starts a draft), /m-write/{postId} to /p/{postId}/edit; /p/import-story to /p/import.
 */
export function registerWriterEntryRedirects(app: FastifyInstance) {
  const to = (path: string) => async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-store').redirect(path, 302);
  app.get('/p/new-post', to('/new-story'));
  app.get('/m-write', to('/new-story'));
  app.get('/p/import-story', to('/p/import'));
  app.get<{ Params: { postId: string } }>('/m-write/:postId', async (req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`/p/${encodeURIComponent(req.params.postId)}/edit`, 302),
  );
}
