import { createCaller, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import {
  EMAIL_LINK_SETTINGS,
  emailLinkSettingLabel,
  emailSettingsTexts,
  LIST_UNSUBSCRIBE_POST,
  settingOffPatch,
} from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerConfig } from './config';
import { contextFor } from './context';

/** RFC 8058: the one-click POST names no session and no anti-forgery token, only this form field. */
const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
const oneClickQuery = z.object({ setting: z.enum(EMAIL_LINK_SETTINGS) });

/**
 * POST /me/email-settings/{userId}/{hash}?setting=…: the RFC 8058 one-click unsubscribe a mail client sends
 * from an email's List-Unsubscribe header. It is authenticated by the link's signature, not by a session, so
 * it needs no anti-forgery token; a forged or altered link answers 404 and changes nothing.
 */
export function registerEmailSettingsRoutes(
  app: FastifyInstance,
  orm: Orm,
  config: ServerConfig,
  env: ServiceEnvironment,
) {
  app.post<{ Params: { userId: string; hash: string } }>(
    '/me/email-settings/:userId/:hash',
    { config: { xsrf: false } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const query = oneClickQuery.safeParse(req.query);
      if (!query.success || !oneClickBody.safeParse(req.body).success) {
        return reply.code(400).type('text/plain; charset=utf-8').send(`Expected ${LIST_UNSUBSCRIBE_POST}.`);
      }
      const caller = createCaller(await contextFor(orm, config, env, req, reply));
      const { setting } = query.data;
      await caller.emailSettings.updateSigned({
        userId: req.params.userId,
        hash: req.params.hash,
        setting,
        settings: settingOffPatch(setting),
      });
      return reply
        .type('text/plain; charset=utf-8')
        .send(emailSettingsTexts.unsubscribedFrom(emailLinkSettingLabel(setting)));
    },
  );
}
