import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { authenticateBearer, postPath, publishHtmlStory, type ServiceEnvironment } from '@quire/api';
import { Post, User } from '@quire/db';
import { IFTTT_DEFAULT_LIMIT, iftttTexts, toStorableText } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';

/** IFTTT's error shape: `{"errors":[{"message":…}]}`; `skip` tells IFTTT not to retry an action. */
const fail = (reply: FastifyReply, status: number, message: string, skip = false) =>
  reply.code(status).send({ errors: [{ message, ...(skip ? { status: 'SKIP' } : {}) }] });

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const headerOf = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

const fieldsOf = (body: unknown, key: 'triggerFields' | 'actionFields'): Record<string, unknown> | null => {
  const fields = (body as Record<string, unknown> | null)?.[key];
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : null;
};

const textField = (fields: Record<string, unknown> | null, name: string) => {
  const v = fields?.[name];
  return typeof v === 'string' && v.trim() ? toStorableText(v) : null;
};

/** The newest public stories of a writer, as IFTTT trigger items. */
async function newStoriesBy(em: EntityManager, publicUrl: string, username: string, limit: number) {
  const writer = await em.findOne(User, {
    username: username.replace(/^@/, ''),
    isDeleted: false,
    isSuspended: false,
  });
  if (!writer) return null;
  if (limit === 0) return [];
  const posts = await em.find(
    Post,
    { creator: writer.id, status: 'PUBLISHED', visibility: 'PUBLIC', isSuspended: false },
    { orderBy: { firstPublishedAt: 'desc', id: 'desc' }, limit, populate: ['creator', 'collection'] },
  );
  return posts.map((post) => ({
    title: post.title,
    url: `${publicUrl}${postPath(post)}`,
    author_name: writer.name,
    published_at: (post.firstPublishedAt ?? post.createdAt).toISOString(),
    meta: { id: post.id, timestamp: Math.floor((post.firstPublishedAt ?? post.createdAt).getTime() / 1000) },
  }));
}

/**
 * The IFTTT service (https://ifttt.com/docs/api_reference): status and test setup with the service key, user
 * info, the 'new story by a writer' trigger and the 'publish a story' action with the user's bearer token (an
 * OAuth access token from /m/oauth/authorize). Without IFTTT_SERVICE_KEY configured, every IFTTT path answers
 * 503 in IFTTT's error shape: the service is not offered here, and IFTTT reads 503 as 'unavailable'.
 */
export function registerIfttt(
  app: FastifyInstance,
  orm: import('@quire/db').Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const serviceKey = config.IFTTT_SERVICE_KEY;
  if (!serviceKey) {
    app.all('/ifttt/v1/*', { config: { xsrf: false } }, async (_req, reply) =>
      fail(reply, 503, iftttTexts.notConfigured),
    );
    return;
  }
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const hasServiceKey = (req: FastifyRequest) =>
    sameKey(headerOf(req, 'ifttt-service-key') ?? '', serviceKey);
  const bearer = async (req: FastifyRequest) => {
    const em = orm.em.fork() as EntityManager;
    return { em, auth: await authenticateBearer(em, headerOf(req, 'authorization'), new Date()) };
  };
  // IFTTT posts JSON to these from its servers: no anti-forgery token, the service key or bearer token instead.
  const thirdParty = { config: { xsrf: false } };

  app.get('/ifttt/v1/status', async (req, reply) =>
    hasServiceKey(req) ? reply.code(200).send({}) : fail(reply, 401, iftttTexts.badServiceKey),
  );

  app.post('/ifttt/v1/test/setup', thirdParty, async (req, reply) => {
    if (!hasServiceKey(req)) return fail(reply, 401, iftttTexts.badServiceKey);
    return { data: { samples: { triggers: { new_story_by_writer: { username: 'quire' } } } } };
  });

  app.get('/ifttt/v1/user/info', async (req, reply) => {
    const { auth } = await bearer(req);
    if (!auth) return fail(reply, 401, iftttTexts.badToken);
    const user = auth.user;
    return { data: { name: user.name, id: user.id, url: `${publicUrl}/@${user.username}` } };
  });

  app.post('/ifttt/v1/triggers/new_story_by_writer', thirdParty, async (req, reply) => {
    const { em, auth } = await bearer(req);
    if (!auth) return fail(reply, 401, iftttTexts.badToken);
    const fields = fieldsOf(req.body, 'triggerFields');
    const username = textField(fields, 'username');
    if (!username) return fail(reply, 400, iftttTexts.missingField('username'));
    const rawLimit = (req.body as Record<string, unknown>).limit;
    const limit =
      typeof rawLimit === 'number' && Number.isInteger(rawLimit) && rawLimit >= 0
        ? Math.min(rawLimit, 100)
        : IFTTT_DEFAULT_LIMIT;
    const items = await newStoriesBy(em, publicUrl, username, limit);
    if (!items) return fail(reply, 400, iftttTexts.unknownWriter);
    return { data: items };
  });

  app.post('/ifttt/v1/actions/publish_story', thirdParty, async (req, reply) => {
    const { em, auth } = await bearer(req);
    if (!auth) return fail(reply, 401, iftttTexts.badToken);
    if (!auth.scopes.includes('publishPost')) return fail(reply, 401, iftttTexts.missingScope);
    const fields = fieldsOf(req.body, 'actionFields');
    const title = textField(fields, 'title');
    const content = textField(fields, 'content');
    if (!title) return fail(reply, 400, iftttTexts.missingField('title'), true);
    if (!content) return fail(reply, 400, iftttTexts.missingField('content'), true);
    let published: Awaited<ReturnType<typeof publishHtmlStory>>;
    try {
      published = await publishHtmlStory(
        em,
        auth.user,
        { title, html: content },
        new Date(),
        env.storeImageFromUrl,
      );
    } catch (e) {
      // The site's own refusals (nothing to publish, a disallowed embed) are the action's error, not a retry.
      if (e instanceof TRPCError && e.code === 'BAD_REQUEST') return fail(reply, 400, e.message, true);
      throw e;
    }
    return { data: [{ id: published.id, url: `${publicUrl}${published.mediumUrl}` }] };
  });
}
