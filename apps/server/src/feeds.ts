import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  can,
  LISTED_STORY,
  loadPolicyViewer,
  lockedPreview,
  type PolicyViewer,
  postPath,
  READER_LIST,
} from '@quire/api';
import { Catalog, CatalogItem, Clap, Collection, type Orm, Post, PostTag, Tag, User } from '@quire/db';
import {
  catalogSlugId,
  feedTexts,
  type Markup,
  type Paragraph,
  PRODUCT_NAME,
  parsePostId,
  quireRoutes,
} from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import type { ServerConfig } from './config';

/** Stories per feed (spec §2 Feeds). */
export const FEED_SIZE = 25;
const FEED_CACHE = 'public, max-age=300';
const READ_THE_REST = `Read the rest on ${PRODUCT_NAME}`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML elements and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** An absolute http(s)/mailto link, resolving site-relative ones against the public URL; null otherwise. */
function safeHref(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, `${base}/`);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

const MARKUP_TAGS: Partial<Record<Markup['type'], string>> = {
  STRONG: 'strong',
  EM: 'em',
  CODE: 'code',
  UNDERLINE: 'u',
  STRIKE: 's',
};

/** A paragraph's text with its markups, each segment wrapped on its own so tags always nest. */
function inlineHtml(paragraph: Paragraph, base: string): string {
  const text = paragraph.text;
  const markups = paragraph.markups.filter((m) => m.end > m.start && m.start < text.length);
  if (!markups.length) return escapeHtml(text);
  const cuts = new Set([0, text.length]);
  for (const m of markups) {
    cuts.add(m.start);
    cuts.add(Math.min(m.end, text.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  let html = '';
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    let segment = escapeHtml(text.slice(start, end));
    for (const m of markups) {
      if (m.start > start || m.end < end) continue;
      const tag = MARKUP_TAGS[m.type];
      if (tag) segment = `<${tag}>${segment}</${tag}>`;
      else if (m.type === 'A') {
        const href = safeHref(m.href, base);
        if (href) segment = `<a href="${escapeHtml(href)}">${segment}</a>`;
      }
    }
    html += segment;
  }
  return html;
}

/** Simple HTML of story paragraphs for feed readers: headings, paragraphs, lists, quotes, code, images, rules. */
export function paragraphsHtml(paragraphs: Paragraph[], base: string): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  for (const paragraph of paragraphs) {
    const kind = paragraph.type === 'ULI' ? 'ul' : paragraph.type === 'OLI' ? 'ol' : null;
    if (list && kind !== list) {
      out.push(`</${list}>`);
      list = null;
    }
    if (kind && !list) {
      out.push(`<${kind}>`);
      list = kind;
    }
    const inner = inlineHtml(paragraph, base);
    switch (paragraph.type) {
      case 'H1':
      case 'H2':
      case 'H3':
      case 'H4': {
        const tag = paragraph.type.toLowerCase();
        out.push(`<${tag}>${inner}</${tag}>`);
        break;
      }
      case 'ULI':
      case 'OLI':
        out.push(`<li>${inner}</li>`);
        break;
      case 'BQ':
      case 'PQ':
        out.push(`<blockquote>${inner}</blockquote>`);
        break;
      case 'PRE':
        out.push(`<pre><code>${escapeHtml(paragraph.text)}</code></pre>`);
        break;
      case 'HR':
        out.push('<hr>');
        break;
      case 'IMG': {
        const id = paragraph.metadata?.id;
        if (!id) break;
        const src = `${base}/media/${encodeURIComponent(id)}?w=1400`;
        const alt = escapeHtml(paragraph.metadata?.alt ?? '');
        const caption = paragraph.text ? `<figcaption>${inner}</figcaption>` : '';
        out.push(`<figure><img src="${escapeHtml(src)}" alt="${alt}">${caption}</figure>`);
        break;
      }
      case 'IFRAME': {
        const href = safeHref(paragraph.iframe?.src, base);
        if (href)
          out.push(`<p><a href="${escapeHtml(href)}">${escapeHtml(paragraph.iframe?.title || href)}</a></p>`);
        break;
      }
      case 'MIXTAPE_EMBED': {
        const href = safeHref(paragraph.mixtapeMetadata?.href, base);
        const label = paragraph.text || paragraph.mixtapeMetadata?.title || href || '';
        if (href) out.push(`<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`);
        break;
      }
      default:
        if (paragraph.text) out.push(`<p>${inner}</p>`);
    }
  }
  if (list) out.push(`</${list}>`);
  return out.join('\n');
}

/** The newest listed stories (packages/api's rule: never a private publication's) matching `where`, with author and publication loaded. */
async function newestStories(em: EntityManager, where: FilterQuery<Post>): Promise<Post[]> {
  return em.find(
    Post,
    { $and: [LISTED_STORY, where] },
    {
      populate: ['creator', 'collection'],
      orderBy: { latestPublishedAt: 'desc', id: 'desc' },
      limit: FEED_SIZE,
    },
  );
}

/** Listed stories by id, in the order of `ids`, with author and publication loaded. */
async function storiesInOrder(em: EntityManager, ids: string[]): Promise<Post[]> {
  const posts = await em.find(
    Post,
    { $and: [LISTED_STORY, { id: { $in: ids } }] },
    { populate: ['creator', 'collection'] },
  );
  const byId = new Map(posts.map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Ids of listable stories carrying a tag, newest first. */
async function taggedStoryIds(em: EntityManager, tag: Tag, extra: FilterQuery<Post> = {}): Promise<string[]> {
  const rows = await em.find(
    PostTag,
    { tag: tag.id, post: { $and: [LISTED_STORY, extra] } },
    { fields: ['post.id'], orderBy: { post: { latestPublishedAt: 'desc', id: 'desc' } }, limit: FEED_SIZE },
  );
  return rows.map((row) => row.post.id);
}

interface FeedSource {
  title: string;
  description: string;
  /** Site path of the page the feed mirrors. */
  path: string;
  posts: Post[];
  /** Who reads a feed: anyone, without an account. */
  reader: PolicyViewer;
}

/** RSS 2.0 text of a feed: full HTML for open stories, the locked preview and a link for members-only ones. */
export function renderFeed(source: FeedSource, selfPath: string, base: string): string {
  const feed = new Feed({
    title: source.title,
    description: source.description,
    id: `${base}${source.path}`,
    link: `${base}${source.path}`,
    language: 'en',
    generator: PRODUCT_NAME,
    feedLinks: { rss: `${base}${selfPath}` },
    updated: source.posts[0]?.latestPublishedAt ?? undefined,
    copyright: '',
  });
  for (const post of source.posts) {
    const link = `${base}${postPath(post)}`;
    // A feed is read by anyone: the text goes out only where the policy gives it to a reader with no account.
    const locked = !can(source.reader, 'readListedText', post);
    const paragraphs = locked ? lockedPreview(post.content) : post.content.paragraphs;
    let content = paragraphsHtml(paragraphs, base);
    if (locked) content += `\n<p><a href="${escapeHtml(link)}">${READ_THE_REST}</a></p>`;
    feed.addItem({
      title: post.title || 'Untitled story',
      id: link,
      link,
      date: post.latestPublishedAt ?? post.createdAt,
      description: post.subtitle ?? undefined,
      content,
      author: [{ name: post.creator.name, link: `${base}/@${post.creator.username}` }],
    });
  }
  return feed.rss2();
}

function sendFeed(reply: FastifyReply, xml: string) {
  return reply
    .header('content-type', 'application/rss+xml; charset=utf-8')
    .header('cache-control', FEED_CACHE)
    .send(xml);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: { message: 'There is no such feed.' } });
}

/**
 * Spec §2 Feeds: RSS 2.0 of the latest stories, a writer (and the stories they clapped for), a reader's public
 * list, a publication (and its tags), a tag and a topic.
 */
export function registerFeeds(app: FastifyInstance, orm: Orm, config: ServerConfig) {
  const base = config.publicUrl.replace(/\/+$/, '');
  const em = () => orm.em.fork() as EntityManager;

  /** Serves the feed `load` builds; null from `load` means 404. */
  const serve =
    <P>(
      load: (
        em: EntityManager,
        params: P,
        reader: PolicyViewer,
      ) => Promise<Omit<FeedSource, 'reader'> | null>,
    ) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const forked = em();
      const reader = await loadPolicyViewer(forked, null);
      const source = await load(forked, req.params as P, reader);
      if (!source) return notFound(reply);
      return sendFeed(reply, renderFeed({ ...source, reader }, req.url.split('?')[0] ?? req.url, base));
    };

  app.get(
    '/feed/latest',
    serve(async (em) => ({
      title: feedTexts.latestTitle(),
      description: feedTexts.latestDescription(),
      path: '/',
      posts: await newestStories(em, {}),
    })),
  );

  const userFeed = serve<{ username: string }>(async (em, { username }, reader) => {
    const user = await em.findOne(User, { username });
    if (!user || !can(reader, 'viewProfile', user)) return null;
    return {
      title: feedTexts.userTitle(user.name),
      description: user.bio || feedTexts.userDescription(user.name),
      path: `/@${user.username}`,
      posts: await newestStories(em, { creator: user.id }),
    };
  });
  app.get('/feed/@:username', userFeed);
  app.get('/@:username/feed', userFeed);

  app.get(
    '/feed/@:username/has-recommended',
    serve<{ username: string }>(async (em, { username }, reader) => {
      const user = await em.findOne(User, { username });
      if (!user || !can(reader, 'viewProfile', user)) return null;
      const claps = await em.find(
        Clap,
        { user: user.id, post: LISTED_STORY },
        { fields: ['post'], orderBy: { updatedAt: 'desc', id: 'desc' }, limit: FEED_SIZE },
      );
      return {
        title: feedTexts.recommendedTitle(user.name),
        description: feedTexts.recommendedDescription(user.name),
        path: `/@${user.username}/has-recommended`,
        posts: await storiesInOrder(
          em,
          claps.map((c) => c.post.id),
        ),
      };
    }),
  );

  app.get(
    '/feed/collections/:catalogSlug',
    serve<{ catalogSlug: string }>(async (em, { catalogSlug }, reader) => {
      const id = parsePostId(catalogSlug);
      const list = id ? await em.findOne(Catalog, { id, ...READER_LIST }, { populate: ['creator'] }) : null;
      if (!list || !can(reader, 'viewList', list) || !can(reader, 'viewProfile', list.creator)) return null;
      const items = await em.find(
        CatalogItem,
        { catalog: list.id, itemType: 'POST', post: LISTED_STORY },
        { fields: ['post'], orderBy: { position: 'asc', id: 'asc' }, limit: FEED_SIZE },
      );
      const slugId = catalogSlugId(list);
      return {
        title: feedTexts.listTitle(list.name, list.creator.name),
        description: list.description || feedTexts.listDescription(list.name, list.creator.name),
        path: quireRoutes.build('ShowUserList', { username: list.creator.username, catalogSlugId: slugId }),
        posts: await storiesInOrder(
          em,
          items.map((i) => i.post!.id),
        ),
      };
    }),
  );

  app.get(
    '/feed/tag/:tagSlug',
    serve<{ tagSlug: string }>(async (em, { tagSlug }, reader) => {
      const tag = await em.findOne(Tag, { slug: tagSlug });
      if (!tag || !can(reader, 'viewTag', tag)) return null;
      return {
        title: feedTexts.tagTitle(tag.name),
        description: feedTexts.tagDescription(tag.name),
        path: `/tag/${tag.slug}`,
        posts: await newestStories(em, { id: { $in: await taggedStoryIds(em, tag) } }),
      };
    }),
  );

  app.get(
    '/feed/topic/:topicSlug',
    serve<{ topicSlug: string }>(async (em, { topicSlug }, reader) => {
      const topic = await em.findOne(Tag, { slug: topicSlug, isTopic: true });
      if (!topic || !can(reader, 'viewTag', topic)) return null;
      const tagged = await taggedStoryIds(em, topic);
      return {
        title: feedTexts.tagTitle(topic.name),
        description: feedTexts.topicDescription(topic.name),
        path: `/topic/${topic.slug}`,
        posts: await newestStories(em, { $or: [{ primaryTopic: topic.id }, { id: { $in: tagged } }] }),
      };
    }),
  );

  /** The publication's feed, for anyone who may see it without an account (spec §3 Collection visibility). */
  const publicCollection = async (em: EntityManager, slug: string, reader: PolicyViewer) => {
    const collection = await em.findOne(Collection, { slug });
    return collection && can(reader, 'viewPublication', collection) ? collection : null;
  };

  app.get(
    '/feed/:collectionSlug',
    serve<{ collectionSlug: string }>(async (em, { collectionSlug }, reader) => {
      const collection = await publicCollection(em, collectionSlug, reader);
      if (!collection) return null;
      return {
        title: feedTexts.publicationTitle(collection.name),
        description:
          collection.description || collection.tagline || feedTexts.publicationDescription(collection.name),
        path: `/${collection.slug}`,
        posts: await newestStories(em, { collection: collection.id }),
      };
    }),
  );

  app.get(
    '/feed/:collectionSlug/tagged/:tagSlug',
    serve<{ collectionSlug: string; tagSlug: string }>(async (em, { collectionSlug, tagSlug }, reader) => {
      const collection = await publicCollection(em, collectionSlug, reader);
      const tag = collection ? await em.findOne(Tag, { slug: tagSlug }) : null;
      if (!collection || !tag || !can(reader, 'viewTag', tag)) return null;
      const ids = await taggedStoryIds(em, tag, { collection: collection.id });
      return {
        title: feedTexts.publicationTagTitle(collection.name, tag.name),
        description: feedTexts.publicationTagDescription(collection.name, tag.name),
        path: `/${collection.slug}/tagged/${tag.slug}`,
        posts: await newestStories(em, { id: { $in: ids } }),
      };
    }),
  );
}
