import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import { catalogSlugId, quireRoutes, SHARE_CHANNELS, type ShareChannel, shareIntentUrl } from '@quire/domain';
import type { ServiceEnvironment } from './environment';
import { visibleListById } from './lists';
import { postPath, storyFor } from './posts';
import { seriesHeader } from './series';

/**
 * Spec §2 `/p/{postId}/share/{channel}`: a story the viewer may see, its full address on this site and each
 * network's share dialog for it.
 */
export async function storyShareLinks(
  em: EntityManager,
  viewer: User | null,
  postId: string,
  env: Pick<ServiceEnvironment, 'publicUrl'>,
) {
  const post = await storyFor(em, viewer, postId);
  return shareLinks(env, postPath(post), post.title);
}

/** Each network's share dialog for `path` on this site, titled `title`. */
function shareLinks(env: Pick<ServiceEnvironment, 'publicUrl'>, path: string, title: string) {
  const url = `${env.publicUrl.replace(/\/+$/, '')}${path}`;
  const links = Object.fromEntries(SHARE_CHANNELS.map((c) => [c, shareIntentUrl(c, url, title)]));
  return { url, title, links: links as Record<ShareChannel, string> };
}

/** Spec §2 `/@{username}/list/{catalogSlug}/share/{channel}`: the same for a list the viewer may see. */
export async function listShareLinks(
  em: EntityManager,
  viewer: User | null,
  catalogId: string,
  env: Pick<ServiceEnvironment, 'publicUrl'>,
) {
  const list = await visibleListById(em, viewer, catalogId);
  const path = quireRoutes.build('ShowUserList', {
    username: list.creator.username,
    catalogSlugId: catalogSlugId(list),
  });
  return shareLinks(env, path, list.name);
}

/** Spec §2 `/s/{sequenceSlug}/share/{channel}`: the same for a series the viewer may see. */
export async function seriesShareLinks(
  em: EntityManager,
  viewer: User | null,
  sequenceSlug: string,
  env: Pick<ServiceEnvironment, 'publicUrl'>,
) {
  const series = await seriesHeader(em, viewer, sequenceSlug);
  return shareLinks(env, series.path, series.name);
}
