import { PRODUCT_NAME } from './messages';

const seg = encodeURIComponent;

/** Spec §2 Feeds: the path each RSS feed answers on; pages link to these (head and a visible link). */
export const feedPaths = {
  latest: () => '/feed/latest',
  user: (username: string) => `/feed/@${seg(username)}`,
  tag: (tagSlug: string) => `/feed/tag/${seg(tagSlug)}`,
  topic: (topicSlug: string) => `/feed/topic/${seg(topicSlug)}`,
  /** The topic feed made for Flipboard: full text, a picture per story, the writer as `dc:creator`. */
  flipboard: (topicSlug: string) => `/feed/flipboard/${seg(topicSlug)}`,
  publication: (collectionSlug: string) => `/feed/${seg(collectionSlug)}`,
  publicationTag: (collectionSlug: string, tagSlug: string) =>
    `/feed/${seg(collectionSlug)}/tagged/${seg(tagSlug)}`,
  /** A publication's news feed: its stories of the last NEWS_FEED_WINDOW_MS. */
  publicationNews: (collectionSlug: string) => `/feed/${seg(collectionSlug)}/news`,
  publicationNewsTag: (collectionSlug: string, tagSlug: string) =>
    `/feed/${seg(collectionSlug)}/news/tagged/${seg(tagSlug)}`,
  list: (catalogSlugId: string) => `/feed/collections/${seg(catalogSlugId)}`,
  recommended: (username: string) => `/feed/@${seg(username)}/has-recommended`,
} as const;

/**
 * How far back a publication's news feed reaches: Google News takes only articles published in the last two
 * days, so anything older would be sent only to be dropped.
 */
export const NEWS_FEED_WINDOW_MS = 48 * 60 * 60 * 1000;

/**
 * The size of the picture each story carries in the Flipboard and news feeds (cropped to exactly this, so the
 * feed can state it): Flipboard wants at least 500 px on the shorter side, Google News 800 px.
 */
export const SYNDICATED_IMAGE = { width: 1200, height: 800 } as const;

/** Not from the spec: feed titles (the feed's own and its page's `<link rel="alternate">`) and the RSS link. */
export const feedTexts = {
  latestTitle: (product: string = PRODUCT_NAME) => `${product} — Latest stories`,
  latestDescription: (product: string = PRODUCT_NAME) => `The latest stories on ${product}.`,
  userTitle: (name: string, product: string = PRODUCT_NAME) => `Stories by ${name} on ${product}`,
  userDescription: (name: string, product: string = PRODUCT_NAME) => `Stories by ${name} on ${product}.`,
  tagTitle: (tag: string, product: string = PRODUCT_NAME) => `${tag} on ${product}`,
  tagDescription: (tag: string, product: string = PRODUCT_NAME) =>
    `The latest stories tagged ${tag} on ${product}.`,
  topicDescription: (topic: string, product: string = PRODUCT_NAME) =>
    `The latest stories about ${topic} on ${product}.`,
  publicationTitle: (name: string) => name,
  publicationDescription: (name: string) => `The latest stories in ${name}.`,
  publicationTagTitle: (name: string, tag: string) => `${name} — ${tag}`,
  publicationTagDescription: (name: string, tag: string) => `Stories tagged ${tag} in ${name}.`,
  newsTitle: (name: string) => `${name} — News`,
  newsDescription: (name: string) => `The stories ${name} published in the last two days.`,
  newsTagTitle: (name: string, tag: string) => `${name} — ${tag} news`,
  newsTagDescription: (name: string, tag: string) =>
    `The stories tagged ${tag} that ${name} published in the last two days.`,
  listTitle: (name: string, creator: string) => `${name} — a list by ${creator}`,
  listDescription: (name: string, creator: string, product: string = PRODUCT_NAME) =>
    `The stories in ${name}, a list by ${creator} on ${product}.`,
  recommendedTitle: (name: string, product: string = PRODUCT_NAME) =>
    `Stories ${name} clapped for on ${product}`,
  recommendedDescription: (name: string, product: string = PRODUCT_NAME) =>
    `The stories ${name} clapped for on ${product}, most recent first.`,
  /** The visible link's text. */
  rss: 'RSS',
  /** The visible link's accessible name, e.g. 'RSS feed of Stories by Ada on Quire'. */
  rssLabel: (title: string) => `RSS feed of ${title}`,
} as const;

/** A page's feed: what its head's `<link rel="alternate" type="application/rss+xml">` and RSS link point at. */
export interface PageFeed {
  title: string;
  path: string;
}

/** Spec §2 Feeds: the feed of a writer's profile, a publication's home, a tag's and a topic's page. */
export const pageFeeds = {
  user: (user: { username: string; name: string }): PageFeed => ({
    title: feedTexts.userTitle(user.name),
    path: feedPaths.user(user.username),
  }),
  publication: (publication: { slug: string; name: string }): PageFeed => ({
    title: feedTexts.publicationTitle(publication.name),
    path: feedPaths.publication(publication.slug),
  }),
  tag: (tag: { slug: string; name: string }): PageFeed => ({
    title: feedTexts.tagTitle(tag.name),
    path: feedPaths.tag(tag.slug),
  }),
  topic: (topic: { slug: string; name: string }): PageFeed => ({
    title: feedTexts.tagTitle(topic.name),
    path: feedPaths.topic(topic.slug),
  }),
  list: (list: { catalogSlugId: string; name: string; creator: { name: string } }): PageFeed => ({
    title: feedTexts.listTitle(list.name, list.creator.name),
    path: feedPaths.list(list.catalogSlugId),
  }),
} as const;
