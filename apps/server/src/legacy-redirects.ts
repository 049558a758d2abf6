import { quireRoutes } from '@quire/domain';
import type { FastifyInstance } from 'fastify';

/** Spec §2 legacy redirects: every route-table entry with a redirectTo answers 301 or 302 (query kept). */
export function registerLegacyRedirects(app: FastifyInstance) {
  for (const entry of quireRoutes.entries) {
    const target = entry.redirectTo;
    if (!target) continue;
    const path = entry.pattern.replace(/\{(\w+)\}/g, ':$1');
    app.get(path, async (req, reply) => {
      const query = req.url.indexOf('?');
      return reply.redirect(query < 0 ? target : target + req.url.slice(query), entry.redirectStatus ?? 301);
    });
  }
}
