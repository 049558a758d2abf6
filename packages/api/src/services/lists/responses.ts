import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import { type ResponseSortType, responseTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import { notify } from '../notifications';
import { newResponse, responsesPage } from '../responses';
import { moveCounter } from './engage';
import { readerListById, visibleListById } from './read';

/*
 * Responses on a list (spec §3 Catalog responsesCount, threadedCatalogResponses; §7 catalog responses refetch,
 * showCatalogResponseOnParent; §8 'Response has been hidden from this list.'): readers respond to a list they
 * may see, as to a story; its creator is told, hides a response and shows it again, and closes discussion.
 */

/** Publishes the viewer's response to a list (policy respondToList); the list's creator is told. */
export async function respondToList(
  em: EntityManager,
  viewer: User,
  catalogId: string,
  text: string,
  now: Date,
) {
  const list = await readerListById(em, catalogId);
  await enforce(em, viewer, 'respondToList', list);
  const response = newResponse(em, viewer, { inResponseToCatalog: list }, text, now);
  await em.flush();
  await notify(em, {
    recipient: list.creator,
    type: 'catalog_response_created',
    actor: viewer,
    catalog: list,
    responsePost: response,
    occurredAt: now,
  });
  await moveCounter(em, list, 'responses_count', 1);
  return { id: response.id, catalogId: list.id };
}

/** Spec §3 threadedCatalogResponses: a list's responses, one keyset page, most relevant or newest first. */
export async function listResponses(
  em: EntityManager,
  viewer: User | null,
  catalogId: string,
  opts: { cursor?: string | null; limit: number; sort?: ResponseSortType },
) {
  const list = await visibleListById(em, viewer, catalogId);
  return responsesPage(
    em,
    viewer,
    { inResponseToCatalog: list.id },
    { ...opts, sort: opts.sort ?? 'MOST_RELEVANT', depth: 1, count: list.responsesCount },
  );
}

/** The list's creator hides a response from the list, or shows it again (§7 showCatalogResponseOnParent). */
export async function setListResponseHidden(
  em: EntityManager,
  viewer: User,
  catalogId: string,
  responseId: string,
  hidden: boolean,
) {
  const list = await readerListById(em, catalogId);
  await enforce(em, viewer, 'editList', list);
  const response = await em.findOne(Post, { id: responseId, inResponseToCatalog: list.id });
  if (!response) throw new TRPCError({ code: 'NOT_FOUND', message: responseTexts.notFound });
  response.isResponseHidden = hidden;
  await em.flush();
  return { parentCatalogId: list.id, catalogResponseId: response.id, isHidden: hidden };
}

/** The list's creator closes its discussion (no response is saved after) or reopens it. */
export async function setListDiscussionClosed(
  em: EntityManager,
  viewer: User,
  catalogId: string,
  closed: boolean,
) {
  const list = await readerListById(em, catalogId);
  await enforce(em, viewer, 'editList', list);
  list.responsesLocked = closed;
  await em.flush();
  return { catalogId: list.id, responsesLocked: closed };
}
