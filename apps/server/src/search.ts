import { createCaller, errorMessage, type RouterInputs, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import { textInput } from '@quire/domain';
import { SEARCH_ENTITIES, type SearchEntity } from '@quire/search';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ServerConfig } from './config';
import { contextFor } from './context';

/** Spec §7 search service path; the index name in it is the literal '*' (one request per index in the body). */
export const SEARCH_SERVICE_PATH = '/1/indexes/*/queries';

/** Spec §7: headers for the application id, the search-only key and the optional user token. */
export const SEARCH_HEADERS = {
  applicationId: 'x-search-application-id',
  apiKey: 'x-search-api-key',
  userToken: 'x-search-user-token',
} as const;

/** Per-IP budget: the box sends a request on each change of the text (spec §4 Search popover). */
const SEARCH_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const bodySchema = z.object({
  requests: z
    .array(
      z.object({
        indexName: textInput().min(1).max(100),
        params: z.record(textInput().max(100), z.unknown()).default({}),
      }),
    )
    .min(1, 'Send at least one request.')
    .max(8, 'At most 8 requests at once.'),
});

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ status, message });

/**
 * Spec §7 search service: POST /1/indexes/*\/queries with requests[] of {indexName, params}; answers
 * results[] with hits and queryID. Read-only, so it needs the search-only key rather than the
 * anti-forgery token; the viewer (session cookie) decides the quality filters, never the request.
 */
export function registerSearchService(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const prefix = config.SEARCH_INDEX_PREFIX;
  const entityOf = (indexName: string): SearchEntity | null => {
    const name = indexName.startsWith(prefix) ? indexName.slice(prefix.length) : null;
    return SEARCH_ENTITIES.find((e) => e === name) ?? null;
  };

  app.post<{ Params: { index: string } }>(
    '/1/indexes/:index/queries',
    { config: { xsrf: false, rateLimit: SEARCH_RATE_LIMIT } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (req.params.index !== '*')
        return fail(reply, 404, 'Send multi-index queries to /1/indexes/*/queries.');
      if (
        req.headers[SEARCH_HEADERS.applicationId] !== config.SEARCH_APP_ID ||
        req.headers[SEARCH_HEADERS.apiKey] !== config.SEARCH_API_KEY
      ) {
        return fail(reply, 403, 'Invalid application id or search key.');
      }
      const body = bodySchema.safeParse(req.body);
      if (!body.success) return fail(reply, 400, body.error.issues.map((i) => i.message).join('; '));
      const requests: RouterInputs['search']['queries']['requests'] = [];
      for (const r of body.data.requests) {
        const index = entityOf(r.indexName);
        if (!index) return fail(reply, 400, `Unknown index "${r.indexName}".`);
        requests.push({ index, params: r.params as (typeof requests)[number]['params'] });
      }
      const ctx = await contextFor(orm, config, env, req, reply);
      try {
        // The caller validates params with the router's schema; a bad param is a 400 with its reason.
        const answer = await createCaller(ctx).search.queries({ requests });
        return {
          results: answer.results.map((result, i) => ({
            ...result,
            index: body.data.requests[i]?.indexName,
          })),
        };
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        const status = getHTTPStatusCodeFromError(error);
        if (status >= 500) throw error;
        return fail(reply, status, errorMessage(error));
      }
    },
  );
}
