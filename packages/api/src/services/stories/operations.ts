import type { EntityManager } from '@mikro-orm/postgresql';
import { PostVersion, type User } from '@quire/db';
import {
  approveSubmission,
  createDraft,
  discardChanges,
  editableStory,
  moveToTrash,
  type PublishInput,
  publish,
  publishChanges,
  restoreFromTrash,
  revert,
  saveDraft,
} from './lifecycle';

/*
 * The writing operations as the posts router calls them: each mutation runs in one transaction of the
 * request's EntityManager; the lifecycle functions take the transaction's own.
 */

type SaveInput = Parameters<typeof saveDraft>[2];
type RevisionInput = { id: string; baseRev: number };

export const startDraft = (em: EntityManager, viewer: User, input: { collectionSlug?: string }) =>
  em.transactional((tx) => createDraft(tx, viewer, input));

export const autosave = (em: EntityManager, viewer: User, input: SaveInput, now: Date) =>
  em.transactional((tx) => saveDraft(tx, viewer, input, now));

export const publishStoryChanges = (em: EntityManager, viewer: User, input: RevisionInput) =>
  em.transactional((tx) => publishChanges(tx, viewer, input));

export const discardStoryChanges = (em: EntityManager, viewer: User, input: RevisionInput) =>
  em.transactional((tx) => discardChanges(tx, viewer, input));

export const publishStory = (em: EntityManager, viewer: User, input: PublishInput, now: Date) =>
  em.transactional((tx) => publish(tx, viewer, input, now));

export const approveStory = (em: EntityManager, viewer: User, postId: string, now: Date) =>
  em.transactional((tx) => approveSubmission(tx, viewer, postId, now));

export const revertStory = (
  em: EntityManager,
  viewer: User,
  input: RevisionInput & { versionId: string },
  now: Date,
) => em.transactional((tx) => revert(tx, viewer, input, now));

export const trashStory = (em: EntityManager, viewer: User, postId: string, now: Date) =>
  em.transactional((tx) => moveToTrash(tx, viewer, postId, now));

export const untrashStory = (em: EntityManager, viewer: User, postId: string) =>
  em.transactional((tx) => restoreFromTrash(tx, viewer, postId));

/** A story's saved versions, newest first (the last 100), for those who may edit it. */
export async function storyVersions(em: EntityManager, viewer: User, postId: string) {
  const post = await editableStory(em, viewer, postId);
  const versions = await em.find(
    PostVersion,
    { post: post.id },
    { orderBy: { rev: 'desc' }, exclude: ['content'], limit: 100 },
  );
  return versions.map((v) => ({
    id: v.id,
    rev: v.rev,
    title: v.title,
    createdAt: v.createdAt.toISOString(),
  }));
}
