import type { EntityManager } from '@mikro-orm/postgresql';
import { listHeader, listItemsPage, visibleListById } from '@quire/api';
import type { Orm } from '@quire/db';
import { catalogSlugId, listTexts, PRODUCT_NAME, parsePostId, quireRoutes } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { escapeHtml } from './html';

/** Stories an embedded list shows; the rest are a click away. */
export const LIST_EMBED_STORIES = 10;

const STYLE = `body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#242424;background:#fff}
main{padding:16px;border:1px solid #e6e6e6;border-radius:4px}h1{font-size:18px;margin:0 0 4px}
p{margin:0 0 12px;color:#6b6b6b}ol{margin:0;padding-left:20px}li{margin:0 0 8px}a{color:inherit}
.by{font-size:13px}.more{display:inline-block;margin-top:8px;font-size:13px}`;

/**
 * Spec §2 `/embed/list/{catalogSlugId}`: a public list as a small page other sites frame: its name, creator and
 * first stories, each linking here. What it shows is what a visitor without an account may see, whoever's
 * browser loads it; a private or unknown list is a 404. It loads no script.
 */
export function registerListEmbed(app: FastifyInstance, orm: Orm, config: ServerConfig) {
  const base = config.publicUrl.replace(/\/+$/, '');
  app.get<{ Params: { catalogSlugId: string } }>('/embed/list/:catalogSlugId', async (req, reply) => {
    const em = orm.em.fork() as EntityManager;
    const id = parsePostId(req.params.catalogSlugId);
    const list = id ? await visibleListById(em, null, id).catch(() => null) : null;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=300');
    // Framable anywhere: that is what an embed is for; it carries nothing private.
    reply.removeHeader('x-frame-options');
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *",
    );
    if (!list)
      return reply.code(404).send(`<!doctype html><title>${PRODUCT_NAME}</title><p>${listTexts.empty}</p>`);
    const [header, items] = await Promise.all([
      listHeader(em, list),
      listItemsPage(em, list, null, LIST_EMBED_STORIES),
    ]);
    const listUrl = `${base}${quireRoutes.build('ShowUserList', {
      username: header.creator.username,
      catalogSlugId: catalogSlugId(list),
    })}`;
    const stories = items.posts
      .map(
        (post) =>
          `<li><a href="${escapeHtml(`${base}${post.mediumUrl}`)}" target="_blank" rel="noopener">${escapeHtml(
            post.title || 'Untitled story',
          )}</a> <span class="by">${escapeHtml(listTexts.by(post.creator.name))}</span></li>`,
      )
      .join('');
    return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(header.name)} | ${PRODUCT_NAME}</title>
<style>${STYLE}</style></head><body><main>
<h1><a href="${escapeHtml(listUrl)}" target="_blank" rel="noopener">${escapeHtml(header.name)}</a></h1>
<p class="by">${escapeHtml(listTexts.by(header.creator.name))} · ${header.itemCount} ${header.itemCount === 1 ? 'story' : 'stories'}</p>
${stories ? `<ol>${stories}</ol>` : `<p>${escapeHtml(listTexts.empty)}</p>`}
<a class="more" href="${escapeHtml(listUrl)}" target="_blank" rel="noopener">${escapeHtml(listTexts.viewOn(PRODUCT_NAME))}</a>
</main></body></html>`);
  });
}
