import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Post, PostTag } from '@quire/db';
import { LISTED_STORY, PUBLICATION_STORY } from '../policies';
import { afterTime, pageOf, type TimeCursor } from './keyset';
import { CARD_FIELDS, postCard } from './posts';

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

/** Stories carrying a tag (a subquery on post_tags, so the list stays one keyset query). */
export function taggedWith(em: EntityManager, tagIds: string | string[]): FilterQuery<Post> {
  const tags = em
    .createQueryBuilder(PostTag, 'pt')
    .select('pt.post')
    .where({ tag: { $in: Array.isArray(tagIds) ? tagIds : [tagIds] } });
  return { id: { $in: tags.toRaw() as unknown as string[] } };
}
