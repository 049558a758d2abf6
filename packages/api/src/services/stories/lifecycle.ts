import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CollectionMember, Post, PostTag, PostVersion, Tag, type User } from '@quire/db';
import {
  accessTexts,
  contentText,
  draftLabel,
  isAllowedIframe,
  type License,
  type PostContent,
  publicationStoriesTexts,
  readingTimeMinutes,
  slugify,
  storyRevisionTexts,
  TRASH_RETENTION_DAYS,
  toastTexts,
  uniqueSlug,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { allows, authorize, can, enforce, loadPolicyViewer, type PostSubject } from '../../policies';
import { purgeStory, storyTopicIds } from '../cache-purge';
import { readFlag } from '../flags';
import { lockUntilCommit } from '../locks';
import { notifyMentions } from '../mentions';
import { mailNewStory } from '../newsletters/issues';
import { notify } from '../notifications';
import { postPath, storyNotFound } from '../posts';

/** A story is versioned at most this often while autosaving; publishing always versions it. */
const VERSION_EVERY_MS = 5 * 60 * 1000;
export const MAX_TOPICS = 5;

const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const storyChanged = () => new TRPCError({ code: 'CONFLICT', message: storyRevisionTexts.storyChanged });

/** Published and unlisted stories have readers: edits to them wait until the writer publishes them. */
const isOut = (post: Post) => post.status === 'PUBLISHED' || post.status === 'UNLISTED';

/** Loads a story with what the access rules read of it (its writer and publications), or throws NOT_FOUND. */
export async function loadStory(em: EntityManager, postId: string) {
  const post = await em.findOne(
    Post,
    { id: postId },
    { populate: ['creator', 'collection', 'pendingCollection'] },
  );
  if (!post) throw storyNotFound();
  return post;
}

/** Loads a story the viewer may edit, or throws the policy's refusal (editPost). */
export async function editableStory(em: EntityManager, viewer: User, postId: string) {
  const post = await loadStory(em, postId);
  await enforce(em, viewer, 'editPost', post);
  return post;
}

const cleanTitle = (title: string) => title.trim().slice(0, 300);

function applyContent(post: Post, title: string, content: PostContent) {
  post.title = cleanTitle(title);
  post.content = content;
  const words = contentText(content).split(/\s+/).filter(Boolean).length;
  post.wordCount = words;
  post.readingTime = readingTimeMinutes(content);
  post.previewImageId ??= content.paragraphs.find((p) => p.type === 'IMG')?.metadata?.id ?? null;
}

/**
 * A published story's unpublished changes: the version at its latest revision when that is above the published
 * one. Readers, feeds and search read the story's own title and content, which stay the published text.
 */
async function pendingVersion(em: EntityManager, post: Post) {
  if (!isOut(post) || post.latestRev <= post.latestPublishedRev) return null;
  return em.findOne(PostVersion, { post: post.id, rev: post.latestRev });
}

/** The text the writer works on: a published story's unpublished changes, else the story's own text. */
export async function workingText(em: EntityManager, post: Post) {
  const pending = await pendingVersion(em, post);
  return pending
    ? { title: pending.title, content: pending.content, hasPendingChanges: true }
    : { title: post.title, content: post.content, hasPendingChanges: false };
}

/** Spec §5: a story needs a title and some text (or an image) to be published. */
function checkPublishable(title: string, content: PostContent) {
  if (!title) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Add a title before publishing.' });
  if (!content.paragraphs.some((p) => p.text.trim() || p.type === 'IMG')) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Write something before publishing.' });
  }
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
    if (!pendingCollection || !(await allows(em, viewer, 'writeForPublication', pendingCollection))) {
      throw forbidden(accessTexts.writeForPublication);
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

/**
 * Autosave: applies the editor's text if it was based on the latest revision, else reports a conflict. A draft
 * takes the text at once; a published story keeps it as unpublished changes until publishChanges.
 */
export async function saveDraft(
  em: EntityManager,
  viewer: User,
  input: { id: string; baseRev: number; title: string; content: PostContent },
  now: Date,
) {
  const post = await editableStory(em, viewer, input.id);
  await checkEmbeds(em, viewer, input.content);
  if (input.baseRev !== post.latestRev) {
    const current = await workingText(em, post);
    return {
      __typename: 'Conflict' as const,
      message:
        'This story was changed in another tab or window. Your text here is kept; copy what you need, then reload.',
      latestRev: post.latestRev,
      title: current.title,
      content: current.content,
    };
  }
  if (isOut(post)) {
    await savePendingChanges(em, post, input, viewer, now);
    return { __typename: 'Saved' as const, rev: post.latestRev };
  }
  applyContent(post, input.title, input.content);
  post.latestRev += 1;
  const last = await em.findOne(PostVersion, { post: post.id }, { orderBy: { rev: 'desc' } });
  if (!last || now.getTime() - last.createdAt.getTime() > VERSION_EVERY_MS) await snapshot(em, post, viewer);
  return { __typename: 'Saved' as const, rev: post.latestRev };
}

/**
 * Keeps an edit of a published story as the version of the next revision, moving the pending version up while
 * it is recent (one version per few minutes of editing, as drafts get).
 */
async function savePendingChanges(
  em: EntityManager,
  post: Post,
  text: { title: string; content: PostContent },
  by: User,
  now: Date,
) {
  const previous = await pendingVersion(em, post);
  post.latestRev += 1;
  const change = { rev: post.latestRev, title: cleanTitle(text.title), content: text.content };
  if (previous && now.getTime() - previous.createdAt.getTime() <= VERSION_EVERY_MS)
    Object.assign(previous, change);
  else em.create(PostVersion, { post, createdBy: by, ...change });
}

/** The published text of a story, paragraph by paragraph (where its mentions are). */
const paragraphTexts = (post: Post) => post.content.paragraphs.map((p) => p.text ?? '');

/** 'Publish changes': a published story's unpublished changes become what readers see. */
export async function publishChanges(
  em: EntityManager,
  viewer: User,
  input: { id: string; baseRev: number },
) {
  const post = await editableStory(em, viewer, input.id);
  if (input.baseRev !== post.latestRev) throw storyChanged();
  const pending = await pendingVersion(em, post);
  if (!pending) throw new TRPCError({ code: 'BAD_REQUEST', message: storyRevisionTexts.noPendingChanges });
  checkPublishable(pending.title, pending.content);
  applyContent(post, pending.title, pending.content);
  post.latestPublishedRev = post.latestRev;
  post.slug = slugify(post.title);
  post.uniqueSlug = uniqueSlug(post.title, post.id);
  await notifyMentions(em, viewer, post, paragraphTexts(post));
  await purgeStory(em, post);
  return { __typename: 'Published' as const, mediumUrl: postPath(post), status: post.status };
}

/**
 * 'Discard changes': the published text becomes the latest revision again, so the editor reopens on it and a tab
 * still on the discarded text gets a conflict. The discarded versions stay in the story's history.
 */
export async function discardChanges(
  em: EntityManager,
  viewer: User,
  input: { id: string; baseRev: number },
) {
  const post = await editableStory(em, viewer, input.id);
  if (input.baseRev !== post.latestRev) throw storyChanged();
  if (!(await pendingVersion(em, post)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: storyRevisionTexts.noPendingChanges });
  post.latestRev += 1;
  post.latestPublishedRev = post.latestRev;
  return { rev: post.latestRev, title: post.title, content: post.content };
}

/**
 * Sets a story's topics (at most MAX_TOPICS, by slug, in order). Answers the ids of the topics it was on and is on
 * now, whose pages list it (a topic made here has none yet).
 */
export async function setTopics(em: EntityManager, post: Post, names: string[]): Promise<string[]> {
  const slugs = [...new Set(names.map((n) => slugify(n)).filter(Boolean))].slice(0, MAX_TOPICS);
  const touched = new Set(await storyTopicIds(em, post.id));
  await em.nativeDelete(PostTag, { post: post.id });
  let position = 0;
  for (const slug of slugs) {
    const name = names.find((n) => slugify(n) === slug)!.trim();
    const found = await em.findOne(Tag, { slug });
    if (found) touched.add(found.id);
    em.create(PostTag, { post, tag: found ?? em.create(Tag, { slug, name }), position: position++ });
  }
  return [...touched];
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
  /** Email the story to the writer's newsletter subscribers when it is first published (default on). */
  emailSubscribers?: boolean;
}

/**
 * Publishes a story (with any unpublished changes), or submits it to a publication for its editors (a writer
 * cannot publish into a publication without approval; the draft becomes PENDING).
 */
export async function publish(em: EntityManager, viewer: User, input: PublishInput, now: Date) {
  const post = await editableStory(em, viewer, input.id);
  if (input.baseRev !== post.latestRev) throw storyChanged();
  const named = input.collectionId ? await em.findOne(Collection, { id: input.collectionId }) : null;
  if (input.collectionId && !named)
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'That publication does not exist.' });
  // A story already in an archived publication is published again where it is: nobody reviews there any more.
  const collection = named?.archivedAt && named.id === post.collection?.id ? null : named;
  const policyViewer = await loadPolicyViewer(em, viewer);
  if (collection) authorize(policyViewer, 'writeForPublication', collection);
  // Putting a story behind the paywall is decided for the story where it is going.
  if (input.isLocked && !post.isLocked)
    authorize(policyViewer, 'lockPost', goingTo(post, collection ?? post.collection ?? null));

  const text = await workingText(em, post);
  const title = input.title !== undefined ? cleanTitle(input.title) : text.title;
  checkPublishable(title, text.content);
  if (text.hasPendingChanges) applyContent(post, text.title, text.content);
  post.title = title;
  post.subtitle = input.subtitle ?? post.subtitle ?? null;
  post.previewTitle = input.previewTitle ?? null;
  post.previewSubtitle = input.previewSubtitle ?? null;
  if (input.previewImageId !== undefined) post.previewImageId = input.previewImageId;
  post.license = input.license;
  post.isLocked = input.isLocked;
  post.lockedSource = input.isLocked ? 'UGC' : 'NONE';
  if (input.emailSubscribers !== undefined) post.emailSubscribers = input.emailSubscribers;
  const topicIds = await setTopics(em, post, input.topics);

  if (collection && !can(policyViewer, 'managePublication', collection)) {
    const resubmitted =
      post.pendingCollection?.id === collection.id && post.statusForCollection === 'PENDING';
    post.pendingCollection = collection;
    post.statusForCollection = 'PENDING';
    // A story sent in again keeps its place in the queue; an editor's earlier note is answered by the new text.
    if (!resubmitted) post.submittedAt = now;
    post.submissionNote = null;
    await snapshot(em, post, viewer);
    if (!resubmitted) await tellEditorsOfSubmission(em, viewer, collection, now);
    // A story already out keeps its readers, who now get the text it was submitted with.
    if (isOut(post)) {
      post.latestPublishedRev = post.latestRev;
      await purgeStory(em, post, topicIds);
    }
    return {
      __typename: 'Submitted' as const,
      label: draftLabel({
        statusForCollection: 'PENDING',
        pendingCollectionName: collection.name,
        viewerIsEditorOrAuthor: true,
      }),
    };
  }
  const firstPublish = !post.firstPublishedAt;
  makePublic(post, { collection, unlisted: input.unlisted, now });
  await snapshot(em, post, viewer);
  await mailNewStory(em, post, { firstPublish });
  await notifyMentions(em, viewer, post, paragraphTexts(post));
  await purgeStory(em, post, topicIds);
  return { __typename: 'Published' as const, mediumUrl: postPath(post), status: post.status };
}

/**
 * Tells the publication's owner and editors that a story came in ('collection_post_submitted_rollup'), in the
 * submission's transaction: one row per editor and publication while unread, folding in each new writer.
 */
async function tellEditorsOfSubmission(em: EntityManager, writer: User, collection: Collection, now: Date) {
  const editors = await em.find(
    CollectionMember,
    { collection: collection.id, role: { $in: ['OWNER', 'EDITOR'] }, user: { isDeleted: false } },
    { fields: ['user'] },
  );
  for (const editor of editors) {
    await notify(em, {
      recipient: editor.user.id,
      type: 'collection_post_submitted_rollup',
      actor: writer,
      collection,
      rollupKey: `collection_post_submitted_rollup:${collection.id}`,
      occurredAt: now,
    });
  }
}

/** The story as the policy sees it once published in `collection` (or where it is). */
export function goingTo(post: Post, collection: Collection | null): PostSubject {
  return {
    status: post.status,
    visibility: post.visibility,
    isSuspended: post.isSuspended,
    isLocked: post.isLocked,
    creator: post.creator,
    collection,
    pendingCollection: post.pendingCollection ?? null,
  };
}

function makePublic(post: Post, opts: { collection: Collection | null; unlisted: boolean; now: Date }) {
  post.status = opts.unlisted ? 'UNLISTED' : 'PUBLISHED';
  post.type = 'PUBLISHED';
  post.visibility = opts.unlisted ? 'UNLISTED' : post.isLocked ? 'LOCKED' : 'PUBLIC';
  if (opts.collection) {
    post.collection = opts.collection;
    post.pendingCollection = null;
    post.statusForCollection = 'APPROVED';
    post.submissionNote = null;
  }
  post.latestPublishedAt = opts.now;
  post.firstPublishedAt ??= opts.now;
  post.latestPublishedRev = post.latestRev;
  post.slug = slugify(post.title);
  post.uniqueSlug = uniqueSlug(post.title, post.id);
}

/**
 * A story waiting for its publication's review (PENDING, not in the trash), with its writer and publications;
 * NOT_FOUND for any other id, so a story's existence tells nothing. With `lock`, editors' decisions on one
 * story take turns until commit (inside a transaction). The caller asks the policy (approveSubmission).
 */
export async function loadSubmission(em: EntityManager, postId: string, opts: { lock?: boolean } = {}) {
  if (opts.lock) await lockUntilCommit(em, `submission:${postId}`);
  const post = await em.findOne(
    Post,
    { id: postId },
    { populate: ['creator', 'collection', 'pendingCollection'], refresh: !!opts.lock },
  );
  if (!post?.pendingCollection || post.statusForCollection !== 'PENDING' || post.deletedAt)
    throw new TRPCError({ code: 'NOT_FOUND', message: publicationStoriesTexts.notASubmission });
  return post;
}

/** An editor publishes a story submitted to their publication, and tells its writer. */
export async function approveSubmission(em: EntityManager, viewer: User, postId: string, now: Date) {
  const post = await loadSubmission(em, postId, { lock: true });
  await enforce(em, viewer, 'approveSubmission', post);
  const publication = post.pendingCollection!;
  const firstPublish = !post.firstPublishedAt;
  makePublic(post, { collection: publication, unlisted: false, now });
  await snapshot(em, post, viewer);
  await mailNewStory(em, post, { firstPublish });
  await notify(em, {
    recipient: post.creator,
    type: 'collection_post_approved',
    actor: viewer,
    collection: publication,
    post,
    occurredAt: now,
  });
  await purgeStory(em, post);
  return { __typename: 'Published' as const, mediumUrl: postPath(post), status: post.status };
}

/** Restores an earlier version as a new revision (spec §2 /p/{postId}/revert/{versionId}/{baseRev}). */
export async function revert(
  em: EntityManager,
  viewer: User,
  input: { id: string; versionId: string; baseRev: number },
  now: Date,
) {
  const post = await editableStory(em, viewer, input.id);
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
  const post = await loadStory(em, postId);
  await enforce(em, viewer, 'deletePost', post);
  post.deletedAt ??= now;
  await purgeStory(em, post);
  return { message: toastTexts.movedToTrash(post.title || 'Untitled story') };
}

/** Takes a story out of the trash; the client then goes to the deleted list with the spec's query flags. */
export async function restoreFromTrash(em: EntityManager, viewer: User, postId: string) {
  const post = await loadStory(em, postId);
  if (!post.deletedAt) throw storyNotFound();
  await enforce(em, viewer, 'restorePost', post);
  post.deletedAt = null;
  await purgeStory(em, post);
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
