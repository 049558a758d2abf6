import type { EntityManager } from '@mikro-orm/postgresql';
import { listHeader, storyEmbed, visibleListById } from '@quire/api';
import type { Orm } from '@quire/db';
import { EMBED_SIZES, embedTexts, imageUrl, PRODUCT_NAME, parsePostId, quireRoutes } from '@quire/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from './config';
import { escapeHtml } from './html';

const STYLE = `body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#242424;background:#fff}
a{color:inherit;text-decoration:none}main{display:flex;gap:16px;padding:16px;border:1px solid #e6e6e6;border-radius:4px}
.text{flex:1;min-width:0}h1{font-size:18px;line-height:1.25;margin:0 0 4px;overflow-wrap:anywhere}
p{margin:0 0 8px;color:#6b6b6b;overflow-wrap:anywhere}.by{display:flex;align-items:center;gap:8px;font-size:13px}
.by img{width:24px;height:24px;border-radius:50%}.star{color:#ffc017}.thumb{width:112px;height:112px;object-fit:cover;flex:none}
.read{font-size:13px;text-decoration:underline}@media (max-width:360px){.thumb{display:none}}`;

/** The story a URL of this site names, or null (another host, or not a story's path). */
function storyIdOf(url: URL): string | null {
  const match = quireRoutes.match(url.pathname);
  return match?.entry.name.startsWith('ShowPost') ? parsePostId(url.pathname) : null;
}

/** The list a URL of this site names (`/@{username}/list/{catalogSlugId}`), or null. */
function listIdOf(url: URL): string | null {
  const match = quireRoutes.match(url.pathname);
  return match?.entry.name === 'ShowUserList' ? parsePostId(match.params.catalogSlugId ?? '') : null;
}

/** An embed frame's headers: framable anywhere (that is what it is for), loading no script. */
function frameHeaders(reply: FastifyReply) {
  reply.removeHeader('x-frame-options');
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors *",
    );
}

/**
 * Spec §2 `/embed` (a story as a card other sites frame: `?url=` a story's URL, or `?postId=`) and the oEmbed
 * endpoint `/oembed?url=…` for stories and lists, which story pages announce in their head, so a Quire URL
 * pasted into WordPress, Ghost or Discourse becomes a card. What they show is what a visitor may see.
 */
export function registerEmbeds(app: FastifyInstance, orm: Orm, config: ServerConfig) {
  const base = config.publicUrl.replace(/\/+$/, '');
  const ownUrl = (raw: unknown): URL | null => {
    if (typeof raw !== 'string' || !raw || raw.length > 2000) return null;
    try {
      const url = new URL(raw, `${base}/`);
      return url.origin === new URL(base).origin ? url : null;
    } catch {
      return null;
    }
  };
  const story = async (postId: string | null) =>
    postId ? storyEmbed(orm.em.fork() as EntityManager, postId).catch(() => null) : null;

  app.get<{ Querystring: { url?: string; postId?: string } }>('/embed', async (req, reply) => {
    const url = ownUrl(req.query.url);
    const postId = url ? storyIdOf(url) : parsePostId(String(req.query.postId ?? ''));
    const card = await story(postId);
    frameHeaders(reply);
    if (!card) {
      return reply
        .code(404)
        .send(`<!doctype html><title>${PRODUCT_NAME}</title><p>${escapeHtml(embedTexts.notFound)}</p>`);
    }
    const link = escapeHtml(`${base}${card.mediumUrl}`);
    const title = escapeHtml(card.title || embedTexts.untitled);
    const avatar = card.creator.imageId
      ? `<img src="${escapeHtml(imageUrl(card.creator.imageId, { width: 24, height: 24, strategy: 'crop', pixelRatio: 2 }))}" alt="" width="24" height="24">`
      : '';
    const thumb = card.previewImageId
      ? `<img class="thumb" src="${escapeHtml(imageUrl(card.previewImageId, { width: 112, height: 112, strategy: 'crop', pixelRatio: 2 }))}" alt="" width="112" height="112">`
      : '';
    const star = card.isLocked
      ? `<span class="star" aria-label="${escapeHtml(embedTexts.membersOnly)}">★</span> `
      : '';
    return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} | ${PRODUCT_NAME}</title>
<style>${STYLE}</style></head><body><main><div class="text">
<p class="by">${avatar}<span>${escapeHtml(card.creator.name)}${card.collection ? ` · ${escapeHtml(card.collection.name)}` : ''}</span></p>
<h1>${star}<a href="${link}" target="_blank" rel="noopener">${title}</a></h1>
${card.subtitle ? `<p>${escapeHtml(card.subtitle)}</p>` : ''}
<p class="by"><span>${escapeHtml(embedTexts.minRead(card.readingTime))}</span>
<a class="read" href="${link}" target="_blank" rel="noopener">${escapeHtml(embedTexts.readOn(PRODUCT_NAME))}</a></p>
</div>${thumb}</main></body></html>`);
  });

  app.get<{ Querystring: { url?: string; format?: string; maxwidth?: string; maxheight?: string } }>(
    '/oembed',
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      if (req.query.format && req.query.format !== 'json') {
        return reply.code(501).send({ error: embedTexts.formatNotSupported });
      }
      const url = ownUrl(req.query.url);
      if (!url) return reply.code(404).send({ error: embedTexts.noUrl });
      const maxWidth = Number.parseInt(req.query.maxwidth ?? '', 10);
      const width = Math.max(
        EMBED_SIZES.minWidth,
        Math.min(EMBED_SIZES.width, Number.isFinite(maxWidth) ? maxWidth : EMBED_SIZES.width),
      );
      const frame = (src: string, height: number, title: string) =>
        `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(title)}" frameborder="0" scrolling="no" loading="lazy"></iframe>`;
      const common = { version: '1.0', type: 'rich', provider_name: PRODUCT_NAME, provider_url: base, width };

      const card = await story(storyIdOf(url));
      if (card) {
        const title = card.title || embedTexts.untitled;
        return reply.send({
          ...common,
          title,
          author_name: card.creator.name,
          author_url: `${base}/@${card.creator.username}`,
          height: EMBED_SIZES.storyHeight,
          html: frame(`${base}/embed?postId=${card.id}`, EMBED_SIZES.storyHeight, title),
          ...(card.previewImageId
            ? {
                thumbnail_url: `${base}${imageUrl(card.previewImageId, { width: 400, height: 300, strategy: 'crop' })}`,
                thumbnail_width: 400,
                thumbnail_height: 300,
              }
            : {}),
        });
      }
      const listId = listIdOf(url);
      const em = orm.em.fork() as EntityManager;
      const list = listId ? await visibleListById(em, null, listId).catch(() => null) : null;
      if (!list) return reply.code(404).send({ error: embedTexts.notFound });
      const header = await listHeader(em, list);
      const catalogSlugId = url.pathname.split('/').pop() ?? '';
      return reply.send({
        ...common,
        title: header.name,
        author_name: header.creator.name,
        author_url: `${base}/@${header.creator.username}`,
        height: EMBED_SIZES.listHeight,
        html: frame(`${base}/embed/list/${catalogSlugId}`, EMBED_SIZES.listHeight, header.name),
      });
    },
  );
}
