import type { EntityManager } from '@mikro-orm/postgresql';
import { Clap, Highlight, Post, type User } from '@quire/db';
import { truncate } from '@quire/domain';
import { can, LISTED_STORY, loadPolicyViewer, READABLE_POST } from '../policies';
import { cardsInOrder, DISCOVERY_PAGE_SIZE, type TimeCursor } from './discovery';
import { newestFirst } from './keyset';
import { CARD_FIELDS, postCard, postPath } from './posts';

/*
 * A writer's public activity on their profile (spec §2 /@{username}/responses, has-recommended, highlights,
 * a writer's lists are in lists/read.ts). Only what anyone may read is listed: published, non-unlisted
 * stories; a members-only story's text (a highlight's quote) only for readers entitled to it.
 */

/** Characters of a response shown on the writer's responses page. */
export const RESPONSE_PREVIEW_CHARS = 200;

/** Paragraph types that title a response rather than say it. */
const HEADING = /^(H[1-4]|COVER_TITLE|SECTION_CAPTION)$/;

/** A published response may be listed when it, and the story it answers, are readable by anyone. */
const LISTED_RESPONSE = { ...READABLE_POST, inResponseToPost: READABLE_POST } as const;

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
