import type { EntityManager } from '@mikro-orm/postgresql';
import { Catalog, CatalogItem, type User } from '@quire/db';
import { bookmarkTexts, type ReadingListKind } from '@quire/domain';
import type { ScoreCursor } from './keyset';
import { listItemsPage } from './lists';
import { lockUntilCommit } from './locks';
import { readableStory } from './posts';

/** Where a story stands in the viewer's lists after a save or unsave (spec §3 viewerEdge.readingList). */
export interface BookmarkState {
  postId: string;
  readingList: ReadingListKind | null;
}

/** The viewer's reading list (spec §3 predefined READING_LIST), made on first use; private to its owner. */
async function readingListOf(em: EntityManager, viewer: User): Promise<Catalog> {
  // One list per reader even when two saves race to make it.
  await lockUntilCommit(em, `reading-list:${viewer.id}`);
  const existing = await em.findOne(Catalog, { creator: viewer.id, predefined: 'READING_LIST' });
  if (existing) return existing;
  const list = em.create(Catalog, {
    creator: viewer,
    name: bookmarkTexts.readingList,
    type: 'PREDEFINED_LIST',
    predefined: 'READING_LIST',
    visibility: 'PRIVATE',
  });
  await em.flush();
  return list;
}

/**
 * Spec §1 Bookmark (§7 /_/bookmark/p/{postId}): saves a story the viewer may read to their reading list, newest
 * first, or takes it out. Saving twice or removing what is not there changes nothing. Runs in the caller's
 * transaction.
 */
export async function setBookmarked(
  em: EntityManager,
  viewer: User,
  postId: string,
  saved: boolean,
): Promise<BookmarkState> {
  const post = await readableStory(em, viewer, postId);
  const list = await readingListOf(em, viewer);
  const item = await em.findOne(CatalogItem, { catalog: list.id, post: post.id });
  if (saved && !item) {
    // Newest first: each saved story goes before the list's current first one.
    const [first] = await em.find(
      CatalogItem,
      { catalog: list.id },
      { orderBy: { position: 'asc' }, limit: 1 },
    );
    em.create(CatalogItem, { catalog: list, itemType: 'POST', post, position: (first?.position ?? 1) - 1 });
    list.itemsCount += 1;
  } else if (!saved && item) {
    em.remove(item);
    list.itemsCount = Math.max(0, list.itemsCount - 1);
  }
  await em.flush();
  return { postId, readingList: saved ? 'READING_LIST' : null };
}

/** /me/list/reading-list: the stories the viewer saved, newest first (empty before their first Save). */
export async function readingListPage(
  em: EntityManager,
  viewer: User,
  cursor: ScoreCursor | null | undefined,
) {
  const list = await em.findOne(Catalog, { creator: viewer.id, predefined: 'READING_LIST' });
  if (!list) return { itemCount: 0, posts: [], next: null };
  return { itemCount: list.itemsCount, ...(await listItemsPage(em, list, cursor)) };
}
