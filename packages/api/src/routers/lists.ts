import { z } from 'zod';
import { scoreCursor } from '../schemas';
import { readingListPage } from '../services/bookmarks';
import { authedProcedure, router } from '../trpc';

/** The viewer's own lists (spec §2 Your pages: /me/lists, /me/list/{catalogSlugId}). */
export const listsRouter = router({
  /** /me/list/reading-list: the stories the viewer saved, newest first (empty before their first Save). */
  readingList: authedProcedure
    .input(z.object({ cursor: scoreCursor }))
    .query(({ ctx, input }) => readingListPage(ctx.em, ctx.viewer, input.cursor)),
});
