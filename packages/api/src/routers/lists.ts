import { Catalog } from '@quire/db';
import { z } from 'zod';
import { listItemsPage } from '../services/profile-activity';
import { authedProcedure, router } from '../trpc';
import { scoreCursor } from './discovery';

/** The viewer's own lists (spec §2 Your pages: /me/lists, /me/list/{catalogSlugId}). */
export const listsRouter = router({
  /** /me/list/reading-list: the stories the viewer saved, newest first (empty before their first Save). */
  readingList: authedProcedure.input(z.object({ cursor: scoreCursor })).query(async ({ ctx, input }) => {
    const list = await ctx.em.findOne(Catalog, { creator: ctx.viewer.id, predefined: 'READING_LIST' });
    if (!list) return { itemCount: 0, posts: [], next: null };
    return { itemCount: list.itemsCount, ...(await listItemsPage(ctx.em, list, input.cursor)) };
  }),
});
