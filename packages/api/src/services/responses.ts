import { randomBytes } from 'node:crypto';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Block, type Catalog, newId, Post, type User } from '@quire/db';
import {
  type Paragraph,
  type PostContent,
  RESPONSES_DEPTH_LIMIT,
  type ResponseSortType,
  readingTimeMinutes,
  responseTexts,
  truncate,
  uniqueSlug,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../policies';
import { purgeCacheTags, storyCountsTag, storyTags } from './cache-purge';
import { afterTime, type TimeCursor } from './keyset';
import { notifyMentions } from './mentions';
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
  /** Its replies (spec §3 postResponses.count of the response). */
  responsesCount: number;
  /** 1 for a response to the story, 2 for a reply to it, up to RESPONSES_DEPTH_LIMIT. */
  depth: number;
  mediumUrl: string;
}

/** Not from the spec: the most responses one page may ask for (a page is RESPONSES_FIRST_PAGE_SIZE unless asked). */
export const RESPONSES_PAGE_MAX = 25;

/**
 * The opaque cursor after a response (spec §3 pagingInfo.next.to): '{epoch ms}_{id}', with '{claps}_' in
 * front when the list is sorted by relevance.
 */
export const RESPONSE_CURSOR = /^(?:(\d{1,10})_)?(\d{1,15})_([0-9a-f]{8,16})$/;

interface ResponseCursor extends TimeCursor {
  claps: number | null;
}

function parseCursor(cursor: string | null | undefined): ResponseCursor | null {
  const match = cursor ? RESPONSE_CURSOR.exec(cursor) : null;
  if (!match) return null;
  return { claps: match[1] ? Number(match[1]) : null, at: new Date(Number(match[2])), id: match[3]! };
}

const cursorAfter = (post: Post, sort: ResponseSortType) =>
  `${sort === 'MOST_RELEVANT' ? `${post.clapCount}_` : ''}${post.latestPublishedAt!.getTime()}_${post.id}`;

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

function responseItem(post: Post, depth: number): ResponseItem {
  return {
    id: post.id,
    creator: authorSummary(post.creator),
    publishedAt: (post.latestPublishedAt ?? post.createdAt).toISOString(),
    paragraphs: post.content.paragraphs,
    clapCount: post.clapCount,
    responsesCount: post.responsesCount,
    depth,
    mediumUrl: postPath(post),
  };
}

/**
 * Where a post sits in its thread: 0 for a story, 1 for a response to it, 2 for a reply to that response…,
 * and the story at the root (null when a response above was deleted). Walks up at most one level past the
 * depth limit, in one query.
 */
export async function threadPlace(
  em: EntityManager,
  postId: string,
): Promise<{ depth: number; rootId: string | null }> {
  const rows = await em.execute<{ id: string; type: string; parent: string | null; depth: number }[]>(
    `with recursive chain(id, type, parent, depth) as (
       select id, type, in_response_to_post_id, 0 from posts where id = ?
       union all
       select p.id, p.type, p.in_response_to_post_id, c.depth + 1
         from posts p join chain c on p.id = c.parent
        where c.type = 'RESPONSE' and c.depth <= ?
     )
     select id, type, parent, depth from chain order by depth desc limit 1`,
    [postId, RESPONSES_DEPTH_LIMIT],
  );
  const top = rows[0];
  if (!top) return { depth: 0, rootId: null };
  return top.type === 'RESPONSE'
    ? { depth: top.depth + 1, rootId: null }
    : { depth: Number(top.depth), rootId: top.id };
}

/**
 * A new published response of the viewer's to a story, a response or a list (`parent`), from plain text (blank
 * lines part paragraphs); refused when the text is blank. Written when the caller flushes.
 */
export function newResponse(
  em: EntityManager,
  viewer: User,
  parent: { inResponseToPost: Post } | { inResponseToCatalog: Catalog },
  text: string,
  now: Date,
): Post {
  const content = responseContent(text);
  if (!content.paragraphs.length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: responseTexts.empty });
  }
  const id = newId();
  const title = truncate(content.paragraphs[0]?.text ?? '', RESPONSE_TITLE_CHARS);
  return em.create(Post, {
    id,
    creator: viewer,
    ...parent,
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
  const depth = parent.type === 'RESPONSE' ? (await replyPlace(em, viewer, parent.id)) + 1 : 1;
  const response = newResponse(em, viewer, { inResponseToPost: parent }, text, now);
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
  await purgeCacheTags(em, [storyCountsTag(parent.id)]);
  // The author it answers was told of the response already.
  await notifyMentions(em, viewer, response, [text], [parent.creator.id]);
  return responseItem(response, depth);
}

/**
 * The depth of the response a reader replies to, after checking that a reply may go under it: within the
 * depth limit (spec §9), and in a thread whose story the reader may respond to (its author may have closed
 * discussion, which closes every thread under it).
 */
async function replyPlace(em: EntityManager, viewer: User, responseId: string): Promise<number> {
  const place = await threadPlace(em, responseId);
  if (place.depth >= RESPONSES_DEPTH_LIMIT) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: responseTexts.tooDeep(RESPONSES_DEPTH_LIMIT) });
  }
  if (!place.rootId) throw new TRPCError({ code: 'NOT_FOUND', message: responseTexts.notFound });
  await storyFor(em, viewer, place.rootId, 'respondToPost');
  return place.depth;
}

/** Rows after `cursor` in the order of `sort`: (claps, time, id) descending for relevance, (time, id) otherwise. */
function afterResponse(sort: ResponseSortType, cursor: ResponseCursor | null): FilterQuery<Post> {
  if (!cursor) return {};
  if (sort === 'NEWEST' || cursor.claps == null) return afterTime<Post>('latestPublishedAt', cursor);
  return {
    $or: [
      { clapCount: { $lt: cursor.claps } },
      { clapCount: cursor.claps, ...(afterTime<Post>('latestPublishedAt', cursor) as object) },
    ],
  } as FilterQuery<Post>;
}

/**
 * The responses to a story, or the replies to a response (spec §3 threadedPostResponses), one keyset page
 * after `cursor`, most relevant (claps, then newest) or newest first: published, not trashed, not hidden by
 * the author of what they answer, by live accounts, and never by a writer who blocked the viewer. The viewer
 * must be able to read what they answer.
 */
export async function storyResponses(
  em: EntityManager,
  viewer: User | null,
  parentId: string,
  opts: { cursor?: string | null; limit: number; sort?: ResponseSortType },
) {
  const sort = opts.sort ?? 'NEWEST';
  const parent = await readableStory(em, viewer, parentId);
  const depth = parent.type === 'RESPONSE' ? (await threadPlace(em, parent.id)).depth + 1 : 1;
  return responsesPage(
    em,
    viewer,
    { inResponseToPost: parent.id },
    { ...opts, sort, depth, count: parent.responsesCount },
  );
}

/**
 * One keyset page of the responses matching `parent` (a story's, a response's or a list's): published, not
 * trashed or hidden, by live accounts, never by a writer who blocked the viewer; `count` and `depth` describe
 * the parent as its page shows it.
 */
export async function responsesPage(
  em: EntityManager,
  viewer: User | null,
  parent: FilterQuery<Post>,
  opts: { cursor?: string | null; limit: number; sort: ResponseSortType; depth: number; count: number },
) {
  const { sort, depth } = opts;
  const blockers = viewer
    ? (await em.find(Block, { blocked: viewer.id }, { fields: ['blocker'] })).map((b) => b.blocker.id)
    : [];
  const rows = await em.find(
    Post,
    {
      $and: [
        {
          ...(parent as object),
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
        afterResponse(sort, parseCursor(opts.cursor)),
      ],
    },
    {
      populate: ['creator'],
      orderBy:
        sort === 'MOST_RELEVANT'
          ? { clapCount: 'desc', latestPublishedAt: 'desc', id: 'desc' }
          : { latestPublishedAt: 'desc', id: 'desc' },
      limit: opts.limit + 1,
    },
  );
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    responsesCount: opts.count,
    depth,
    sort,
    limit: opts.limit,
    responses: page.map((post) => responseItem(post, depth)),
    next: rows.length > opts.limit && last?.latestPublishedAt ? cursorAfter(last, sort) : null,
  };
}

/**
 * The story's author closes its discussion (spec §5: no response or reply is saved after) or reopens it. Its
 * pages are purged, so cached copies stop offering the form.
 */
export async function setDiscussionClosed(em: EntityManager, viewer: User, postId: string, closed: boolean) {
  const post = await storyFor(em, viewer, postId, 'closeDiscussion');
  post.responsesLocked = closed;
  await em.flush();
  await purgeCacheTags(em, storyTags(post));
  return { postId: post.id, responsesLocked: closed };
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
