import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Catalog, CatalogFollow, CatalogItem, type User } from '@quire/db';
import { accessTexts, catalogSlugId, parsePostId } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce, listsVisibleTo, READABLE_POST, READABLE_POST_SQL } from '../../policies';
import { cardsInOrder, DISCOVERY_PAGE_SIZE } from '../discovery';
import { afterScore, newestFirst, pageOf, type ScoreCursor, type TimeCursor } from '../keyset';

/*
 * Reading reader lists (spec §3 Catalog): a writer's lists on their profile, one list and its stories, the
 * lists a reader follows and the most followed public lists. Private lists are seen by their creator alone.
 */

/** A reader-made list: not a predefined reading list, series or topic catalog. */
export const READER_LIST = { type: 'LISTS', predefined: null } as const satisfies FilterQuery<Catalog>;

/** A reader-made list of the writer. */
const userList = (writer: User) => ({ creator: writer.id, ...READER_LIST }) as const;

/** How many listed stories each list holds (what its page shows). */
async function storyCounts(em: EntityManager, catalogIds: string[]) {
  if (!catalogIds.length) return new Map<string, number>();
  const rows: { catalog_id: string; n: number | string }[] = await em.execute(
    `select ci.catalog_id, count(*)::int as n
       from catalog_items ci join posts p on p.id = ci.post_id
      where ci.catalog_id in (${catalogIds.map(() => '?').join(', ')}) and ci.item_type = 'POST'
        and ${READABLE_POST_SQL}
      group by ci.catalog_id`,
    catalogIds,
  );
  return new Map(rows.map((r) => [r.catalog_id, Number(r.n)]));
}

/** A list as cards and headers show it. */
function listSummary(catalog: Catalog, itemCount: number) {
  return {
    id: catalog.id,
    name: catalog.name,
    description: catalog.description,
    catalogSlugId: catalogSlugId(catalog),
    isPrivate: catalog.visibility !== 'PUBLIC',
    itemCount,
    followerCount: catalog.followerCount,
    clapCount: catalog.clapCount,
    responsesCount: catalog.responsesCount,
    responsesLocked: catalog.responsesLocked,
    creator: {
      id: catalog.creator.id,
      username: catalog.creator.username,
      name: catalog.creator.name,
      imageId: catalog.creator.imageId ?? null,
    },
  };
}
export type ListSummary = ReturnType<typeof listSummary>;

/** Summaries of `lists` (loaded with their creators) with their listed story counts. */
export async function listSummaries(em: EntityManager, lists: Catalog[]): Promise<ListSummary[]> {
  const counts = await storyCounts(
    em,
    lists.map((c) => c.id),
  );
  return lists.map((c) => listSummary(c, counts.get(c.id) ?? 0));
}

/** The writer's lists, newest first: public ones, and private ones too when the writer is looking. */
export async function listsPage(
  em: EntityManager,
  writer: User,
  viewer: User | null,
  cursor: TimeCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const { rows, next } = await newestFirst(
    em,
    Catalog,
    'createdAt',
    { $and: [userList(writer), listsVisibleTo(viewer?.id ?? null)] },
    { cursor, limit },
  );
  await em.populate(rows, ['creator']);
  return { lists: await listSummaries(em, rows), next };
}

const listNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: accessTexts.listNotFound });

/** A reader list by id with its creator, whatever the viewer may do with it (each caller asks the policy). */
export async function readerListById(em: EntityManager, catalogId: string) {
  const list = await em.findOne(Catalog, { id: catalogId, ...READER_LIST }, { populate: ['creator'] });
  if (!list) throw listNotFound();
  return list;
}

/** A reader list by id the viewer may see; NOT_FOUND for an unknown id or someone else's private list. */
export async function visibleListById(em: EntityManager, viewer: User | null, id: string) {
  const catalog = await readerListById(em, id);
  await enforce(em, viewer, 'viewList', catalog);
  return catalog;
}

/** A reader list by its slug-id ('{slug}-{id}' or the id), with its header; NOT_FOUND as visibleListById. */
export async function listBySlugId(em: EntityManager, viewer: User | null, slugId: string) {
  const id = parsePostId(slugId);
  if (!id) throw listNotFound();
  return listHeader(em, await visibleListById(em, viewer, id));
}

/** A list of the writer's by its slug-id; NOT_FOUND when it is not theirs or private to someone else. */
export async function visibleList(em: EntityManager, writer: User, viewer: User | null, slugId: string) {
  // A list's slug-id ends in its id, as a story's does (spec §2 URL shapes).
  const id = parsePostId(slugId);
  const catalog = id
    ? await em.findOne(Catalog, { id, ...userList(writer) }, { populate: ['creator'] })
    : null;
  if (!catalog) throw listNotFound();
  await enforce(em, viewer, 'viewList', catalog);
  return catalog;
}

/** Spec §2 /@{username}/list/{catalogSlugId}: the list's header. */
export async function listHeader(em: EntityManager, catalog: Catalog): Promise<ListSummary> {
  const [summary] = await listSummaries(em, [catalog]);
  return summary!;
}

/**
 * The list's stories in the creator's order (position, then id), one page after `cursor`, each with its
 * item id and the creator's note on it.
 */
export async function listItemsPage(
  em: EntityManager,
  catalog: Catalog,
  cursor: ScoreCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const after = cursor
    ? { $or: [{ position: { $gt: cursor.score } }, { position: cursor.score, id: { $gt: cursor.id } }] }
    : {};
  const items = await em.find(
    CatalogItem,
    { $and: [{ catalog: catalog.id, itemType: 'POST', post: READABLE_POST }, after] },
    { fields: ['position', 'post', 'note'], orderBy: { position: 'asc', id: 'asc' }, limit: limit + 1 },
  );
  const { rows, next } = pageOf(items, limit, (i) => ({ score: i.position, id: i.id }));
  const cards = new Map(
    (
      await cardsInOrder(
        em,
        rows.map((i) => i.post!.id),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    posts: rows.flatMap((i) => {
      const card = cards.get(i.post!.id);
      return card ? [{ ...card, listItem: { id: i.id, note: i.note ?? null } }] : [];
    }),
    next,
  };
}

/** Spec §2 /me/lists/following: the public lists the viewer follows, most recently followed first. */
export async function followedListsPage(
  em: EntityManager,
  viewer: User,
  cursor: TimeCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const { rows, next } = await newestFirst(
    em,
    CatalogFollow,
    'createdAt',
    { follower: viewer.id, catalog: { $and: [READER_LIST, listsVisibleTo(viewer.id)] } },
    { cursor, limit },
    ['createdAt', 'catalog'],
  );
  const lists = await em.find(
    Catalog,
    { id: { $in: rows.map((f) => f.catalog.id) } },
    { populate: ['creator'] },
  );
  const byId = new Map(lists.map((c) => [c.id, c]));
  return {
    lists: await listSummaries(
      em,
      rows.flatMap((f) => byId.get(f.catalog.id) ?? []),
    ),
    next,
  };
}

/** Spec §2 /collections: public lists with stories in them, most followed first. */
export async function popularListsPage(
  em: EntityManager,
  cursor: ScoreCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const lists = await em.find(
    Catalog,
    {
      $and: [
        READER_LIST,
        listsVisibleTo(null),
        { itemsCount: { $gt: 0 } },
        { creator: { isDeleted: false, isSuspended: false } },
        afterScore<Catalog>('followerCount', cursor),
      ],
    },
    { populate: ['creator'], orderBy: { followerCount: 'desc', id: 'desc' }, limit: limit + 1 },
  );
  const { rows, next } = pageOf(lists, limit, (c) => ({ score: c.followerCount, id: c.id }));
  return { lists: await listSummaries(em, rows), next };
}
