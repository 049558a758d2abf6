import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import { postPath } from '../posts';
import { createImportedDraft } from './imported-story';

/** One of the viewer's own published stories, or NOT_FOUND (a draft, or someone else's, is not theirs to repost). */
async function ownPublishedStory(em: EntityManager, viewer: User, postId: string): Promise<Post> {
  const post = await em.findOne(Post, { id: postId }, { populate: ['creator', 'collection'] });
  if (!post || post.deletedAt || (post.status !== 'PUBLISHED' && post.status !== 'UNLISTED')) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'This story does not exist.' });
  }
  await enforce(em, viewer, 'actAs', post.creator);
  return post;
}

/** What the repost page shows of the story before the writer confirms. */
export async function repostable(em: EntityManager, viewer: User, postId: string) {
  const post = await ownPublishedStory(em, viewer, postId);
  return { id: post.id, title: post.title, mediumUrl: postPath(post) };
}

/**
 * Spec §2 /new-story/repost/{repostId}: a new draft with the text of one of the writer's own published stories and a
 * canonical link to it, to publish the story again elsewhere (in a publication, say) while search engines keep
 * crediting the original. The original is left as it is.
 */
export async function repostDraft(
  em: EntityManager,
  viewer: User,
  postId: string,
  publicUrl: string,
  now: Date,
): Promise<{ postId: string; editUrl: string }> {
  const post = await ownPublishedStory(em, viewer, postId);
  const draft = await createImportedDraft(
    em,
    viewer,
    {
      title: post.title,
      content: post.content,
      canonicalUrl: `${publicUrl.replace(/\/+$/, '')}${postPath(post)}`,
    },
    now,
  );
  return { postId: draft.id, editUrl: `/p/${draft.id}/edit` };
}
