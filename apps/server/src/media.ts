import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';

const MEDIA_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A labelled placeholder for the demo content's images (ids `demo-…`), drawn as SVG. */
export function demoImageSvg(id: string): string {
  const hue = createHash('sha256').update(id).digest()[0]! * (360 / 256);
  const label = id.replace(/[^A-Za-z0-9._-]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="788" viewBox="0 0 1400 788">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)},55%,62%)"/><stop offset="1" stop-color="hsl(${((hue + 60) % 360).toFixed(0)},50%,38%)"/>
</linearGradient></defs>
<rect width="1400" height="788" fill="url(#g)"/>
<text x="700" y="410" font-family="Georgia, serif" font-size="44" fill="rgba(255,255,255,0.85)" text-anchor="middle">Demo image · ${label}</text>
</svg>`;
}

/**
 * GET /media/{mediaResourceId}: uploaded files from DATA_DIR/media; demo placeholders for the seeded
 * stories. Resized variants and uploads arrive with the media capability.
 */
export async function registerMedia(app: FastifyInstance, config: ServerConfig) {
  const root = path.join(config.DATA_DIR, 'media');
  app.get<{ Params: { id: string } }>('/media/:id', async (req, reply) => {
    const { id } = req.params;
    if (!MEDIA_ID.test(id)) return reply.code(400).send({ error: { message: 'That is not a media id.' } });
    if (existsSync(path.join(root, id))) {
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(id, root);
    }
    if (id.startsWith('demo-')) {
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(demoImageSvg(id));
    }
    return reply.code(404).send({ error: { message: 'No such image.' } });
  });
}
