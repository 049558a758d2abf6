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
  imageUrl,
  NEWS_FEED_WINDOW_MS,
  PRODUCT_NAME,
  parsePostId,
  quireRoutes,
  SYNDICATED_IMAGE,
} from '@quire/domain';
import { escapeHtml, paragraphsHtml } from '@quire/mail';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import type { ServerConfig } from './config';

/** Stories per feed (spec §2 Feeds). */
export const FEED_SIZE = 25;
const FEED_CACHE = 'public, max-age=300';
const READ_THE_REST = `Read the rest on ${PRODUCT_NAME}`;
/** The site's icon: the channel image of a syndicated feed with no picture of its own. */
const SITE_ICON_PATH = '/favicon.ico';
/** RSS 2.0 allows a channel image at most 144 px wide. */
const CHANNEL_IMAGE_SIDE = 144;
/** The namespaces a syndicated feed's own elements use. */
const SYNDICATION_NAMESPACES = {
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
} as const;

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
  /** The channel's picture (absolute URL), for syndicated feeds; the site's icon when absent. */
  image?: string;
}

/** What a feed carries beyond plain RSS 2.0, for the services it is made for. */
export interface FeedExtras {
  /**
   * Flipboard and Google News: each story's preview picture as Media RSS `media:content` (with its size), the
   * writer as `dc:creator` (RSS's own `author` must be an email address) and a channel image.
   */
  syndicated?: boolean;
}

/** The `media:content` of a story's preview picture, cropped to SYNDICATED_IMAGE so its size is known. */
function previewMedia(post: Post, base: string) {
  if (!post.previewImageId) return [];
  const url = `${base}${imageUrl(post.previewImageId, { ...SYNDICATED_IMAGE, strategy: 'crop' })}`;
  // The XML writer escapes only quotes in attributes.
  const attributes = { url: escapeHtml(url), medium: 'image', ...SYNDICATED_IMAGE };
  return [{ name: 'media:content', objects: { _attributes: attributes } }];
}

/** Declares on `<rss>` the syndication namespaces it lacks (the feed library declares dc only beside content). */
function declareSyndicationNamespaces(xml: string): string {
  const start = xml.indexOf('<rss ');
  const end = xml.indexOf('>', start);
  const root = xml.slice(start, end);
  const missing = Object.entries(SYNDICATION_NAMESPACES)
    .filter(([prefix]) => !root.includes(` xmlns:${prefix}=`))
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return xml.slice(0, end) + missing + xml.slice(end);
}

/** RSS 2.0 text of a feed: full HTML for open stories, the locked preview and a link for members-only ones. */
export function renderFeed(
  source: FeedSource,
  selfPath: string,
  base: string,
  extras: FeedExtras = {},
): string {
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
    image: extras.syndicated ? (source.image ?? `${base}${SITE_ICON_PATH}`) : undefined,
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
      ...(extras.syndicated
        ? {
            extensions: [
              { name: 'dc:creator', objects: { _text: post.creator.name } },
              ...previewMedia(post, base),
            ],
          }
        : { author: [{ name: post.creator.name, link: `${base}/@${post.creator.username}` }] }),
    });
  }
  return extras.syndicated ? declareSyndicationNamespaces(feed.rss2()) : feed.rss2();
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

/** With `news`, only the stories first published within the news window: an old story edited today is no news. */
const newsWindow = (news: boolean) =>
  news ? { firstPublishedAt: { $gte: new Date(Date.now() - NEWS_FEED_WINDOW_MS) } } : {};

/** The channel image of a publication's news feed: its avatar, square at RSS's largest size. */
const publicationImage = (collection: Collection, base: string) =>
  collection.avatarId
    ? `${base}${imageUrl(collection.avatarId, { width: CHANNEL_IMAGE_SIDE, height: CHANNEL_IMAGE_SIDE, strategy: 'crop' })}`
    : undefined;

const SYNDICATED: FeedExtras = { syndicated: true };

/**
 * Spec §2 Feeds: RSS 2.0 of the latest stories, a writer (and the stories they clapped for), a reader's public
 * list, a publication (and its tags, and its news of the last two days), a tag and a topic (also made for
 * Flipboard).
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
      extras: FeedExtras = {},
    ) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const forked = em();
      const reader = await loadPolicyViewer(forked, null);
      const source = await load(forked, req.params as P, reader);
      if (!source) return notFound(reply);
      return sendFeed(
        reply,
        renderFeed({ ...source, reader }, req.url.split('?')[0] ?? req.url, base, extras),
      );
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

  /** A topic's stories: its primary ones and those tagged with it. */
  const topicFeed = async (em: EntityManager, { topicSlug }: { topicSlug: string }, reader: PolicyViewer) => {
    const topic = await em.findOne(Tag, { slug: topicSlug, isTopic: true });
    if (!topic || !can(reader, 'viewTag', topic)) return null;
    const tagged = await taggedStoryIds(em, topic);
    return {
      title: feedTexts.tagTitle(topic.name),
      description: feedTexts.topicDescription(topic.name),
      path: `/topic/${topic.slug}`,
      posts: await newestStories(em, { $or: [{ primaryTopic: topic.id }, { id: { $in: tagged } }] }),
    };
  };
  app.get('/feed/topic/:topicSlug', serve(topicFeed));
  app.get('/feed/flipboard/:topicSlug', serve(topicFeed, SYNDICATED));

  /** The publication's feed, for anyone who may see it without an account (spec §3 Collection visibility). */
  const publicCollection = async (em: EntityManager, slug: string, reader: PolicyViewer) => {
    const collection = await em.findOne(Collection, { slug });
    return collection && can(reader, 'viewPublication', collection) ? collection : null;
  };

  /** The publication's feed, or with `news` its news feed: the stories of the news window, syndicated. */
  const publicationFeed = (news: boolean) =>
    serve<{ collectionSlug: string }>(
      async (em, { collectionSlug }, reader) => {
        const collection = await publicCollection(em, collectionSlug, reader);
        if (!collection) return null;
        const { name } = collection;
        return {
          title: news ? feedTexts.newsTitle(name) : feedTexts.publicationTitle(name),
          description: news
            ? feedTexts.newsDescription(name)
            : collection.description || collection.tagline || feedTexts.publicationDescription(name),
          path: `/${collection.slug}`,
          posts: await newestStories(em, { collection: collection.id, ...newsWindow(news) }),
          image: news ? publicationImage(collection, base) : undefined,
        };
      },
      news ? SYNDICATED : {},
    );
  app.get('/feed/:collectionSlug', publicationFeed(false));
  app.get('/feed/:collectionSlug/news', publicationFeed(true));

  /** A tag's stories in the publication, or with `news` only those of the news window, syndicated. */
  const publicationTagFeed = (news: boolean) =>
    serve<{ collectionSlug: string; tagSlug: string }>(
      async (em, { collectionSlug, tagSlug }, reader) => {
        const collection = await publicCollection(em, collectionSlug, reader);
        const tag = collection ? await em.findOne(Tag, { slug: tagSlug }) : null;
        if (!collection || !tag || !can(reader, 'viewTag', tag)) return null;
        const ids = await taggedStoryIds(em, tag, {
          collection: collection.id,
          ...newsWindow(news),
        });
        const [title, description] = news
          ? [feedTexts.newsTagTitle, feedTexts.newsTagDescription]
          : [feedTexts.publicationTagTitle, feedTexts.publicationTagDescription];
        return {
          title: title(collection.name, tag.name),
          description: description(collection.name, tag.name),
          path: `/${collection.slug}/tagged/${tag.slug}`,
          posts: await newestStories(em, { id: { $in: ids } }),
          image: news ? publicationImage(collection, base) : undefined,
        };
      },
      news ? SYNDICATED : {},
    );
  app.get('/feed/:collectionSlug/tagged/:tagSlug', publicationTagFeed(false));
  app.get('/feed/:collectionSlug/news/tagged/:tagSlug', publicationTagFeed(true));
}
