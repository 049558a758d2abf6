import { currentUsernameFor } from '@quire/api';
import type { Orm } from '@quire/db';
import type { FastifyInstance } from 'fastify';
import { siteOf } from './hosts';

/** '/@{username}' and its sub-paths, with the query kept. */
const PROFILE_PATH = /^\/@([^/?#]+)(\/[^?#]*)?(\?.*)?$/;
const LONGEST_USERNAME = 50;

/**
 * Old profile URLs after a username change (spec §2 /@{username}): a profile page that would answer 404 because
 * no one holds the name answers 301 to the same page under its owner's current name, from the username history.
 * Only pages that miss pay for the look-up.
 */
export function registerUsernameRedirects(app: FastifyInstance, orm: Orm) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 404 || (req.method !== 'GET' && req.method !== 'HEAD')) return payload;
    if (siteOf(req).kind !== 'main') return payload;
    const match = PROFILE_PATH.exec(req.url);
    if (!match) return payload;
    let username: string;
    try {
      username = decodeURIComponent(match[1]!);
    } catch {
      return payload;
    }
    if (username.length > LONGEST_USERNAME) return payload;
    const current = await currentUsernameFor(orm.em.fork(), username);
    if (!current) return payload;
    reply
      .code(301)
      .header('location', `/@${encodeURIComponent(current)}${match[2] ?? ''}${match[3] ?? ''}`)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8');
    return '';
  });
}
