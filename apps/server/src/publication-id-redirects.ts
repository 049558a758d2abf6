import { allows } from '@quire/api';
import { Collection, type Orm } from '@quire/db';
import { quireRoutes } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { siteOf } from './hosts';

/** '/c/{collectionId}', with the query kept. */
const BY_ID = /^\/c\/([0-9a-f]{8,16})\/?(\?.*)?$/;

/**
 * Spec §2 /c/{collectionId}: a publication by its id answers 301 to its address on the main host. The reader
 * renders the path as a 404 (no page shows a publication by id), so only those misses pay for the look-up; a
 * publication the policy keeps from the reader (a private one, to all but its members) stays a 404.
 */
export function registerPublicationIdRedirects(app: FastifyInstance, orm: Orm) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 404 || (req.method !== 'GET' && req.method !== 'HEAD')) return payload;
    if (siteOf(req).kind !== 'main') return payload;
    const match = BY_ID.exec(req.url);
    if (!match) return payload;
    // The reader who asked (the 404 page was rendered for them): a private publication's members may follow it.
    const em = req.quireContext?.em ?? orm.em.fork();
    const viewer = req.quireContext?.viewer ?? null;
    const collection = await em.findOne(Collection, match[1]!, { fields: ['slug', 'visibility'] });
    if (!collection || !(await allows(em, viewer, 'viewPublication', collection))) return payload;
    reply
      .code(301)
      .header(
        'location',
        `${quireRoutes.build('ShowCollectionHome', { collectionSlug: collection.slug })}${match[2] ?? ''}`,
      )
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8');
    return '';
  });
}
