import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, PostTag, type User } from '@quire/db';
import { can, enforce, isEditorOf, loadPolicyViewer } from '../../policies';
import { writerNewsletter } from '../newsletters/core';
import { postPath } from '../posts';
import { editableStory, goingTo, loadStory, workingText } from './lifecycle';

/**
 * What the editor opens: the text the writer works on (a published story's unpublished changes when it has
 * them) and its settings, with what the policy lets the viewer do to it.
 */
export async function storyForEditor(em: EntityManager, viewer: User, postId: string) {
  const post = await editableStory(em, viewer, postId);
  const [text, tags, policyViewer] = await Promise.all([
    workingText(em, post),
    em.find(PostTag, { post: post.id }, { populate: ['tag'], orderBy: { position: 'asc' } }),
    loadPolicyViewer(em, viewer),
  ]);
  // The publish dialog's "Email this story" switch: only before the first publish, for a writer with a newsletter.
  const newsletter =
    post.firstPublishedAt || post.inResponseToPost ? null : await writerNewsletter(em, post.creator.id);
  const memberOf = policyViewer.roles.size
    ? await em.find(Collection, { id: { $in: [...policyViewer.roles.keys()] } })
    : [];
  return {
    id: post.id,
    title: text.title,
    subtitle: post.subtitle ?? null,
    content: text.content,
    latestRev: post.latestRev,
    /** A published story's edits that readers do not see until 'Publish changes'. */
    hasPendingChanges: text.hasPendingChanges,
    status: post.status,
    isLocked: post.isLocked,
    license: post.license,
    visibility: post.visibility,
    topics: tags.map((t) => t.tag.name),
    previewImageId: post.previewImageId ?? null,
    collection: post.collection ? { id: post.collection.id, name: post.collection.name } : null,
    pendingCollection: post.pendingCollection
      ? { id: post.pendingCollection.id, name: post.pendingCollection.name }
      : null,
    statusForCollection: post.statusForCollection ?? null,
    /** What a publication's editor said when declining the submission or asking for changes. */
    submissionNote: post.submissionNote ?? null,
    isEditor:
      isEditorOf(policyViewer, post.collection?.id) || isEditorOf(policyViewer, post.pendingCollection?.id),
    /** The viewer may make the story members-only where it is (lockPost). */
    canLock: can(policyViewer, 'lockPost', post),
    /** The publications the viewer writes for (any role): where the publish dialog can send the story. */
    publications: memberOf
      .filter((c) => can(policyViewer, 'writeForPublication', c))
      .map((c) => ({ id: c.id, name: c.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    /** The publications published in which the viewer may make it members-only. */
    lockPublicationIds: memberOf
      .filter((c) => can(policyViewer, 'lockPost', goingTo(post, c)))
      .map((c) => c.id)
      .sort(),
    mediumUrl: post.status === 'DRAFT' ? null : postPath(post),
    /** The writer's newsletter subscribers a first publish emails the story to; null: no such choice. */
    newsletterSubscriberCount: newsletter ? newsletter.subscriberCount : null,
    emailSubscribers: post.emailSubscribers,
  };
}

/** Spec §1 friend link: the story URL with source=friends_link and the author's share key (getFriendLink). */
export async function friendLinkFor(em: EntityManager, viewer: User, postId: string, publicUrl: string) {
  const post = await loadStory(em, postId);
  await enforce(em, viewer, 'getFriendLink', post);
  if (!post.shareKey || post.status === 'DRAFT') return { url: null };
  return { url: `${publicUrl}${postPath(post)}?source=friends_link&sk=${post.shareKey}` };
}
