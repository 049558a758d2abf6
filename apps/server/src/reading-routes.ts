import { createCaller, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { contextFor } from './context';

/** Spec §2 /p/{postId}/state/read: whether the current reader has read the story; never cached. */
export function registerReadingRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  app.get<{ Params: { postId: string } }>('/p/:postId/state/read', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const ctx = await contextFor(orm, config, env, req, reply);
    const postId = req.params.postId.slice(0, 32);
    return createCaller(ctx).reading.state({ postId });
  });
}
