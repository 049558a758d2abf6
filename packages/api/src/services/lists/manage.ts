import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Catalog, CatalogItem, type User } from '@quire/db';
import { LIST_ITEMS_MAX, type ListFields, listTexts, SAVE_CHOICES_MAX, slugify } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import { lockUntilCommit } from '../locks';
import { readableStory } from '../posts';
import { listHeader, READER_LIST, readerListById } from './read';

/*
 * A reader's own lists (spec §3 Catalog): create, rename, describe, make private, delete; add, remove,
 * reorder and annotate stories. Only the creator changes a list (policy editList). Each runs in the caller's
 * transaction.
 */

/** The slug part of a list's slug-id. */
const listSlug = (name: string) => slugify(name).slice(0, 100);

/** A reader list the viewer may change, locked until commit so item positions and counts stay consistent. */
async function editableList(em: EntityManager, viewer: User, catalogId: string) {
  const list = await readerListById(em, catalogId);
  await enforce(em, viewer, 'editList', list);
  await lockUntilCommit(em, `list:${list.id}`);
  return list;
}

/** A new list of the viewer's, empty. */
export async function createList(em: EntityManager, viewer: User, fields: ListFields) {
  const list = em.create(Catalog, {
    creator: viewer,
    name: fields.name,
    description: fields.description,
    slug: listSlug(fields.name),
    type: 'LISTS',
    visibility: fields.isPrivate ? 'PRIVATE' : 'PUBLIC',
  });
  await em.flush();
  return listHeader(em, list);
}

/** Renames, describes or changes the visibility of one of the viewer's lists. */
export async function updateList(em: EntityManager, viewer: User, catalogId: string, fields: ListFields) {
  const list = await editableList(em, viewer, catalogId);
  list.name = fields.name;
  list.slug = listSlug(fields.name);
  list.description = fields.description;
  list.visibility = fields.isPrivate ? 'PRIVATE' : 'PUBLIC';
  await em.flush();
  return listHeader(em, list);
}

/** Deletes one of the viewer's lists; its stories stay where they are. */
export async function deleteList(em: EntityManager, viewer: User, catalogId: string) {
  const list = await editableList(em, viewer, catalogId);
  await em.remove(list).flush();
  return { id: catalogId };
}

/**
 * Takes one more place in a catalog holding at most `max` items, or refuses with `full` (checked and counted in
 * one statement, so racing additions cannot pass it).
 */
export async function takePlace(em: EntityManager, catalogId: string, max: number, full: string) {
  const taken = await em.execute<{ items_count: number }[]>(
    'update catalogs set items_count = items_count + 1 where id = ? and items_count < ? returning items_count',
    [catalogId, max],
  );
  if (!taken.length) throw new TRPCError({ code: 'BAD_REQUEST', message: full });
}

/** Gives back a place taken with takePlace. */
export async function givePlace(em: EntityManager, catalogId: string) {
  await em.execute('update catalogs set items_count = greatest(0, items_count - 1) where id = ?', [
    catalogId,
  ]);
}

/**
 * Adds a story the viewer may read to the top of one of their lists (listed: true) or takes it out. Adding
 * what is there or removing what is not changes nothing.
 */
export async function setListItem(
  em: EntityManager,
  viewer: User,
  catalogId: string,
  postId: string,
  listed: boolean,
) {
  const list = await editableList(em, viewer, catalogId);
  const post = await readableStory(em, viewer, postId);
  const item = await em.findOne(CatalogItem, { catalog: list.id, post: post.id });
  if (listed && !item) {
    await takePlace(em, list.id, LIST_ITEMS_MAX, listTexts.full);
    const [first] = await em.find(
      CatalogItem,
      { catalog: list.id },
      { fields: ['position'], orderBy: { position: 'asc' }, limit: 1 },
    );
    em.create(CatalogItem, { catalog: list, itemType: 'POST', post, position: (first?.position ?? 1) - 1 });
    await em.flush();
  } else if (!listed && item) {
    await em.remove(item).flush();
    await em.execute('update catalogs set items_count = greatest(0, items_count - 1) where id = ?', [
      list.id,
    ]);
  }
  return { catalogId, postId, listed, name: list.name };
}

/** An item of one of the viewer's lists. */
async function itemOf(em: EntityManager, list: Catalog, itemId: string) {
  const item = await em.findOne(CatalogItem, { id: itemId, catalog: list.id });
  if (!item) throw new TRPCError({ code: 'NOT_FOUND', message: listTexts.itemNotFound });
  return item;
}

/**
 * Moves a catalog's item right after `afterItemId` (first when null), numbering its items afresh in one
 * statement; the caller has checked both items are the catalog's and holds its lock.
 */
export async function placeAfter(
  em: EntityManager,
  catalogId: string,
  itemId: string,
  afterItemId: string | null,
) {
  const rows = await em.find(
    CatalogItem,
    { catalog: catalogId },
    { fields: ['id'], orderBy: { position: 'asc', id: 'asc' } },
  );
  const order = rows.map((r) => r.id).filter((id) => id !== itemId);
  order.splice(afterItemId ? order.indexOf(afterItemId) + 1 : 0, 0, itemId);
  await em.execute(
    `update catalog_items ci set position = v.n - 1
       from unnest(string_to_array(?, ',')) with ordinality as v(id, n)
      where ci.id = v.id and ci.catalog_id = ?`,
    // Ids are hex, so a comma-joined string carries the order safely.
    [order.join(','), catalogId],
  );
  return order;
}

/** Moves an item of one of the viewer's lists right after `afterItemId` (first when null). */
export async function moveListItem(
  em: EntityManager,
  viewer: User,
  catalogId: string,
  itemId: string,
  afterItemId: string | null,
) {
  const list = await editableList(em, viewer, catalogId);
  await itemOf(em, list, itemId);
  if (afterItemId) await itemOf(em, list, afterItemId);
  return { catalogId, itemIds: await placeAfter(em, list.id, itemId, afterItemId) };
}

/** Sets the creator's note on an item; an empty note removes it. */
export async function setListItemNote(
  em: EntityManager,
  viewer: User,
  catalogId: string,
  itemId: string,
  note: string,
) {
  const list = await editableList(em, viewer, catalogId);
  const item = await itemOf(em, list, itemId);
  item.note = note || null;
  await em.flush();
  return { catalogId, itemId, note: item.note ?? null };
}

/** The viewer's lists a story can be saved to: the reading list and their own lists (not archived items). */
const savedBy = (viewer: User): FilterQuery<Catalog> => ({
  creator: viewer.id,
  $or: [{ predefined: 'READING_LIST' }, READER_LIST],
});

/**
 * What 'Save' offers for a story the viewer may read: whether it is on their reading list, and their own
 * lists, newest first, each saying whether it holds the story.
 */
export async function saveChoices(em: EntityManager, viewer: User, postId: string) {
  const post = await readableStory(em, viewer, postId);
  const lists = await em.find(
    Catalog,
    { creator: viewer.id, ...READER_LIST },
    { fields: ['name', 'visibility'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: SAVE_CHOICES_MAX },
  );
  const holding = await em.find(
    CatalogItem,
    { post: post.id, archivedAt: null, catalog: savedBy(viewer) },
    { fields: ['catalog.predefined'] },
  );
  const inList = new Set(holding.map((i) => i.catalog.id));
  return {
    postId,
    readingList: holding.some((i) => i.catalog.predefined === 'READING_LIST'),
    lists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      isPrivate: l.visibility !== 'PUBLIC',
      hasStory: inList.has(l.id),
    })),
  };
}

/** Which of `postIds` the viewer saved anywhere (reading list or a list of theirs): the Save icon's fill. */
export async function savedAmong(em: EntityManager, viewer: User, postIds: string[]) {
  if (!postIds.length) return { saved: [] };
  const items = await em.find(
    CatalogItem,
    { post: { $in: postIds }, archivedAt: null, catalog: savedBy(viewer) },
    { fields: ['post'] },
  );
  return { saved: [...new Set(items.map((i) => i.post!.id))] };
}
