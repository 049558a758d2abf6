import { createCaller, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import { statsPeriodOf } from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { contextFor } from './context';

type Caller = ReturnType<typeof createCaller>;

const sendJson = (reply: FastifyReply, body: unknown) => reply.type('application/json').send(body);

interface RangeParams {
  startTimeMs: string;
  endTimeMs: string;
}

/**
 * The JSON stats paths (spec §2 Other: /me/stats/total/{startTimeMs}/{endTimeMs}, /me/stats/{postId}/…,
 * /@{username}/stats/total/…, /stats/{postId}/…) and the CSV of a story's daily stats. They answer what the stats
 * procedures answer (the same numbers as the pages for those UTC days); a bad range is a 400 with its reason,
 * someone else's story or writer a 404, a signed-out visitor a 401, each as JSON {error: {message, code}} (app.ts).
 */
export function registerStatsRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  /** Runs a stats call for the request's viewer; a refusal reaches the app's error handler, which answers its status. */
  const answer =
    <P>(call: (caller: Caller, params: P, req: FastifyRequest) => Promise<unknown>, send = sendJson) =>
    async (req: FastifyRequest<{ Params: P }>, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store');
      const ctx = await contextFor(orm, config, env, req, reply);
      return send(reply, await call(createCaller(ctx), req.params as P, req));
    };
  const range = (p: RangeParams) => ({ startTimeMs: p.startTimeMs, endTimeMs: p.endTimeMs });

  app.get(
    '/me/stats/total/:startTimeMs/:endTimeMs',
    answer<RangeParams>((caller, p) => caller.stats.writerRange(range(p))),
  );
  app.get(
    '/@:username/stats/total/:startTimeMs/:endTimeMs',
    answer<RangeParams & { username: string }>((caller, p) =>
      caller.stats.writerRange({ username: p.username, ...range(p) }),
    ),
  );
  for (const path of [
    '/me/stats/:postId/:startTimeMs/:endTimeMs',
    '/stats/:postId/:startTimeMs/:endTimeMs',
  ]) {
    app.get(
      path,
      answer<RangeParams & { postId: string }>((caller, p) =>
        caller.stats.storyRange({ postId: p.postId, ...range(p) }),
      ),
    );
  }
  app.get(
    '/me/stats/post/:postId/csv',
    answer<{ postId: string }>(
      (caller, p, req) =>
        caller.stats.storyCsv({
          postId: p.postId,
          period: statsPeriodOf((req.query as { period?: string }).period),
        }),
      (reply, out) => {
        const { filename, csv } = out as { filename: string; csv: string };
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      },
    ),
  );
}
