import type { EntityManager, FilterQuery, FindOptions, Loaded } from '@mikro-orm/postgresql';
import { Catalog, CatalogItem, Clap, Highlight, Post, type User } from '@quire/db';
import { accessTexts, parsePostId, truncate } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import {
  can,
  enforce,
  LISTED_STORY,
  listsVisibleTo,
  loadPolicyViewer,
  READABLE_POST,
  READABLE_POST_SQL,
} from '../policies';
import {
  afterTime,
  cardsInOrder,
  DISCOVERY_PAGE_SIZE,
  pageOf,
  type ScoreCursor,
  type TimeCursor,
} from './discovery';
import { CARD_FIELDS, postCard, postPath } from './posts';

/*
 * A writer's public activity on their profile (spec §2 /@{username}/responses, has-recommended, highlights,
 * lists, list/{catalogSlugId}). Only what anyone may read is listed: published, non-unlisted stories; a
 * members-only story's text (a highlight's quote) only for readers entitled to it; private lists only for
 * their creator.
 */

/** Characters of a response shown on the writer's responses page. */
export const RESPONSE_PREVIEW_CHARS = 200;

/** Paragraph types that title a response rather than say it. */
const HEADING = /^(H[1-4]|COVER_TITLE|SECTION_CAPTION)$/;

/** A published response may be listed when it, and the story it answers, are readable by anyone. */
const LISTED_RESPONSE = { ...READABLE_POST, inResponseToPost: READABLE_POST } as const;

/** Where a time-ordered page starts and how long it is. */
interface TimePageArgs {
  cursor: TimeCursor | null | undefined;
  limit: number;
}

/** One page of `entity` rows matching `where`, newest `field` first (then id), after the cursor. */
async function newestFirst<E extends { id: string }, const F extends string = never>(
  em: EntityManager,
  entity: new (...args: never[]) => E,
  field: NoInfer<keyof E & string>,
  where: FilterQuery<NoInfer<E>>,
  { cursor, limit }: TimePageArgs,
  fields?: FindOptions<NoInfer<E>, never, F>['fields'],
): Promise<{ rows: Loaded<E, never, F>[]; next: TimeCursor | null }> {
  const rows = await em.find(entity, { $and: [where, afterTime<E>(field, cursor)] } as FilterQuery<E>, {
    fields,
    orderBy: { [field]: 'desc', id: 'desc' } as never,
    limit: limit + 1,
  });
  return pageOf(rows, limit, (r) => {
    const row = r as unknown as E;
    return { at: ((row[field] as Date | null) ?? new Date(0)).toISOString(), id: row.id };
  });
}

/** The writer's published responses, newest first, each with the story it responds to. */
export async function responsesPage(
  em: EntityManager,
  writer: User,
  cursor: TimeCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const { rows: page, next } = await newestFirst(
    em,
    Post,
    'latestPublishedAt',
    { $and: [{ creator: writer.id }, LISTED_RESPONSE] },
    { cursor, limit },
    [
      ...CARD_FIELDS,
      'content',
      'inResponseToPost.id',
      'inResponseToPost.title',
      'inResponseToPost.uniqueSlug',
      'inResponseToPost.creator.id',
      'inResponseToPost.creator.name',
      'inResponseToPost.creator.username',
      'inResponseToPost.creator.imageId',
      'inResponseToPost.collection.id',
      'inResponseToPost.collection.name',
      'inResponseToPost.collection.slug',
    ],
  );
  return {
    responses: page.map((r) => {
      const parent = r.inResponseToPost!;
      const text = r.content.paragraphs.find((p) => !HEADING.test(p.type) && p.text?.trim())?.text ?? '';
      return {
        ...postCard(r),
        // A members-only response's text is for members: the card alone is listed.
        preview: r.isLocked ? null : truncate(text, RESPONSE_PREVIEW_CHARS),
        inResponseTo: {
          id: parent.id,
          title: parent.title,
          mediumUrl: postPath({
            id: parent.id,
            title: parent.title,
            uniqueSlug: parent.uniqueSlug,
            creator: parent.creator,
            collection: parent.collection ?? null,
          }),
        },
      };
    }),
    next,
  };
}

/** Stories the writer clapped for, most recently clapped first (spec §2 has-recommended). */
export async function recommendedPage(
  em: EntityManager,
  writer: User,
  cursor: TimeCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const { rows, next } = await newestFirst(
    em,
    Clap,
    'updatedAt',
    { user: writer.id, post: LISTED_STORY },
    { cursor, limit },
    ['updatedAt', 'post'],
  );
  return {
    posts: await cardsInOrder(
      em,
      rows.map((c) => c.post.id),
    ),
    next,
  };
}

/** The writer's highlights, newest first, each with its story; a members-only quote only for the entitled. */
export async function highlightsPage(
  em: EntityManager,
  writer: User,
  viewer: User | null,
  cursor: TimeCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const { rows: page, next } = await newestFirst(
    em,
    Highlight,
    'createdAt',
    { user: writer.id, post: READABLE_POST },
    { cursor, limit },
    ['createdAt', 'quote', 'post'],
  );
  const reader = await loadPolicyViewer(em, viewer);
  const cards = new Map(
    (
      await cardsInOrder(
        em,
        page.map((h) => h.post.id),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    highlights: page.flatMap((h) => {
      const post = cards.get(h.post.id);
      if (!post) return [];
      const entitled = can(reader, 'readListedText', post);
      return [{ id: h.id, createdAt: h.createdAt.toISOString(), quote: entitled ? h.quote : null, post }];
    }),
    next,
  };
}

/** A reader-made list (not a predefined reading list, series or topic catalog) of the writer. */
const userList = (writer: User) => ({ creator: writer.id, type: 'LISTS', predefined: null }) as const;

/** How many listed stories each list holds (what its page shows). */
async function storyCounts(em: EntityManager, catalogIds: string[]) {
  if (!catalogIds.length) return new Map<string, number>();
  const rows: { catalog_id: string; n: number | string }[] = await em.getConnection().execute(
    `select ci.catalog_id, count(*)::int as n
       from catalog_items ci join posts p on p.id = ci.post_id
      where ci.catalog_id in (${catalogIds.map(() => '?').join(', ')}) and ci.item_type = 'POST'
        and ${READABLE_POST_SQL}
      group by ci.catalog_id`,
    catalogIds,
  );
  return new Map(rows.map((r) => [r.catalog_id, Number(r.n)]));
}

/** Spec §2 list/{catalogSlugId}: '{slug}-{id}', or the id alone. */
export const catalogSlugId = (catalog: Pick<Catalog, 'id' | 'slug'>) =>
  catalog.slug ? `${catalog.slug}-${catalog.id}` : catalog.id;

const listSummary = (catalog: Catalog, itemCount: number) => ({
  id: catalog.id,
  name: catalog.name,
  description: catalog.description,
  catalogSlugId: catalogSlugId(catalog),
  isPrivate: catalog.visibility !== 'PUBLIC',
  itemCount,
});

/** The writer's lists, newest first: public ones, and private ones too when the writer is looking. */
export async function listsPage(
  em: EntityManager,
  writer: User,
  viewer: User | null,
  cursor: TimeCursor | null | undefined,
  limit = DISCOVERY_PAGE_SIZE,
) {
  const { rows: page, next } = await newestFirst(
    em,
    Catalog,
    'createdAt',
    { $and: [userList(writer), listsVisibleTo(viewer?.id ?? null)] },
    { cursor, limit },
  );
  const counts = await storyCounts(
    em,
    page.map((c) => c.id),
  );
  return { lists: page.map((c) => listSummary(c, counts.get(c.id) ?? 0)), next };
}

const listNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: accessTexts.listNotFound });

/** A list of the writer's by its slug-id; NOT_FOUND when it is not theirs or private to someone else. */
export async function visibleList(em: EntityManager, writer: User, viewer: User | null, slugId: string) {
  // A list's slug-id ends in its id, as a story's does (spec §2 URL shapes).
  const id = parsePostId(slugId);
  const catalog = id ? await em.findOne(Catalog, { id, ...userList(writer) }) : null;
  if (!catalog) throw listNotFound();
  await enforce(em, viewer, 'viewList', catalog);
  return catalog;
}

/** Spec §2 /@{username}/list/{catalogSlugId}: the list's header. */
export async function listHeader(em: EntityManager, catalog: Catalog) {
  const counts = await storyCounts(em, [catalog.id]);
  return listSummary(catalog, counts.get(catalog.id) ?? 0);
}

/** The list's stories in the creator's order (position, then id), one page after `cursor`. */
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
    {
      $and: [{ catalog: catalog.id, itemType: 'POST', post: READABLE_POST }, after],
    },
    { fields: ['position', 'post'], orderBy: { position: 'asc', id: 'asc' }, limit: limit + 1 },
  );
  const { rows, next } = pageOf(items, limit, (i) => ({ score: i.position, id: i.id }));
  return {
    posts: await cardsInOrder(
      em,
      rows.map((i) => i.post!.id),
    ),
    next,
  };
}
