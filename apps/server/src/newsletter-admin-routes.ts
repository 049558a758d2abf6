import path from 'node:path';
import {
  downloadableSubscriberExport,
  type ExportFileStore,
  LocalDiskExportStore,
  previewImport,
  type ServiceEnvironment,
} from '@quire/api';
import type { Orm } from '@quire/db';
import {
  confirmExportPath,
  importPreviewPath,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  subscriberExportFileName,
  subscriberExportPath,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { contextFor } from './context';

const sendText = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(text);

/** Bodies up to twice the file limit reach the service, which refuses what is over it with its own text. */
const PREVIEW_BODY_LIMIT = SUBSCRIBER_IMPORT_MAX_BYTES * 2;

/** A newsletter's id as the paths carry it: anything else is as unknown as a missing one. */
const NEWSLETTER_ID = /^[0-9a-f]{8,16}$/;

/**
 * A newsletter's back office over plain HTTP:
 * - POST /_/api/newsletters/{id}/import/process-unvalidated-files (spec §7): the raw CSV as the body (any content
 *   type), answered with the preview of its rows; the anti-forgery token is required, like every POST.
 * - GET /export/newsletters/{newsletterV3Id} and /@{username}/newsletters/{newsletterV3Id}/subscribers/csv-export
 *   (spec §2): the latest ready subscriber CSV, to who manages the newsletter, signed in. None ready yet: the
 *   request page. Past its time: 410. Anyone else, or no such newsletter: a 404 that tells nothing.
 */
export async function registerNewsletterAdminRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
  files: ExportFileStore = new LocalDiskExportStore(path.join(config.DATA_DIR, 'exports')),
) {
  await app.register(async (scope) => {
    // The file is read as it came, whatever the browser called it (text/csv, application/vnd.ms-excel…).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { newsletterId: string } }>(
      importPreviewPath(':newsletterId'),
      {
        bodyLimit: PREVIEW_BODY_LIMIT,
        errorHandler: (error: FastifyError, _req, reply) => {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            return reply
              .code(413)
              .send({ error: { message: texts.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' } });
          }
          throw error;
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        const ctx = await contextFor(orm, config, env, req, reply);
        if (!ctx.viewer)
          return reply.code(401).send({ error: { message: texts.exportSignIn, code: 'UNAUTHORIZED' } });
        if (!NEWSLETTER_ID.test(req.params.newsletterId)) {
          return reply.code(404).send({ error: { message: texts.notFound, code: 'NOT_FOUND' } });
        }
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return previewImport(ctx.em, ctx.viewer, req.params.newsletterId, body.toString('utf8'));
      },
    );
  });

  const download = async (req: FastifyRequest, reply: FastifyReply, newsletterId: string) => {
    reply.header('cache-control', 'private, no-store');
    const ctx = await contextFor(orm, config, env, req, reply);
    if (!ctx.viewer) {
      if ((req.headers.accept ?? '').includes('text/html') && NEWSLETTER_ID.test(newsletterId)) {
        return reply.redirect(
          `/m/signin?redirect=${encodeURIComponent(subscriberExportPath(newsletterId))}`,
          302,
        );
      }
      return sendText(reply, 401, texts.exportSignIn);
    }
    const found = await downloadableSubscriberExport(ctx.em, ctx.viewer, newsletterId, ctx.now());
    if (!found) return sendText(reply, 404, texts.exportNotFound);
    if (found === 'gone') return sendText(reply, 410, texts.exportGone);
    if (found === 'none') return reply.redirect(confirmExportPath(newsletterId), 302);
    const file = await files.open(found.fileKey);
    if (!file) return sendText(reply, 410, texts.exportGone);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-length', String(file.size))
      .header(
        'content-disposition',
        `attachment; filename="${subscriberExportFileName(found.newsletterSlug, found.readyAt)}"`,
      )
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  };

  app.get<{ Params: { newsletterId: string } }>('/export/newsletters/:newsletterId', (req, reply) =>
    download(req, reply, req.params.newsletterId),
  );
  app.get<{ Params: { owner: string; newsletterId: string } }>(
    '/:owner/newsletters/:newsletterId/subscribers/csv-export',
    (req, reply) =>
      req.params.owner.startsWith('@')
        ? download(req, reply, req.params.newsletterId)
        : sendText(reply, 404, texts.exportNotFound),
  );
}
