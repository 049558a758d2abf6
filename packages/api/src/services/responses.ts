import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Block, newId, Post, type User } from '@quire/db';
import {
  type Paragraph,
  type PostContent,
  readingTimeMinutes,
  responseTexts,
  truncate,
  uniqueSlug,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../policies';
import { afterTime } from './keyset';
import { notify } from './notifications';
import { authorSummary, postPath, readableStory, storyFor } from './posts';

/** Characters of a response's opening that become its title and slug (responses have no title of their own). */
const RESPONSE_TITLE_CHARS = 80;

/** A response as the story page lists it. */
export interface ResponseItem {
  id: string;
  creator: ReturnType<typeof authorSummary>;
  publishedAt: string;
  paragraphs: Paragraph[];
  clapCount: number;
  mediumUrl: string;
}

/** Plain text to the paragraph model: each blank-line-separated block is one paragraph. */
export function responseContent(text: string): PostContent {
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return {
    paragraphs: blocks.map((block, i) => ({
      name: `r${i.toString(16).padStart(3, '0')}`,
      type: 'P' as const,
      text: block,
      markups: [],
    })),
  };
}

function responseItem(post: Post): ResponseItem {
  return {
    id: post.id,
    creator: authorSummary(post.creator),
    publishedAt: (post.latestPublishedAt ?? post.createdAt).toISOString(),
    paragraphs: post.content.paragraphs,
    clapCount: post.clapCount,
    mediumUrl: postPath(post),
  };
}

/**
 * Spec §1 Respond: publishes the viewer's response to a story they may read. A response is a story of its own
 * on the writer's profile (spec §8 'Your response is also published as a story on your profile.'). Refused
 * when the story's author closed discussion (spec §5). The story's count moves and its author is told, folded
 * with other responses while unread, in the caller's transaction.
 */
export async function respondToStory(
  em: EntityManager,
  viewer: User,
  parentId: string,
  text: string,
  now: Date,
): Promise<ResponseItem> {
  const parent = await storyFor(em, viewer, parentId, 'respondToPost');
  const content = responseContent(text);
  if (!content.paragraphs.length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: responseTexts.empty });
  }
  const id = newId();
  const title = truncate(content.paragraphs[0]?.text ?? '', RESPONSE_TITLE_CHARS);
  const response = em.create(Post, {
    id,
    creator: viewer,
    inResponseToPost: parent,
    title,
    uniqueSlug: uniqueSlug(title, id),
    status: 'PUBLISHED',
    type: 'RESPONSE',
    visibility: 'PUBLIC',
    content,
    shareKey: randomBytes(12).toString('base64url'),
    readingTime: readingTimeMinutes(content),
    wordCount: text.split(/\s+/).filter(Boolean).length,
    firstPublishedAt: now,
    latestPublishedAt: now,
    latestRev: 1,
    latestPublishedRev: 1,
  });
  // Every response to a story waits on the same locks (the author's folded notification, the story's row)
  // until commit: take them last, after the work no other response waits on.
  await em.flush();
  await notify(em, {
    recipient: parent.creator,
    type: 'response_created_rollup',
    actor: viewer,
    post: parent,
    responsePost: response,
    occurredAt: now,
  });
  await em.execute('update posts set responses_count = responses_count + 1 where id = ?', [parent.id]);
  return responseItem(response);
}

/**
 * A story's responses, newest first, one keyset page after `cursor`: published, not trashed, not hidden by the
 * story's author, by live accounts, and never by a writer who blocked the viewer.
 */
export async function storyResponses(
  em: EntityManager,
  viewer: User | null,
  parentId: string,
  opts: { cursor?: { at: string; id: string } | null; limit: number },
) {
  const parent = await readableStory(em, viewer, parentId);
  const blockers = viewer
    ? (await em.find(Block, { blocked: viewer.id }, { fields: ['blocker'] })).map((b) => b.blocker.id)
    : [];
  const before = afterTime<Post>('latestPublishedAt', opts.cursor);
  const rows = await em.find(
    Post,
    {
      $and: [
        {
          inResponseToPost: parent.id,
          status: 'PUBLISHED',
          deletedAt: null,
          isSuspended: false,
          isResponseHidden: false,
          creator: {
            isDeleted: false,
            isSuspended: false,
            ...(blockers.length ? { id: { $nin: blockers } } : {}),
          },
        },
        before,
      ],
    },
    { populate: ['creator'], orderBy: { latestPublishedAt: 'desc', id: 'desc' }, limit: opts.limit + 1 },
  );
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    responsesCount: parent.responsesCount,
    responses: page.map(responseItem),
    next:
      rows.length > opts.limit && last?.latestPublishedAt
        ? { at: last.latestPublishedAt.toISOString(), id: last.id }
        : null,
  };
}

/**
 * Spec §6: the story's author hides a response from their story, or shows it again (§7
 * unhidePostResponseOnParentPost). The response stays on its writer's profile; only the story's list drops it.
 */
export async function setResponseHidden(
  em: EntityManager,
  viewer: User,
  parentPostId: string,
  responseId: string,
  hidden: boolean,
) {
  const response = await em.findOne(
    Post,
    { id: responseId, inResponseToPost: parentPostId },
    { populate: ['inResponseToPost.creator'] },
  );
  if (!response?.inResponseToPost)
    throw new TRPCError({ code: 'NOT_FOUND', message: responseTexts.notFound });
  await enforce(em, viewer, 'hideResponses', response.inResponseToPost);
  response.isResponseHidden = hidden;
  await em.flush();
  return { parentPostId, postResponseId: responseId, isHidden: hidden };
}
