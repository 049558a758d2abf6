import {
  accountRefusal,
  defaultPageFetchSettings,
  importFile,
  importUrl,
  type ServiceEnvironment,
} from '@quire/api';
import type { Orm } from '@quire/db';
import { IMPORT_MAX_BYTES, IMPORT_URL_MAX, importTexts, textInput } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerConfig } from './config';
import { contextFor } from './context';

/** POST /_/import: a file's text and name, or a web page's URL. */
const importBody = z.union([
  z.object({ fileName: textInput().min(1).max(255), text: textInput().max(IMPORT_MAX_BYTES) }),
  z.object({ url: textInput().min(1).max(IMPORT_URL_MAX) }),
]);

/**
 * Spec §2 /p/import: the import page posts here (signed in, with the anti-forgery token); the answer names the
 * new draft and the editor path to open. Bad input is a 400 with the import's message.
 */
export function registerImportRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  const fetchSettings = defaultPageFetchSettings(env.pageFetch);
  app.post(
    '/_/import',
    // JSON escaping can double a file's size.
    { bodyLimit: IMPORT_MAX_BYTES * 2 + 4096 },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await contextFor(orm, config, env, req, reply);
      // As every write: a visitor signs in first, and a suspended account changes nothing (spec §6).
      const refused = accountRefusal(ctx.viewer, true);
      if (refused?.code === 'UNAUTHORIZED')
        return reply.code(401).send({ error: { message: importTexts.signIn, code: refused.code } });
      if (refused) return reply.code(403).send({ error: { message: refused.message, code: refused.code } });
      const viewer = ctx.viewer!;
      const input = importBody.parse(req.body);
      // Each service stores the story's images first, then makes the draft in a transaction of its own.
      const draft =
        'url' in input
          ? await importUrl(ctx.em, viewer, input, fetchSettings, ctx.now(), env.storeImageFromUrl)
          : await importFile(ctx.em, viewer, input, ctx.now(), env.storeImageFromUrl);
      return { postId: draft.id, editUrl: `/p/${draft.id}/edit` };
    },
  );
}
