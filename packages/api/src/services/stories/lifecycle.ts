import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, Post, PostTag, PostVersion, Tag, type User } from '@quire/db';
import {
  contentText,
  draftLabel,
  isAllowedIframe,
  type License,
  type PostContent,
  readingTimeMinutes,
  slugify,
  TRASH_RETENTION_DAYS,
  toastTexts,
  uniqueSlug,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { purgeCacheTags, storyTags } from '../cache-purge';
import { readFlag } from '../flags';
import { postPath, storyNotFound } from '../posts';
import { isEditorRole, roleIn, storyPermissions } from './permissions';

/** A story is versioned at most this often while autosaving; publishing always versions it. */
const VERSION_EVERY_MS = 5 * 60 * 1000;
export const MAX_TOPICS = 5;

const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/** Loads a story the viewer may edit, or throws NOT_FOUND / FORBIDDEN. Members-only stories need the flag. */
export async function editableStory(em: EntityManager, viewer: User, postId: string) {
  const post = await em.findOne(
    Post,
    { id: postId },
    { populate: ['creator', 'collection', 'pendingCollection'] },
  );
  if (!post) throw storyNotFound();
  const perms = await storyPermissions(em, viewer, post);
  if (!perms.canEdit) throw forbidden('Only the author or an editor of its publication can edit this story.');
  // Spec §5: editing a members-only story needs can_edit_members_only_posts.
  if (
    post.isLocked &&
    post.status !== 'DRAFT' &&
    !(await readFlag(em, 'can_edit_members_only_posts', viewer))
  ) {
    throw forbidden('Editing members-only stories is not available to you.');
  }
  return { post, perms };
}

function applyContent(post: Post, title: string, content: PostContent) {
  post.title = title.trim().slice(0, 300);
  post.content = content;
  const words = contentText(content).split(/\s+/).filter(Boolean).length;
  post.wordCount = words;
  post.readingTime = readingTimeMinutes(content);
  post.previewImageId ??= content.paragraphs.find((p) => p.type === 'IMG')?.metadata?.id ?? null;
}

/** Keeps the current text as the version of its revision (once per revision). */
async function snapshot(em: EntityManager, post: Post, by: User) {
  const existing = await em.findOne(PostVersion, { post: post.id, rev: post.latestRev });
  if (existing) Object.assign(existing, { title: post.title, content: post.content });
  else
    em.create(PostVersion, {
      post,
      rev: post.latestRev,
      title: post.title,
      content: post.content,
      createdBy: by,
    });
}

/** Spec §5 iframe rule: embeds only from the allowlisted providers unless allow_iframe is on. */
async function checkEmbeds(em: EntityManager, viewer: User, content: PostContent) {
  const iframes = content.paragraphs.filter((p) => p.type === 'IFRAME');
  if (!iframes.length) return;
  const allowIframe = await readFlag(em, 'allow_iframe', viewer);
  for (const p of iframes) {
    const src = p.iframe?.src;
    if (!src || !isAllowedIframe(src, { allowIframe })) {
      const host = src ? new URL(src).host : 'an unknown address';
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Embeds from ${host} are not allowed.` });
    }
  }
}

/** Starts a draft (in a publication the viewer writes for, when asked). */
export async function createDraft(em: EntityManager, viewer: User, opts: { collectionSlug?: string }) {
  let pendingCollection: Collection | null = null;
  if (opts.collectionSlug) {
    pendingCollection = await em.findOne(Collection, { slug: opts.collectionSlug });
    if (!pendingCollection || !(await roleIn(em, viewer, pendingCollection))) {
      throw forbidden('You can write for a publication only after its editors add you as a writer.');
    }
  }
  const post = em.create(Post, {
    creator: viewer,
    title: '',
    status: 'DRAFT',
    type: 'DRAFT',
    shareKey: randomBytes(12).toString('base64url'),
    pendingCollection,
    statusForCollection: pendingCollection ? 'NOT_YET_SUBMITTED' : null,
    uniqueSlug: '',
  });
  post.uniqueSlug = post.id;
  await em.flush();
  return { id: post.id, latestRev: post.latestRev };
}

/** Autosave: applies the editor's text if it was based on the latest revision, else reports a conflict. */
export async function saveDraft(
  em: EntityManager,
  viewer: User,
  input: { id: string; baseRev: number; title: string; content: PostContent },
  now: Date,
) {
  const { post } = await editableStory(em, viewer, input.id);
  await checkEmbeds(em, viewer, input.content);
  if (input.baseRev !== post.latestRev) {
    return {
      __typename: 'Conflict' as const,
      message:
        'This story was changed in another tab or window. Your text here is kept; copy what you need, then reload.',
      latestRev: post.latestRev,
      title: post.title,
      content: post.content,
    };
  }
  applyContent(post, input.title, input.content);
  post.latestRev += 1;
  const last = await em.findOne(PostVersion, { post: post.id }, { orderBy: { rev: 'desc' } });
  if (!last || now.getTime() - last.createdAt.getTime() > VERSION_EVERY_MS) await snapshot(em, post, viewer);
  if (post.status !== 'DRAFT') {
    post.uniqueSlug = uniqueSlug(post.title, post.id);
    await purgeCacheTags(em, storyTags(post));
  }
  return { __typename: 'Saved' as const, rev: post.latestRev };
}

async function setTopics(em: EntityManager, post: Post, names: string[]) {
  const slugs = [...new Set(names.map((n) => slugify(n)).filter(Boolean))].slice(0, MAX_TOPICS);
  await em.nativeDelete(PostTag, { post: post.id });
  let position = 0;
  for (const slug of slugs) {
    const name = names.find((n) => slugify(n) === slug)!.trim();
    const tag = (await em.findOne(Tag, { slug })) ?? em.create(Tag, { slug, name });
    em.create(PostTag, { post, tag, position: position++ });
  }
}

export interface PublishInput {
  id: string;
  baseRev: number;
  title?: string;
  subtitle?: string | null;
  previewTitle?: string | null;
  previewSubtitle?: string | null;
  previewImageId?: string | null;
  topics: string[];
  collectionId?: string | null;
  isLocked: boolean;
  license: License;
  unlisted: boolean;
}

/**
 * Publishes a story, or submits it to a publication for its editors (a writer cannot publish into
 * a publication without approval; the draft becomes PENDING).
 */
export async function publish(em: EntityManager, viewer: User, input: PublishInput, now: Date) {
  const { post } = await editableStory(em, viewer, input.id);
  if (input.baseRev !== post.latestRev) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'This story changed since you opened it. Reload to publish the latest text.',
    });
  }
  if (input.title !== undefined) post.title = input.title.trim().slice(0, 300);
  if (!post.title) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Add a title before publishing.' });
  if (!post.content.paragraphs.some((p) => p.text.trim() || p.type === 'IMG')) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Write something before publishing.' });
  }
  post.subtitle = input.subtitle ?? post.subtitle ?? null;
  post.previewTitle = input.previewTitle ?? null;
  post.previewSubtitle = input.previewSubtitle ?? null;
  if (input.previewImageId !== undefined) post.previewImageId = input.previewImageId;
  post.license = input.license;
  post.isLocked = input.isLocked;
  post.lockedSource = input.isLocked ? 'UGC' : 'NONE';
  await setTopics(em, post, input.topics);

  const collection = input.collectionId ? await em.findOne(Collection, { id: input.collectionId }) : null;
  if (input.collectionId && !collection)
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'That publication does not exist.' });
  const role = await roleIn(em, viewer, collection);
  if (collection && !role) throw forbidden('You are not a writer or editor of that publication.');
  if (collection && !isEditorRole(role)) {
    post.pendingCollection = collection;
    post.statusForCollection = 'PENDING';
    await snapshot(em, post, viewer);
    return {
      __typename: 'Submitted' as const,
      label: draftLabel({
        statusForCollection: 'PENDING',
        pendingCollectionName: collection.name,
        viewerIsEditorOrAuthor: true,
      }),
    };
  }
  makePublic(post, { collection, unlisted: input.unlisted, now });
  await snapshot(em, post, viewer);
  await purgeCacheTags(em, storyTags(post));
  return { __typename: 'Published' as const, mediumUrl: postPath(post), status: post.status };
}

function makePublic(post: Post, opts: { collection: Collection | null; unlisted: boolean; now: Date }) {
  post.status = opts.unlisted ? 'UNLISTED' : 'PUBLISHED';
  post.type = 'PUBLISHED';
  post.visibility = opts.unlisted ? 'UNLISTED' : post.isLocked ? 'LOCKED' : 'PUBLIC';
  if (opts.collection) {
    post.collection = opts.collection;
    post.pendingCollection = null;
    post.statusForCollection = 'APPROVED';
  }
  post.latestPublishedAt = opts.now;
  post.firstPublishedAt ??= opts.now;
  post.latestPublishedRev = post.latestRev;
  post.slug = slugify(post.title);
  post.uniqueSlug = uniqueSlug(post.title, post.id);
}

/** An editor publishes a story submitted to their publication. */
export async function approveSubmission(em: EntityManager, viewer: User, postId: string, now: Date) {
  const post = await em.findOne(Post, { id: postId }, { populate: ['creator', 'pendingCollection'] });
  if (!post?.pendingCollection || post.statusForCollection !== 'PENDING') throw storyNotFound();
  if (!isEditorRole(await roleIn(em, viewer, post.pendingCollection))) {
    throw forbidden('Only the editors of the publication can approve this story.');
  }
  makePublic(post, { collection: post.pendingCollection, unlisted: false, now });
  await snapshot(em, post, viewer);
  await purgeCacheTags(em, storyTags(post));
  return { __typename: 'Published' as const, mediumUrl: postPath(post), status: post.status };
}

/** Restores an earlier version as a new revision (spec §2 /p/{postId}/revert/{versionId}/{baseRev}). */
export async function revert(
  em: EntityManager,
  viewer: User,
  input: { id: string; versionId: string; baseRev: number },
  now: Date,
) {
  const { post } = await editableStory(em, viewer, input.id);
  const version = await em.findOne(PostVersion, { id: input.versionId, post: post.id });
  if (!version) throw storyNotFound();
  return saveDraft(
    em,
    viewer,
    { id: post.id, baseRev: input.baseRev, title: version.title, content: version.content },
    now,
  );
}

/** Moves a story to the trash (spec §8: '{title} moved to Trash. After 14 days, it'll be permanently deleted.'). */
export async function moveToTrash(em: EntityManager, viewer: User, postId: string, now: Date) {
  const post = await em.findOne(Post, { id: postId }, { populate: ['creator'] });
  if (!post) throw storyNotFound();
  if (post.creator.id !== viewer.id) throw forbidden('Only the author can delete this story.');
  post.deletedAt ??= now;
  await purgeCacheTags(em, storyTags(post));
  return { message: toastTexts.movedToTrash(post.title || 'Untitled story') };
}

/** Takes a story out of the trash; the client then goes to the deleted list with the spec's query flags. */
export async function restoreFromTrash(em: EntityManager, viewer: User, postId: string) {
  const post = await em.findOne(Post, { id: postId }, { populate: ['creator'] });
  if (!post?.deletedAt) throw storyNotFound();
  if (post.creator.id !== viewer.id) throw forbidden('Only the author can restore this story.');
  post.deletedAt = null;
  await purgeCacheTags(em, storyTags(post));
  const tab = post.status === 'DRAFT' ? 'drafts' : post.status === 'UNLISTED' ? 'unlisted' : 'public';
  const params = new URLSearchParams({
    undeletedPost: 'true',
    undeletedPostId: post.id,
    undeletedPostTitle: post.title,
    tab,
  });
  return { redirect: `/me/stories/deleted?${params}` };
}

/** Deletes for good the stories trashed more than 14 days ago (spec §9 trash retention). */
export async function purgeTrash(em: EntityManager, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return em.nativeDelete(Post, { deletedAt: { $lt: cutoff } });
}
