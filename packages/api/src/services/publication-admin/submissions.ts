import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import {
  type DeclineSubmissionFields,
  draftLabel,
  PUBLICATION_STORIES_PAGE_SIZE,
  type PublicationStoryFilter,
  quireRoutes,
  type RequestChangesFields,
  publicationStoriesTexts as texts,
} from '@quire/domain';
import { authorize, enforce, loadPolicyViewer, NOT_A_RESPONSE } from '../../policies';
import { purgeStory } from '../cache-purge';
import { afterTime, afterTimeAscending, pageOf, type TimeCursor } from '../keyset';
import { notify } from '../notifications';
import { postPath } from '../posts';
import { approveSubmission, loadSubmission } from '../stories/lifecycle';
import { publicationFor } from './people';

/*
 * A publication's stories as its owner and editors manage them (spec §2 /{collectionSlug}/submissions,
 * /{collectionSlug}/stories[/{filterBy}]): the queue of stories writers submitted, oldest first, and what an
 * editor decides of each — publish it (lifecycle approveSubmission), decline it, or send it back for changes,
 * with a note the writer reads. Every decision is the policy's approveSubmission rule (editors of the
 * publication the story was submitted to) and runs in the caller's transaction, with the writer's notification.
 */

const isOut = (post: Pick<Post, 'status'>) => post.status === 'PUBLISHED' || post.status === 'UNLISTED';

/** Each tab's stories and order; the cursor of a page is the order's time and the story id. */
const TABS: Record<
  Exclude<PublicationStoryFilter, 'scheduled'>,
  {
    where: (collectionId: string) => FilterQuery<Post>;
    field: 'submittedAt' | 'latestPublishedAt' | 'updatedAt';
  }
> = {
  // The queue: stories waiting for an editor, the longest-waiting first.
  submissions: {
    where: (id) => ({ pendingCollection: id, statusForCollection: 'PENDING' }),
    field: 'submittedAt',
  },
  published: {
    where: (id) => ({ collection: id, status: { $in: ['PUBLISHED', 'UNLISTED'] } }),
    field: 'latestPublishedAt',
  },
  // Drafts in the publication (started in it, or sent back to the writer for changes): the stories its editors
  // may already open (policy editPost), not yet submitted; the note tells the ones sent back.
  drafts: {
    where: (id) => ({ pendingCollection: id, statusForCollection: 'NOT_YET_SUBMITTED' }),
    field: 'updatedAt',
  },
};

const LIST_FIELDS = [
  'id',
  'title',
  'subtitle',
  'uniqueSlug',
  'status',
  'statusForCollection',
  'submittedAt',
  'latestPublishedAt',
  'updatedAt',
  'readingTime',
  'wordCount',
  'previewImageId',
  'isLocked',
  'submissionNote',
  'creator.id',
  'creator.name',
  'creator.username',
  'creator.imageId',
  'collection.id',
  'collection.slug',
  'pendingCollection.id',
  'pendingCollection.name',
] as const;

const writerOf = (user: Pick<User, 'id' | 'name' | 'username' | 'imageId'>) => ({
  id: user.id,
  name: user.name,
  username: user.username,
  imageId: user.imageId ?? null,
});

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

const editPath = (postId: string) => quireRoutes.build('ShowPByPostIdEdit', { postId });

/**
 * /{collectionSlug}/stories/{filterBy}: one page of the publication's stories under a tab, for its owner and
 * editors (managePublication), with each tab's count. Submissions read oldest first, the others newest first.
 */
export async function publicationStories(
  em: EntityManager,
  viewer: User,
  input: { slug: string; filterBy: PublicationStoryFilter; cursor?: TimeCursor | null },
) {
  const publication = await publicationFor(em, { slug: input.slug });
  authorize(await loadPolicyViewer(em, viewer), 'managePublication', publication);
  const live = (where: FilterQuery<Post>): FilterQuery<Post> => ({
    $and: [where, { deletedAt: null, ...NOT_A_RESPONSE }],
  });
  const [submissions, published, drafts] = await Promise.all(
    (['submissions', 'published', 'drafts'] as const).map((tab) =>
      em.count(Post, live(TABS[tab].where(publication.id))),
    ),
  );
  const counts = { published: published!, drafts: drafts!, scheduled: 0, submissions: submissions! };
  const header = {
    publication: { id: publication.id, name: publication.name, slug: publication.slug },
    filterBy: input.filterBy,
    counts,
  };
  // Post has no publishing time to come: nothing is ever scheduled.
  if (input.filterBy === 'scheduled') return { ...header, stories: [], next: null };

  const tab = TABS[input.filterBy];
  const oldestFirst = input.filterBy === 'submissions';
  const after = oldestFirst
    ? afterTimeAscending<Post>(tab.field, input.cursor)
    : afterTime<Post>(tab.field, input.cursor);
  const order = oldestFirst ? 'asc' : 'desc';
  const rows = await em.find(
    Post,
    { $and: [live(tab.where(publication.id)), after] },
    {
      fields: LIST_FIELDS,
      orderBy: { [tab.field]: order, id: order },
      limit: PUBLICATION_STORIES_PAGE_SIZE + 1,
    },
  );
  const { rows: page, next } = pageOf(rows, PUBLICATION_STORIES_PAGE_SIZE, (p) => ({
    at: (p[tab.field] ?? new Date(0)).toISOString(),
    id: p.id,
  }));
  return {
    ...header,
    stories: page.map((post) => ({
      id: post.id,
      title: post.title,
      subtitle: post.subtitle ?? null,
      writer: writerOf(post.creator),
      status: post.status,
      statusForCollection: post.statusForCollection ?? null,
      /** Spec §4 draft label as the publication's editors read it; null for a published story. */
      label:
        post.status === 'DRAFT'
          ? draftLabel({
              statusForCollection: post.statusForCollection,
              pendingCollectionName: post.pendingCollection?.name ?? null,
              viewerIsEditorOrAuthor: true,
            })
          : null,
      submittedAt: iso(post.submittedAt),
      publishedAt: iso(post.latestPublishedAt),
      updatedAt: post.updatedAt.toISOString(),
      readingTime: post.readingTime,
      wordCount: post.wordCount,
      previewImageId: post.previewImageId ?? null,
      isLocked: post.isLocked,
      /** The story's page, for a story readers can see (published here or elsewhere); null for a draft. */
      mediumUrl: isOut(post) ? postPath(post) : null,
      /** Where its editors open it (policy editPost lets them). */
      editUrl: editPath(post.id),
      /** What an editor told the writer when sending it back. */
      note: post.submissionNote ?? null,
    })),
    next,
  };
}

/**
 * A submission's text for its reviewing editor: what approving it publishes (the story's own title and text;
 * a published story's text is what the writer submitted), with its writer and publication.
 */
export async function submissionPreview(em: EntityManager, viewer: User, postId: string) {
  const post = await loadSubmission(em, postId);
  await enforce(em, viewer, 'approveSubmission', post);
  const publication = post.pendingCollection!;
  return {
    id: post.id,
    title: post.title,
    subtitle: post.subtitle ?? null,
    paragraphs: post.content.paragraphs,
    writer: writerOf(post.creator),
    publication: { id: publication.id, name: publication.name, slug: publication.slug },
    status: post.status,
    submittedAt: iso(post.submittedAt),
    readingTime: post.readingTime,
    wordCount: post.wordCount,
    isLocked: post.isLocked,
    mediumUrl: isOut(post) ? postPath(post) : null,
    editUrl: editPath(post.id),
  };
}

/** Publishes a submission in its publication (lifecycle approveSubmission, which tells the writer). */
export async function approvePublicationSubmission(
  em: EntityManager,
  viewer: User,
  postId: string,
  now: Date,
) {
  const published = await approveSubmission(em, viewer, postId, now);
  const post = await em.findOneOrFail(Post, postId, { populate: ['collection'] });
  return {
    ...published,
    id: post.id,
    statusForCollection: post.statusForCollection!,
    message: texts.approved(post.collection?.name ?? ''),
  };
}

/** A submission an editor of its publication decides on, locked until commit. */
async function decidedSubmission(em: EntityManager, viewer: User, postId: string) {
  const post = await loadSubmission(em, postId, { lock: true });
  await enforce(em, viewer, 'approveSubmission', post);
  return post;
}

/**
 * Drops the cached pages of a story readers see (submitted from elsewhere, it stays published where it is; its
 * page shows it submitted); a draft has no cached page.
 */
async function purgeIfOut(em: EntityManager, post: Post) {
  if (isOut(post)) await purgeStory(em, post);
}

/**
 * Declines a submission: the story leaves the publication's queue (REJECTED) and stays its writer's, as it was
 * (a story published elsewhere stays published there). The publication gives up its claim: pendingCollection is
 * cleared, so it no longer lists the story and its editors may no longer edit it (policy editPost); the
 * notification keeps which publication it was.
 */
export async function declineSubmission(
  em: EntityManager,
  viewer: User,
  input: { postId: string } & DeclineSubmissionFields,
  now: Date,
) {
  const post = await decidedSubmission(em, viewer, input.postId);
  const publication = post.pendingCollection!;
  post.pendingCollection = null;
  return sendBack(em, viewer, post, {
    status: 'REJECTED',
    note: input.note,
    type: 'collection_post_declined',
    publication,
    message: texts.declined,
    now,
  });
}

/**
 * Sends a submission back to its writer as a draft of the publication (NOT_YET_SUBMITTED, pendingCollection
 * kept: its drafts tab lists it and its editors may still open it), with a note saying what to change. The
 * writer submits it again by publishing it to the publication.
 */
export async function requestSubmissionChanges(
  em: EntityManager,
  viewer: User,
  input: { postId: string } & RequestChangesFields,
  now: Date,
) {
  const post = await decidedSubmission(em, viewer, input.postId);
  return sendBack(em, viewer, post, {
    status: 'NOT_YET_SUBMITTED',
    note: input.note,
    type: 'collection_post_changes_requested',
    publication: post.pendingCollection!,
    message: texts.changesRequested,
    now,
  });
}

/** Gives a submission back to its writer with the editors' note, and tells them. */
async function sendBack(
  em: EntityManager,
  viewer: User,
  post: Post,
  to: {
    status: 'REJECTED' | 'NOT_YET_SUBMITTED';
    note: string | null;
    type: 'collection_post_declined' | 'collection_post_changes_requested';
    publication: NonNullable<Post['pendingCollection']>;
    message: string;
    now: Date;
  },
) {
  post.statusForCollection = to.status;
  post.submittedAt = null;
  post.submissionNote = to.note;
  await em.flush();
  await notify(em, {
    recipient: post.creator,
    type: to.type,
    actor: viewer,
    collection: to.publication,
    post,
    occurredAt: to.now,
  });
  await purgeIfOut(em, post);
  return { id: post.id, statusForCollection: post.statusForCollection, message: to.message };
}
