import {
  CLAPS_PER_READER_MAX,
  License,
  RESPONSES_FIRST_PAGE_SIZE,
  STORY_INFO_ORDERS,
  textInput,
} from '@quire/domain';
import { parseContent } from '@quire/editor';
import { z } from 'zod';
import { entityId, responsePage, responseText, slug, timeCursor, timeOrScoreCursor } from '../schemas';
import { setBookmarked } from '../services/bookmarks';
import { clapForStory, storyClappers, undoClaps } from '../services/claps';
import { FOR_YOU_MAX_OFFSET, forYouFeed, showFewerLikeThis, undoShowFewer } from '../services/feed';
import { readNext } from '../services/home-modules';
import { paywallReaderOf } from '../services/paywall';
import { postForViewer, storyHeader } from '../services/posts';
import {
  respondToStory,
  setDiscussionClosed,
  setResponseHidden,
  storyResponses,
} from '../services/responses';
import { storyShareLinks } from '../services/share';
import { friendLinkFor, storyForEditor } from '../services/stories/editor-state';
import { MAX_TOPICS } from '../services/stories/lifecycle';
import { myStories, STORY_FILTERS } from '../services/stories/my-stories';
import {
  approveStory,
  autosave,
  discardStoryChanges,
  publishStory,
  publishStoryChanges,
  revertStory,
  startDraft,
  storyVersions,
  trashStory,
  untrashStory,
} from '../services/stories/operations';
import { storyInfo } from '../services/story-info';
import { listedStoryPage } from '../services/story-lists';
import { postViewerEdge } from '../services/viewer-edges';
import { authedProcedure, publicProcedure, router, transactionalProcedure } from '../trpc';

const postId = entityId('story');
const rev = z.number().int().min(0);
/** The paragraph model, checked as the editor's schema sees it (unknown types, stray markups, names). */
const storyContent = z.unknown().transform((value, ctx) => {
  try {
    return parseContent(value, { allowIframe: true });
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
const title = textInput().max(300, 'A title has at most 300 characters.');

export const postsRouter = router({
  /** Newest published stories for the home page, keyset-paged. */
  latest: publicProcedure
    .input(
      z.object({
        limit: z.number().int().min(1).max(50).default(20),
        cursor: timeCursor,
      }),
    )
    .query(({ ctx, input }) =>
      listedStoryPage(ctx.em, null, input.cursor, {
        limit: input.limit,
        cacheMs: ctx.env.forYouCacheMs,
      }),
    ),
  /**
   * The home page's For you feed: the newest stories ranked for the reader (followed writers, publications
   * and topics, engagement, recency; no writer floods a page), offset-paged.
   */
  forYou: publicProcedure
    .input(
      z.object({
        limit: z.number().int().min(1).max(50).default(20),
        cursor: z.number().int().min(0).max(FOR_YOU_MAX_OFFSET).nullish(),
      }),
    )
    .query(({ ctx, input }) =>
      forYouFeed(ctx.em, ctx.viewer, {
        offset: input.cursor ?? 0,
        limit: input.limit,
        cacheMs: ctx.env.forYouCacheMs,
      }),
    ),
  /**
   * 'Read next' under a story (spec §9 READ_NEXT_SIDEBAR): more from its writer, its publication and its topic,
   * as story cards; NOT_FOUND for a story the viewer may not read.
   */
  readNext: publicProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) =>
      readNext(ctx.em, ctx.viewer, input.postId, { cacheMs: ctx.env.forYouCacheMs }),
    ),
  /** Spec §7 PostViewerEdgeQuery: the viewer's claps, reading list and (for its author) share key. */
  viewerEdge: publicProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => postViewerEdge(ctx.em, ctx.viewer, input.postId)),
  /** Spec §1 Clap: a burst of 1 to 50 claps from the viewer (at most 50 in all on one story). */
  clap: transactionalProcedure
    .input(z.object({ postId, count: z.int().min(1).max(CLAPS_PER_READER_MAX) }))
    .mutation(({ ctx, input }) => clapForStory(ctx.em, ctx.viewer, input.postId, input.count)),
  /** Takes back the viewer's claps on a story. */
  undoClaps: transactionalProcedure
    .input(z.object({ postId }))
    .mutation(({ ctx, input }) => undoClaps(ctx.em, ctx.viewer, input.postId)),
  /** Spec §1 Bookmark: saves the story to the viewer's reading list, or (saved: false) takes it out. */
  bookmark: transactionalProcedure
    .input(z.object({ postId, saved: z.boolean() }))
    .mutation(({ ctx, input }) => setBookmarked(ctx.em, ctx.viewer, input.postId, input.saved)),
  /**
   * Spec §1 Respond: publishes the viewer's response to a story, or their reply to a response down to the
   * depth limit (a story of its own on their profile).
   */
  respond: transactionalProcedure
    .input(z.object({ postId, text: responseText }))
    .mutation(({ ctx, input }) => respondToStory(ctx.em, ctx.viewer, input.postId, input.text, ctx.now())),
  /** Spec §7 threaded responses refetch: a story's responses, or a response's replies, a page of 10 at a time. */
  responses: publicProcedure.input(z.object({ postId, ...responsePage })).query(({ ctx, input }) =>
    storyResponses(ctx.em, ctx.viewer, input.postId, {
      cursor: input.cursor,
      sort: input.sort,
      limit: input.limit ?? RESPONSES_FIRST_PAGE_SIZE,
    }),
  ),
  /** Spec §6: the story's author hides a response from it (toast 'Response has been hidden from this story.'). */
  hideResponse: transactionalProcedure
    .input(z.object({ parentPostId: postId, postResponseId: postId }))
    .mutation(({ ctx, input }) =>
      setResponseHidden(ctx.em, ctx.viewer, input.parentPostId, input.postResponseId, true),
    ),
  /** A story's title, address and response facts for the pages about it (no text: no free read spent). */
  header: publicProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => storyHeader(ctx.em, ctx.viewer, input.postId)),
  /** Spec §2 `/p/{postId}/share/{channel}`: the story's address and each network's share dialog for it. */
  shareLinks: publicProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => storyShareLinks(ctx.em, ctx.viewer, input.postId, ctx.env)),
  /** Spec §2 `/p/{postId}/upvotes`: who clapped for the story, most recent first. */
  clappers: publicProcedure
    .input(
      z.object({
        postId,
        order: z.enum(STORY_INFO_ORDERS).default('newest'),
        cursor: timeOrScoreCursor,
      }),
    )
    .query(({ ctx, input }) => storyClappers(ctx.em, ctx.viewer, input.postId, input.cursor, input.order)),
  /** Spec §2 `/p/{postId}/info`: the story's facts and reader counts for its details page. */
  info: publicProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => storyInfo(ctx.em, ctx.viewer, input.postId)),
  /** Spec §5: the story's author closes its discussion (closed: true) or reopens it. */
  setDiscussionClosed: transactionalProcedure
    .input(z.object({ postId, closed: z.boolean() }))
    .mutation(({ ctx, input }) => setDiscussionClosed(ctx.em, ctx.viewer, input.postId, input.closed)),
  /** Spec §7 unhidePostResponseOnParentPost: the Undo of hiding a response. */
  unhideResponse: transactionalProcedure
    .input(z.object({ parentPostId: postId, postResponseId: postId }))
    .mutation(({ ctx, input }) =>
      setResponseHidden(ctx.em, ctx.viewer, input.parentPostId, input.postResponseId, false),
    ),
  /** Spec §8 'Got it. You will see fewer stories like this.' */
  showFewer: authedProcedure
    .input(z.object({ postId }))
    .mutation(({ ctx, input }) => showFewerLikeThis(ctx.em, ctx.viewer, input.postId)),
  /** Spec §8 'Undone. This story has been added back.' */
  undoShowFewer: authedProcedure
    .input(z.object({ postId }))
    .mutation(({ ctx, input }) => undoShowFewer(ctx.em, ctx.viewer, input.postId)),
  /** One story for its page, as a spec §3 PostResult: the story, or why the viewer cannot see it. */
  byId: publicProcedure
    .input(z.object({ id: postId, shareKey: textInput().max(64).nullish() }))
    .query(({ ctx, input }) =>
      postForViewer(ctx.em, paywallReaderOf(ctx), input.id, input.shareKey, {
        cacheMs: ctx.env.forYouCacheMs,
      }),
    ),

  /** Starts a draft (spec §2 /new-story, /{collectionSlug}/new-story). */
  createDraft: authedProcedure
    .input(z.object({ collectionSlug: slug.optional() }))
    .mutation(({ ctx, input }) => startDraft(ctx.em, ctx.viewer, input)),

  /** What the editor opens: the working text and settings of a story the viewer may edit. */
  editorState: authedProcedure
    .input(z.object({ id: postId }))
    .query(({ ctx, input }) => storyForEditor(ctx.em, ctx.viewer, input.id)),

  /** Autosave with a base revision: a stale base is a Conflict, and nothing is overwritten. */
  save: authedProcedure
    .input(z.object({ id: postId, baseRev: rev, title, content: storyContent }))
    .mutation(({ ctx, input }) => autosave(ctx.em, ctx.viewer, input, ctx.now())),

  /** 'Publish changes': a published story's unpublished changes go live. */
  publishChanges: authedProcedure
    .input(z.object({ id: postId, baseRev: rev }))
    .mutation(({ ctx, input }) => publishStoryChanges(ctx.em, ctx.viewer, input)),

  /** 'Discard changes': a published story's unpublished changes are dropped; answers the published text. */
  discardChanges: authedProcedure
    .input(z.object({ id: postId, baseRev: rev }))
    .mutation(({ ctx, input }) => discardStoryChanges(ctx.em, ctx.viewer, input)),

  /** Publishes, or submits to a publication for approval. */
  publish: authedProcedure
    .input(
      z.object({
        id: postId,
        baseRev: rev,
        title: title.optional(),
        subtitle: textInput().max(500).nullish(),
        previewTitle: textInput().max(300).nullish(),
        previewSubtitle: textInput().max(500).nullish(),
        previewImageId: textInput().max(200).nullish(),
        topics: z
          .array(textInput().trim().min(1).max(50))
          .max(MAX_TOPICS, `Add up to ${MAX_TOPICS} topics.`)
          .default([]),
        collectionId: entityId('publication').nullish(),
        isLocked: z.boolean().default(false),
        license: z.enum(License).default('ALL_RIGHTS_RESERVED'),
        unlisted: z.boolean().default(false),
        emailSubscribers: z.boolean().default(true),
      }),
    )
    .mutation(({ ctx, input }) => publishStory(ctx.em, ctx.viewer, input, ctx.now())),

  /** An editor publishes a submitted story. */
  approveSubmission: authedProcedure
    .input(z.object({ id: postId }))
    .mutation(({ ctx, input }) => approveStory(ctx.em, ctx.viewer, input.id, ctx.now())),

  /** A story's saved versions, newest first. */
  versions: authedProcedure
    .input(z.object({ id: postId }))
    .query(({ ctx, input }) => storyVersions(ctx.em, ctx.viewer, input.id)),

  /** Restores a version (spec §2 /p/{postId}/revert/{versionId}/{baseRev}). */
  revert: authedProcedure
    .input(z.object({ id: postId, versionId: entityId('version'), baseRev: rev }))
    .mutation(({ ctx, input }) => revertStory(ctx.em, ctx.viewer, input, ctx.now())),

  /** Spec §7 deletePost: to the trash for 14 days. */
  delete: authedProcedure
    .input(z.object({ targetPostId: postId }))
    .mutation(({ ctx, input }) => trashStory(ctx.em, ctx.viewer, input.targetPostId, ctx.now())),

  /** Spec §7 undeletePost: back from the trash; answers where to go. */
  undelete: authedProcedure
    .input(z.object({ targetPostId: postId }))
    .mutation(({ ctx, input }) => untrashStory(ctx.em, ctx.viewer, input.targetPostId)),

  /** Spec §2 /me/stories/{filterBy}. */
  mine: authedProcedure
    .input(
      z.object({
        filterBy: z.enum(STORY_FILTERS).default('drafts'),
        limit: z.number().int().min(1).max(100).default(50),
      }),
    )
    .query(({ ctx, input }) => myStories(ctx.em, ctx.viewer, input.filterBy, input.limit)),

  /** Spec §1 friend link: the story URL with source=friends_link and the author's share key. */
  friendLink: authedProcedure
    .input(z.object({ id: postId }))
    .query(({ ctx, input }) => friendLinkFor(ctx.em, ctx.viewer, input.id, ctx.env.publicUrl)),
});
