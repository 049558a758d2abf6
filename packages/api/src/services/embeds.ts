import type { EntityManager } from '@mikro-orm/postgresql';
import { type PostCard, postCard, storyFor } from './posts';

/**
 * Spec §2 /embed and the oEmbed answer: a story as a card another site frames. It is what a visitor without an
 * account may see of the story (the policy's `viewPublishedPost` for nobody), whoever's browser loads the frame,
 * and never its text: a members-only story shows its title and subtitle only. NOT_FOUND otherwise.
 */
export async function storyEmbed(em: EntityManager, postId: string): Promise<PostCard> {
  return postCard(await storyFor(em, null, postId));
}
