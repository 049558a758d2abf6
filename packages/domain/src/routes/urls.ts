import type { RouteTableMarker } from './table';

/** Options shared by the URL shapes: the main host ('quire.example') and the scheme (https). */
interface HostOptions {
  host: string;
  protocol?: 'http' | 'https';
}

const origin = (host: string, protocol: 'http' | 'https' = 'https') => `${protocol}://${host}`;

/** A custom domain: a plain string is taken as live. */
export type CustomDomain = string | { domain: string; live: boolean } | null | undefined;

const liveDomain = (custom: CustomDomain) =>
  typeof custom === 'string' ? custom || null : custom?.live ? custom.domain : null;

/** Spec §2: a live custom domain; else {username}.{host} with a subdomain, {host}/@{username}, {host}/u/{id}. */
export function userUrl(
  user: {
    username?: string | null;
    id: string;
    hasSubdomain?: boolean;
    customDomain?: CustomDomain;
  } & HostOptions,
): string {
  const custom = liveDomain(user.customDomain);
  if (custom) return origin(custom, user.protocol);
  if (!user.username) return `${origin(user.host, user.protocol)}/u/${encodeURIComponent(user.id)}`;
  if (user.hasSubdomain) return origin(`${user.username}.${user.host}`, user.protocol);
  return `${origin(user.host, user.protocol)}/@${encodeURIComponent(user.username)}`;
}

/** Spec §2: a publication at its own (live) domain, else /{slug} or /c/{id} on the main host. */
export function collectionUrl(
  collection: { slug?: string | null; id: string; domain?: CustomDomain } & HostOptions,
): string {
  const custom = liveDomain(collection.domain);
  if (custom) return origin(custom, collection.protocol);
  const base = origin(collection.host, collection.protocol);
  return collection.slug
    ? `${base}/${encodeURIComponent(collection.slug)}`
    : `${base}/c/${encodeURIComponent(collection.id)}`;
}

/** Spec §2: {publication url}/{postId} or {user url}/{postId}; a slug goes before the id (slug-id). */
export function postUrl(post: {
  postId: string;
  slug?: string | null;
  collection?: Parameters<typeof collectionUrl>[0] | null;
  user: Parameters<typeof userUrl>[0];
}): string {
  const base = post.collection ? collectionUrl(post.collection) : userUrl(post.user);
  return `${base}/${post.slug ? `${post.slug}-${post.postId}` : post.postId}`;
}

/** Spec §2: on a collection domain a path drops its leading {collectionSlug}; on a user domain, @{username}. */
export function stripForCustomDomain(
  path: string,
  entity: { collectionSlug?: string | null; username?: string | null },
): string {
  const [first, ...rest] = path.split('/').filter((_s, i) => i > 0);
  const drop =
    (entity.collectionSlug && first === entity.collectionSlug) ||
    (entity.username && first === `@${entity.username}`);
  if (!drop) return path;
  return `/${rest.join('/')}`;
}

/** The host a page is on: the main host ('all'), or a user's or publication's own domain. */
export interface RoutingEntity {
  kind: RouteTableMarker;
  host: string;
  /** The main (auth) domain. */
  authHost: string;
}

/** Spec §2: links use the current host when the route belongs to the current routing entity, else the auth domain. */
export function linkHost(routeTable: RouteTableMarker, current: RoutingEntity): string {
  return routeTable === current.kind ? current.host : current.authHost;
}

/** Whether a redirect target is a path of this site: not `//host` nor `/\host`, which browsers read as another site. */
export const isSitePath = (value: unknown): value is string =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value);
