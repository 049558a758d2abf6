import {
  CLAPS_PER_READER_MAX,
  listFieldsInput,
  listItemNoteInput,
  RESPONSES_FIRST_PAGE_SIZE,
  SAVED_AMONG_MAX,
} from '@quire/domain';
import { z } from 'zod';
import { entityId, responsePage, responseText, scoreCursor, slug, timeCursor } from '../schemas';
import { readingListPage } from '../services/bookmarks';
import {
  clapForList,
  createList,
  deleteList,
  followedListsPage,
  followList,
  listBySlugId,
  listResponses,
  listViewerEdge,
  moveListItem,
  popularListsPage,
  respondToList,
  saveChoices,
  savedAmong,
  setListDiscussionClosed,
  setListItem,
  setListItemNote,
  setListResponseHidden,
  updateList,
} from '../services/lists';
import { listShareLinks } from '../services/share';
import {
  authedProcedure,
  listingProcedure,
  ownProcedure,
  publicProcedure,
  router,
  transactionalProcedure,
} from '../trpc';

const catalogId = entityId('list');
const postId = entityId('story');
const itemId = entityId('list item');

/**
 * Reader lists (spec §3 Catalog; §2 /me/lists, /me/list/{catalogSlugId}, /me/lists/following, /collections):
 * the viewer's reading list and own lists, and following and clapping for other readers' lists.
 */
export const listsRouter = router({
  /** /me/list/reading-list: the stories the viewer saved, newest first (empty before their first Save). */
  readingList: authedProcedure
    .input(z.object({ cursor: scoreCursor }))
    .query(({ ctx, input }) => readingListPage(ctx.em, ctx.viewer, input.cursor)),
  /** A new list of the viewer's. */
  create: transactionalProcedure
    .meta({ access: 'own' })
    .input(listFieldsInput)
    .mutation(({ ctx, input }) => createList(ctx.em, ctx.viewer, input)),
  /** Renames, describes or changes the visibility of one of the viewer's lists. */
  update: transactionalProcedure
    .input(listFieldsInput.extend({ catalogId }))
    .mutation(({ ctx, input: { catalogId, ...fields } }) =>
      updateList(ctx.em, ctx.viewer, catalogId, fields),
    ),
  /** Deletes one of the viewer's lists. */
  delete: transactionalProcedure
    .input(z.object({ catalogId }))
    .mutation(({ ctx, input }) => deleteList(ctx.em, ctx.viewer, input.catalogId)),
  /** Adds a story to one of the viewer's lists (listed: true) or takes it out. */
  setItem: transactionalProcedure
    .input(z.object({ catalogId, postId, listed: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setListItem(ctx.em, ctx.viewer, input.catalogId, input.postId, input.listed),
    ),
  /** Moves an item right after another (first when afterItemId is null). */
  moveItem: transactionalProcedure
    .input(z.object({ catalogId, itemId, afterItemId: itemId.nullable() }))
    .mutation(({ ctx, input }) =>
      moveListItem(ctx.em, ctx.viewer, input.catalogId, input.itemId, input.afterItemId),
    ),
  /** The creator's note on an item (empty removes it). */
  setItemNote: transactionalProcedure
    .input(z.object({ catalogId, itemId, note: listItemNoteInput }))
    .mutation(({ ctx, input }) =>
      setListItemNote(ctx.em, ctx.viewer, input.catalogId, input.itemId, input.note),
    ),
  /** What 'Save' offers for a story: the viewer's lists, each saying whether it holds the story. */
  saveChoices: authedProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) => saveChoices(ctx.em, ctx.viewer, input.postId)),
  /** Which of these stories the viewer saved anywhere (a page of cards asks once). */
  saved: ownProcedure
    .input(z.object({ postIds: z.array(postId).max(SAVED_AMONG_MAX) }))
    .query(({ ctx, input }) => savedAmong(ctx.em, ctx.viewer, input.postIds)),
  /** Follows a list (following: true) or stops following it. */
  follow: transactionalProcedure
    .input(z.object({ catalogId, following: z.boolean() }))
    .mutation(({ ctx, input }) => followList(ctx.em, ctx.viewer, input.catalogId, input.following)),
  /** Spec §1 Clap on a list: a burst of 1 to 50 claps (at most 50 in all from one reader). */
  clap: transactionalProcedure
    .input(z.object({ catalogId, count: z.int().min(1).max(CLAPS_PER_READER_MAX) }))
    .mutation(({ ctx, input }) => clapForList(ctx.em, ctx.viewer, input.catalogId, input.count)),
  /** A list by its slug-id (spec §2 /collections/{catalogSlug}); someone else's private list is NOT_FOUND. */
  bySlugId: publicProcedure
    .input(z.object({ catalogSlugId: slug }))
    .query(({ ctx, input }) => listBySlugId(ctx.em, ctx.viewer, input.catalogSlugId)),
  /** Spec §2 /@{username}/list/{catalogSlug}/share/{channel}: the list's address and each network's dialog. */
  shareLinks: publicProcedure
    .input(z.object({ catalogId }))
    .query(({ ctx, input }) => listShareLinks(ctx.em, ctx.viewer, input.catalogId, ctx.env)),
  /** Responds to a list the viewer may see (spec §5: not once its creator closed discussion). */
  respond: transactionalProcedure
    .input(z.object({ catalogId, text: responseText }))
    .mutation(({ ctx, input }) => respondToList(ctx.em, ctx.viewer, input.catalogId, input.text, ctx.now())),
  /** Spec §7 catalog responses refetch (threadedCatalogResponses): a list's responses, 10 at a time. */
  responses: publicProcedure.input(z.object({ catalogId, ...responsePage })).query(({ ctx, input }) =>
    listResponses(ctx.em, ctx.viewer, input.catalogId, {
      cursor: input.cursor,
      sort: input.sort,
      limit: input.limit ?? RESPONSES_FIRST_PAGE_SIZE,
    }),
  ),
  /** The list's creator hides a response ('Response has been hidden from this list.') or shows it again. */
  setResponseHidden: transactionalProcedure
    .input(z.object({ catalogId, responseId: postId, hidden: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setListResponseHidden(ctx.em, ctx.viewer, input.catalogId, input.responseId, input.hidden),
    ),
  /** The list's creator closes its discussion (closed: true) or reopens it. */
  setDiscussionClosed: transactionalProcedure
    .input(z.object({ catalogId, closed: z.boolean() }))
    .mutation(({ ctx, input }) => setListDiscussionClosed(ctx.em, ctx.viewer, input.catalogId, input.closed)),
  /** The viewer's follow and claps on a list, and whether they may change it. */
  viewerEdge: publicProcedure
    .input(z.object({ catalogId }))
    .query(({ ctx, input }) => listViewerEdge(ctx.em, ctx.viewer, input.catalogId)),
  /** /me/lists/following: the lists the viewer follows. */
  following: ownProcedure
    .input(z.object({ cursor: timeCursor }))
    .query(({ ctx, input }) => followedListsPage(ctx.em, ctx.viewer, input.cursor)),
  /** /collections: public lists, most followed first. */
  popular: listingProcedure
    .input(z.object({ cursor: scoreCursor }))
    .query(({ ctx, input }) => popularListsPage(ctx.em, input.cursor)),
});
