import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  apiContributors,
  apiCreatePost,
  apiUser,
  apiUserPublications,
  authenticateBearer,
  hitRateWindow,
  type ServiceEnvironment,
  zodMessage,
} from '@quire/api';
import { openApiDocument } from '@quire/api-client';
import { LocalDiskMediaStore, type MediaStore, type Orm, type User } from '@quire/db';
import {
  API_ERROR_CODES,
  API_POST_BODY_MAX_BYTES,
  type ApiErrorCode,
  type ApiScope,
  apiCreatePostInput,
  apiErrorTexts,
  apiPathId,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ServerConfig } from './config';
import { storeUploadedImage, uploadTexts } from './media';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The /v1 scope a bearer token needs for the route; routes without one are open (the OpenAPI document). */
    apiScope?: ApiScope;
  }
}

/** A /v1 refusal in Medium's shape: {"errors":[{"message","code"}]}. */
export function sendApiError(reply: FastifyReply, status: number, code: ApiErrorCode, message: string) {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="quire"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ errors: [{ message, code }] });
}

/** The Medium error code of a refusal a service threw. */
const CODE_FOR_STATUS: Record<number, ApiErrorCode> = {
  400: API_ERROR_CODES.invalidRequest,
  401: API_ERROR_CODES.tokenInvalid,
  403: API_ERROR_CODES.notAllowed,
  404: API_ERROR_CODES.notFound,
  413: API_ERROR_CODES.tooLarge,
  415: API_ERROR_CODES.unsupportedImage,
  429: API_ERROR_CODES.rateLimited,
};

/** Who is calling: the token's user and the request's EntityManager. */
interface Caller {
  user: User;
  em: EntityManager;
}

/**
 * The /v1 API (spec §2 third-party API routes), in the shape of Medium's public API: bearer tokens only (a
 * session cookie never authenticates here, so no anti-forgery token is needed and no cookie is set), each route
 * needing its scope, every call counted against its token's fixed-window rate limit. Errors answer in Medium's
 * shape. The operations are services of @quire/api that ask the site's policy rules.
 */
export async function registerV1Api(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
  opts: { store?: MediaStore } = {},
) {
  const store = opts.store ?? new LocalDiskMediaStore(path.join(config.DATA_DIR, 'media'));
  const maxMb = config.IMAGE_UPLOAD_MAX_SIZE_MB;
  const callers = new WeakMap<FastifyRequest, Caller>();
  const caller = (req: FastifyRequest) => {
    const found = callers.get(req);
    if (!found) throw new Error('a /v1 route ran without its token');
    return found;
  };

  await app.register(
    async (scope) => {
      // Multipart parsing exists only in this scope (POST /v1/images), with the editor's upload limits.
      await scope.register(fastifyMultipart, {
        limits: {
          fileSize: maxMb * 1024 * 1024,
          files: 1,
          fields: 4,
          fieldSize: 1024,
          parts: 5,
          headerPairs: 100,
        },
      });

      // Before the body is read: the token, then its rate limit, then the route's scope.
      scope.addHook('onRequest', async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const needed = req.routeOptions.config?.apiScope;
        if (!needed) return;
        const authorization = req.headers.authorization;
        if (!authorization)
          return sendApiError(reply, 401, API_ERROR_CODES.tokenMissing, apiErrorTexts.tokenMissing);
        const em = orm.em.fork();
        const now = new Date();
        const auth = await authenticateBearer(em, authorization, now);
        if (!auth) return sendApiError(reply, 401, API_ERROR_CODES.tokenInvalid, apiErrorTexts.tokenInvalid);
        const window = await hitRateWindow(em, `v1:${auth.token.id}`, now);
        reply.header('x-ratelimit-limit', String(window.limit));
        reply.header('x-ratelimit-remaining', String(window.remaining));
        reply.header('x-ratelimit-reset', String(Math.ceil(window.resetAt.getTime() / 1000)));
        if (!window.allowed) {
          reply.header(
            'retry-after',
            String(Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000))),
          );
          return sendApiError(reply, 429, API_ERROR_CODES.rateLimited, apiErrorTexts.rateLimited);
        }
        if (!auth.scopes.includes(needed))
          return sendApiError(reply, 403, API_ERROR_CODES.scopeMissing, apiErrorTexts.scopeMissing(needed));
        callers.set(req, { user: auth.user, em });
      });

      scope.setErrorHandler((error: FastifyError, req, reply) => {
        if (error instanceof ZodError)
          return sendApiError(reply, 400, API_ERROR_CODES.invalidRequest, zodMessage(error));
        if (error instanceof TRPCError) {
          const status = getHTTPStatusCodeFromError(error);
          if (status < 500)
            return sendApiError(
              reply,
              status,
              CODE_FOR_STATUS[status] ?? API_ERROR_CODES.invalidRequest,
              error.message,
            );
        }
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE')
          return sendApiError(reply, 413, API_ERROR_CODES.tooLarge, apiErrorTexts.tooLarge);
        const status = error.statusCode;
        if (status && status >= 400 && status < 500)
          return sendApiError(
            reply,
            status,
            CODE_FOR_STATUS[status] ?? API_ERROR_CODES.invalidRequest,
            error.message,
          );
        req.log.error({ err: error }, '/v1 request failed');
        return sendApiError(reply, 500, API_ERROR_CODES.internal, apiErrorTexts.internal);
      });
      scope.setNotFoundHandler((_req, reply) =>
        sendApiError(reply, 404, API_ERROR_CODES.notFound, apiErrorTexts.notFound),
      );

      const route = (apiScope: ApiScope, extra: { bodyLimit?: number } = {}) => ({
        config: { xsrf: false, apiScope },
        ...extra,
      });
      const postBody = { bodyLimit: API_POST_BODY_MAX_BYTES };

      scope.get('/me', route('basicProfile'), async (req) => ({ data: apiUser(env, caller(req).user) }));

      scope.get<{ Params: { userId: string } }>(
        '/users/:userId/publications',
        route('listPublications'),
        async (req) => {
          const { em, user } = caller(req);
          return { data: await apiUserPublications(em, env, user, apiPathId.parse(req.params.userId)) };
        },
      );

      scope.get<{ Params: { publicationId: string } }>(
        '/publications/:publicationId/contributors',
        route('listPublications'),
        async (req) => {
          const { em, user } = caller(req);
          return { data: await apiContributors(em, user, apiPathId.parse(req.params.publicationId)) };
        },
      );

      // Medium names this id authorId; one name per path position keeps the router's tree simple.
      scope.post<{ Params: { userId: string } }>(
        '/users/:userId/posts',
        route('publishPost', postBody),
        async (req, reply) => {
          const { em, user } = caller(req);
          const authorId = apiPathId.parse(req.params.userId);
          const input = apiCreatePostInput.parse(req.body);
          const data = await apiCreatePost(em, env, user, { authorId }, input, new Date());
          return reply.code(201).send({ data });
        },
      );

      scope.post<{ Params: { publicationId: string } }>(
        '/publications/:publicationId/posts',
        route('publishPost', postBody),
        async (req, reply) => {
          const { em, user } = caller(req);
          const publicationId = apiPathId.parse(req.params.publicationId);
          const input = apiCreatePostInput.parse(req.body);
          const data = await apiCreatePost(em, env, user, { publicationId }, input, new Date());
          return reply.code(201).send({ data });
        },
      );

      scope.post('/images', route('uploadImage'), async (req, reply) => {
        const { em, user } = caller(req);
        if (!req.isMultipart())
          return sendApiError(reply, 400, API_ERROR_CODES.invalidRequest, apiErrorTexts.imageRequired);
        const part = await req.file();
        if (part?.fieldname !== 'image')
          return sendApiError(reply, 400, API_ERROR_CODES.invalidRequest, apiErrorTexts.imageRequired);
        const bytes = await part.toBuffer();
        if (part.file.truncated)
          return sendApiError(reply, 413, API_ERROR_CODES.tooLarge, uploadTexts.tooLarge(maxMb));
        if (bytes.length === 0)
          return sendApiError(reply, 400, API_ERROR_CODES.invalidRequest, apiErrorTexts.imageRequired);
        const stored = await storeUploadedImage(em, user, bytes, store);
        if ('error' in stored) {
          const code =
            stored.status === 415 ? API_ERROR_CODES.unsupportedImage : API_ERROR_CODES.invalidRequest;
          return sendApiError(reply, stored.status, code, stored.error);
        }
        const md5 = createHash('md5').update(stored.bytes).digest('hex');
        return reply
          .code(201)
          .send({ data: { url: `${env.publicUrl.replace(/\/$/, '')}${stored.url}`, md5 } });
      });

      // The document, with this site as its server; open to anyone (no token, no rate limit).
      const served = { ...openApiDocument, servers: [{ url: env.publicUrl }] };
      scope.get('/openapi.json', { config: { xsrf: false } }, async (_req, reply) =>
        reply
          .header('cache-control', 'public, max-age=300')
          .header('access-control-allow-origin', '*')
          .send(served),
      );
    },
    { prefix: '/v1' },
  );
}
