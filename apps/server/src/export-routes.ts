import path from 'node:path';
import {
  downloadableExport,
  type ExportFileStore,
  LocalDiskExportStore,
  type ServiceEnvironment,
} from '@quire/api';
import type { Orm } from '@quire/db';
import { exportFileName, exportPagePath, exportTexts, PRODUCT_NAME } from '@quire/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from './config';
import { contextFor } from './context';

const sendText = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(text);

/**
 * GET /me/export/{exportId}/download: the zip of a ready export (spec §2 /me/export/{exportId}), to its owner
 * signed in, as an attachment. Anyone else's export, or none, is a 404 that tells nothing; past its week it
 * is a 410; a signed-out visitor is sent to sign in and back to the export's page.
 */
export function registerExportRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
  files: ExportFileStore = new LocalDiskExportStore(path.join(config.DATA_DIR, 'exports')),
) {
  app.get<{ Params: { exportId: string } }>('/me/export/:exportId/download', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const ctx = await contextFor(orm, config, env, req, reply);
    const { exportId } = req.params;
    if (!ctx.viewer) {
      if ((req.headers.accept ?? '').includes('text/html') && /^[0-9a-f]{32}$/.test(exportId)) {
        return reply.redirect(`/m/signin?redirect=${encodeURIComponent(exportPagePath(exportId))}`, 302);
      }
      return sendText(reply, 401, exportTexts.signIn);
    }
    const found = await downloadableExport(ctx.em, ctx.viewer, exportId, ctx.now());
    if (!found) return sendText(reply, 404, exportTexts.notFound);
    if (found === 'gone') return sendText(reply, 410, exportTexts.gone);
    if (found === 'not ready') return sendText(reply, 409, exportTexts.statuses.RUNNING);
    const file = await files.open(found.fileKey);
    if (!file) return sendText(reply, 410, exportTexts.gone);
    return reply
      .type('application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${exportFileName(PRODUCT_NAME, found.readyAt)}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}
