import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import { SHARE_CHANNELS, type ShareChannel, shareIntentUrl } from '@quire/domain';
import type { ServiceEnvironment } from './environment';
import { postPath, storyFor } from './posts';

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
  const url = `${env.publicUrl.replace(/\/+$/, '')}${postPath(post)}`;
  const links = Object.fromEntries(SHARE_CHANNELS.map((c) => [c, shareIntentUrl(c, url, post.title)]));
  return { url, title: post.title, links: links as Record<ShareChannel, string> };
}
