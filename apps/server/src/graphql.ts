import { appRouter, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import { errorPageTexts } from '@quire/domain';
import {
  noIntrospection,
  persistedDocument,
  publicGraphQLError,
  resolvers,
  type ShimContext,
  typeDefs,
} from '@quire/graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, parse } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';
import type { ServerConfig } from './config';
import { contextFor, hasValidXsrf } from './context';
import { isUnavailable, RETRY_AFTER_SECONDS } from './health';

export const GRAPHQL_PATH = '/_/graphql';
/** Spec §7/§9: the client batches up to 20 operations; more in one request is refused. */
export const MAX_BATCH = 20;
/** Spec §7: headers carry the operation name. */
export const OPERATION_HEADER = 'graphql-operation';

interface GraphQLBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fills in persisted documents, checks names, and reports whether any operation is a mutation. */
function prepareOperation(body: unknown, headerName: string | undefined): { isMutation: boolean } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ClientError(400, 'Each GraphQL operation must be a JSON object.');
  }
  const op = body as GraphQLBody;
  if (op.operationName == null && headerName) op.operationName = headerName;
  if (op.operationName != null && typeof op.operationName !== 'string') {
    throw new ClientError(400, 'operationName must be a string.');
  }
  if (op.variables != null && (typeof op.variables !== 'object' || Array.isArray(op.variables))) {
    throw new ClientError(400, 'variables must be a JSON object.');
  }
  if (op.query == null || op.query === '') {
    if (!op.operationName) throw new ClientError(400, 'Send a query or the name of a known operation.');
    const document = persistedDocument(op.operationName);
    if (!document) throw new ClientError(400, `Unknown operation name "${op.operationName}".`);
    op.query = document;
  }
  if (typeof op.query !== 'string') throw new ClientError(400, 'query must be a string.');
  if (op.query.length > 100_000) throw new ClientError(413, 'The query is too large.');
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(op.query);
  } catch (e) {
    throw new ClientError(400, `The query is not valid GraphQL: ${(e as Error).message}`);
  }
  const operations = parsed.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const selected = op.operationName
    ? operations.find((d) => d.name?.value === op.operationName)
    : operations[0];
  if (!selected) throw new ClientError(400, `Unknown operation name "${String(op.operationName)}".`);
  return { isMutation: selected.operation === 'mutation' };
}

/** The GraphQL shim at POST /_/graphql (and /_/batch): one operation or a batch of up to 20. */
export async function registerGraphQL(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const checkRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'POST') return;
    const header = req.headers[OPERATION_HEADER];
    const headerName = typeof header === 'string' && header ? header : undefined;
    try {
      const ops = Array.isArray(req.body) ? req.body : [req.body];
      if (Array.isArray(req.body) && req.body.length === 0) throw new ClientError(400, 'The batch is empty.');
      if (ops.length > MAX_BATCH) {
        throw new ClientError(
          400,
          `A batch may hold at most ${MAX_BATCH} operations; this one has ${ops.length}.`,
        );
      }
      const prepared = ops.map((op) =>
        prepareOperation(op, Array.isArray(req.body) ? undefined : headerName),
      );
      if (prepared.some((p) => p.isMutation) && !hasValidXsrf(req)) {
        throw new ClientError(403, 'Invalid or missing anti-forgery token.');
      }
    } catch (e) {
      if (!(e instanceof ClientError)) throw e;
      return reply.code(e.statusCode).send({ errors: [{ message: e.message }] });
    }
  };

  await app.register(mercurius, {
    schema: typeDefs,
    // Mercurius merges our context (ShimContext) into its own; its typings cannot see that.
    resolvers: resolvers as unknown as IResolvers,
    path: GRAPHQL_PATH,
    graphiql: false,
    ide: false,
    allowBatchedQueries: true,
    jit: 1,
    queryDepth: 12,
    // Production answers only the operations its clients send; the schema is for development and tests.
    validationRules: config.NODE_ENV === 'production' ? [noIntrospection] : [],
    context: async (req, reply): Promise<ShimContext> => ({
      caller: appRouter.createCaller(await contextFor(orm, config, env, req, reply)),
    }),
    errorFormatter: (execution, ctx) => {
      // An unreachable database: 503 with Retry-After, without the driver's message.
      if (execution.errors?.some((e) => isUnavailable(e.originalError))) {
        ctx.reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return {
          statusCode: 503,
          response: { data: null, errors: [{ message: errorPageTexts.serverError }] },
        };
      }
      // Refusals keep their (readable) message; a failure of ours is logged and answered with the spec's text.
      const errors = execution.errors.map((graphQLError) => {
        const { error, failure } = publicGraphQLError(graphQLError);
        if (failure) ctx.reply.log.error({ err: failure }, 'GraphQL operation failed');
        return error;
      });
      const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, ctx);
      // The status stays 200 as GraphQL expects.
      return { statusCode: formatted.statusCode ?? 200, response: formatted.response };
    },
  });
  app.addHook('preValidation', async (req, reply) => {
    const url = req.routeOptions.url;
    if (url === GRAPHQL_PATH || url === '/_/batch') return checkRequest(req, reply);
  });
  // Spec §7: the batch endpoint also exists; it is the same handler.
  app.post('/_/batch', async (req, reply) => {
    const res = await app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => k !== 'content-length' && typeof v === 'string'),
      ) as Record<string, string>,
      payload: JSON.stringify(req.body),
    });
    return reply.code(res.statusCode).type('application/json').send(res.body);
  });
}
