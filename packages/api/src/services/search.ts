import { AnalyticsEvent, Collection, User } from '@quire/db';
import { accessTexts, SEARCH_HITS_PER_PAGE, SEARCH_SCOPED_POST_HITS_PER_PAGE } from '@quire/domain';
import {
  type NumericFilter,
  PostgresSearchIndex,
  type SearchEntity,
  type SearchIndex,
  type SearchQuery,
  type SearchScope,
  search,
} from '@quire/search';
import { TRPCError } from '@trpc/server';
import { can, enforce, isListedProfile, loadPolicyViewer } from '../policies';
import type { Context } from '../trpc';
import { readFlag } from './flags';

/** Spec §6 feature flag: the viewer sees search results without the high-quality filters. */
export const UNFILTERED_SEARCH_FLAG = 'can_view_unfiltered_search';

/** The configured backend (OpenSearch), or the database this request already talks to. */
export function searchIndexFor(ctx: Context): SearchIndex {
  return ctx.env.search ?? new PostgresSearchIndex(ctx.em);
}

/** Whether quality filters apply to this viewer (spec §5: unless can_view_unfiltered_search). */
export async function qualityFiltered(ctx: Context): Promise<boolean> {
  return !(await readFlag(ctx.em, UNFILTERED_SEARCH_FLAG, ctx.viewer));
}

/** The publication or profile a search is scoped to (spec §2 "From this Publication / Profile"). */
export type ResolvedScope =
  | { kind: 'collection'; id: string; name: string; slug: string }
  | { kind: 'user'; id: string; name: string; username: string };

/** Finds the scope's publication (by slug) or profile (by username); NOT_FOUND when there is none. */
export async function resolveScope(
  ctx: Context,
  scope: { collectionSlug: string } | { username: string },
): Promise<ResolvedScope> {
  if ('collectionSlug' in scope) {
    const c = await ctx.em.findOne(Collection, { slug: scope.collectionSlug });
    if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: accessTexts.publicationNotFound });
    await enforce(ctx.em, ctx.viewer, 'viewPublication', c);
    return { kind: 'collection', id: c.id, name: c.name, slug: c.slug };
  }
  const u = await ctx.em.findOne(User, { username: scope.username });
  if (!u || !isListedProfile(u))
    throw new TRPCError({ code: 'NOT_FOUND', message: accessTexts.profileNotFound });
  await enforce(ctx.em, ctx.viewer, 'viewProfile', u);
  return { kind: 'user', id: u.id, name: u.name, username: u.username };
}

export const scopeFilter = (scope: ResolvedScope | null): SearchScope | null =>
  scope ? (scope.kind === 'collection' ? { collectionId: scope.id } : { authorId: scope.id }) : null;

/** Spec §9: 3 hits per section, 8 for posts on publication and profile pages. */
export const defaultHitsPerPage = (entity: SearchEntity, scoped: boolean) =>
  entity === 'post' && scoped ? SEARCH_SCOPED_POST_HITS_PER_PAGE : SEARCH_HITS_PER_PAGE;

/**
 * Runs queries with the server's own filters: the quality filter on people and publications unless the
 * viewer may see unfiltered results (a request cannot lift it). Stories are not filtered by their writer
 * (spec §5 filters writers and publications; every public story stays findable) unless a request asks for
 * highQualityUser:true itself. Members also match members-only stories past their locked preview.
 */
export async function runSearch(
  ctx: Context,
  queries: Array<{
    entity: SearchEntity;
    query: string;
    hitsPerPage: number;
    page: number;
    scope?: SearchScope | null;
    numericFilters?: NumericFilter[];
    /** The client asked for the high-quality filter itself. */
    highQualityRequested?: boolean;
  }>,
) {
  const [filtered, reader] = await Promise.all([qualityFiltered(ctx), loadPolicyViewer(ctx.em, ctx.viewer)]);
  // Spec §4 Block: a blocked reader no longer sees the blocker's profile or stories (left out in the query).
  const hiddenUserIds = [...reader.blockedBy];
  // Members search members-only text too: the policy's member rule.
  const membersText = can(reader, 'useMemberFeatures');
  const prepared: SearchQuery[] = queries.map((q) => ({
    entity: q.entity,
    query: q.query,
    hitsPerPage: q.hitsPerPage,
    page: q.page,
    scope: q.entity === 'post' ? (q.scope ?? null) : null,
    numericFilters: q.numericFilters ?? [],
    highQualityOnly: q.entity !== 'tag' && (!!q.highQualityRequested || (filtered && q.entity !== 'post')),
    membersText: q.entity === 'post' && membersText,
    hiddenUserIds,
  }));
  return search(searchIndexFor(ctx), prepared);
}

/** The analytics event key of a search click (spec §7 searchClickEvent). */
export const SEARCH_CLICK_EVENT_KEY = 'search.click';

/** Spec §7 searchClickEvent: records which hits of a query were clicked, as an analytics event. */
export async function recordSearchClick(
  ctx: Context,
  click: { queryId: string; indexName: string; objectIds: string[]; positions: number[] },
): Promise<true> {
  const event = {
    key: SEARCH_CLICK_EVENT_KEY,
    type: 'e',
    data: { ...click, loggedIn: !!ctx.viewer },
    user: ctx.viewer?.id ?? null,
    visitorId: ctx.visitor.id.length <= 16 ? ctx.visitor.id : null,
    occurredAt: ctx.now(),
  };
  await ctx.em.transactional(async (em) => {
    em.create(AnalyticsEvent, event);
  });
  return true;
}
