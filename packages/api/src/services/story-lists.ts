import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Post, PostTag, preparedRows } from '@quire/db';
import { LISTED_STORY, LISTED_STORY_SQL, PUBLICATION_STORY, PUBLICATION_STORY_SQL } from '../policies';
import { storyOwnTags } from './cache-purge';
import { afterTime, pageOf, type TimeCursor } from './keyset';
import {
  CARD_COLUMNS_SQL,
  CARD_FIELDS,
  CARD_JOINS_SQL,
  type CardRow,
  cardOfRow,
  type PostCard,
  postCard,
} from './posts';
import { deepFrozen, SharedReads } from './shared-reads';

/*
 * Story lists newest first (a writer's stories, a publication's home and archive, a tag's stories), each one
 * keyset query over (latestPublishedAt, id).
 */

export const STORY_PAGE_SIZE = 20;

/**
 * One page of listed stories matching `where` (a publication's own pages: its stories, `inPublication`),
 * newest first, as cards, with the cursor of the next page (null at the end).
 */
export async function storyPage(
  em: EntityManager,
  where: FilterQuery<Post>,
  cursor: TimeCursor | null | undefined,
  { limit = STORY_PAGE_SIZE, inPublication = false }: { limit?: number; inPublication?: boolean } = {},
) {
  const posts = await em.find(
    Post,
    {
      $and: [
        inPublication ? PUBLICATION_STORY : LISTED_STORY,
        afterTime<Post>('latestPublishedAt', cursor),
        where,
      ],
    },
    {
      fields: CARD_FIELDS,
      strategy: 'joined',
      orderBy: { latestPublishedAt: 'desc', id: 'desc' },
      limit: limit + 1,
    },
  );
  const { rows, next } = pageOf(posts, limit, (p) =>
    p.latestPublishedAt ? { at: p.latestPublishedAt.toISOString(), id: p.id } : null,
  );
  return { posts: rows.map(postCard), next };
}

/** Where listedStoryPage reads: the rows, which of them, and the order's time and id columns. */
const LISTED_STORY_SOURCES = {
  // A tag's rows of post_tags in the order of its (tag, published_at, post) index: a page reads about a page of
  // rows however many stories the tag has (sorting all of them cost 62 ms at 4,865 stories).
  tag: {
    from: 'post_tags pt join posts p on p.id = pt.post_id',
    where: 'pt.tag_id = ? and pt.published_at is not null',
    at: 'pt.published_at',
    id: 'pt.post_id',
    rule: LISTED_STORY_SQL,
  },
  // A writer's stories on the posts index (creator, status, latest_published_at).
  writer: {
    from: 'posts p',
    where: 'p.creator_id = ?',
    at: 'p.latest_published_at',
    id: 'p.id',
    rule: LISTED_STORY_SQL,
  },
  // A publication's stories on its own pages (whose visibility the caller checked), on the posts index
  // (collection, status, latest_published_at).
  publication: {
    from: 'posts p',
    where: 'p.collection_id = ?',
    at: 'p.latest_published_at',
    id: 'p.id',
    rule: PUBLICATION_STORY_SQL,
  },
  // Every listed story (posts.latest) on the posts index (status, latest_published_at).
  all: { from: 'posts p', where: 'true', at: 'p.latest_published_at', id: 'p.id', rule: LISTED_STORY_SQL },
} as const;

/** A page of a listing: its stories' cards and the cursor of the next page (null at the end). */
export interface ListedPage {
  posts: PostCard[];
  next: { at: string; id: string } | null;
}

/**
 * Listings' first pages, kept frozen (their cards' kept parts keep their keys), with their owner's surrogate key. A
 * purge naming the topic, writer or publication listed, or one of the page's stories, its writer or its publication,
 * drops the page at once (a story published, locked, deleted or moved, a writer's account changed); a story from
 * another writer in every story's list shows within the time kept, as in the For you candidates.
 */
const keptFirstPages = new SharedReads<{ page: ListedPage; ownerTag: string | null }>(1000, {
  tagsOf: ({ page, ownerTag }) => [...(ownerTag ? [ownerTag] : []), ...page.posts.flatMap(storyOwnTags)],
});

/** The surrogate key of what a listing lists (a topic's, a writer's or a publication's stories), purged on a publish. */
const OWNER_TAG = { tag: 'tag-', writer: 'user-', publication: 'collection-' } as const;

/**
 * A tag's (topic page), a writer's (profile) or, with `of` null, every listed story, or a publication's stories on its
 * own pages, newest first, paged as storyPage pages: one prepared statement with the cards' columns, where storyPage
 * builds an ORM query and maps entities on every request.
 * Its first page (no cursor) is the same for every reader, so a process may keep it for `cacheMs` (`keptFirstPages`).
 */
export async function listedStoryPage(
  em: EntityManager,
  of: { tagId: string } | { writerId: string } | { publicationId: string } | null,
  cursor: TimeCursor | null | undefined,
  { limit = STORY_PAGE_SIZE, cacheMs = 0 }: { limit?: number; cacheMs?: number } = {},
): Promise<ListedPage> {
  const [kind, id] =
    of === null
      ? (['all', null] as const)
      : 'tagId' in of
        ? (['tag', of.tagId] as const)
        : 'writerId' in of
          ? (['writer', of.writerId] as const)
          : (['publication', of.publicationId] as const);
  const read = async (): Promise<ListedPage> => {
    const source = LISTED_STORY_SOURCES[kind];
    const rows = await preparedRows<CardRow>(
      em,
      `select ${CARD_COLUMNS_SQL} from ${source.from} ${CARD_JOINS_SQL}
        where ${source.where} and ${source.rule}
          ${cursor ? `and (${source.at}, ${source.id}) < (?::timestamptz, ?)` : ''}
        order by ${source.at} desc, ${source.id} desc limit ?`,
      [...(id === null ? [] : [id]), ...(cursor ? [new Date(cursor.at), cursor.id] : []), limit + 1],
    );
    const { rows: page, next } = pageOf(rows, limit, (r) =>
      r.latest_published_at === null ? null : { at: new Date(r.latest_published_at).toISOString(), id: r.id },
    );
    return { posts: page.map(cardOfRow), next };
  };
  if (cursor || cacheMs <= 0) return read();
  const ownerTag = kind === 'all' ? null : `${OWNER_TAG[kind]}${id}`;
  const kept = await keptFirstPages.get(`${kind}:${id}:${limit}`, cacheMs, async () => ({
    page: deepFrozen(await read()),
    ownerTag,
  }));
  return kept.page;
}

/** Stories carrying a tag (a subquery on post_tags, so the list stays one keyset query). */
export function taggedWith(em: EntityManager, tagIds: string | string[]): FilterQuery<Post> {
  const tags = em
    .createQueryBuilder(PostTag, 'pt')
    .select('pt.post')
    .where({ tag: { $in: Array.isArray(tagIds) ? tagIds : [tagIds] } });
  return { id: { $in: tags.toRaw() as unknown as string[] } };
}
